// An invoice's status as the owner and the client read it (issue 26): one list for the
// admin's invoice page and the portal. A module of its own so the browser's
// pages can import it without the payload schemas (and drizzle) behind them.
export const INVOICE_STATUS_LABELS: Record<string, string> = {
  draft: 'Draft',
  sent: 'Sent',
  viewed: 'Viewed',
  partially_paid: 'Partially paid',
  paid: 'Paid',
  void: 'Void',
}
