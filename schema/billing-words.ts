// The words of billing (issue 34): invoice statuses, invoice sources and
// payment methods, each an `as const` list with its labels. Everything else
// imports them from here: the services, the payload schemas, the GraphQL enums
// (schema/graphql-enums.ts), the admin and the portal. The database refuses
// any other value (triggers of the billing_words migration, whose lists a
// test compares with these). A module without imports, so the browser's pages
// can use it without the payload schemas (and drizzle) behind them.

export const INVOICE_STATUSES = ['draft', 'sent', 'viewed', 'partially_paid', 'paid', 'void'] as const
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number]

/** An invoice's status as the owner and the client read it. */
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  viewed: 'Viewed',
  partially_paid: 'Partially paid',
  paid: 'Paid',
  void: 'Void',
}

/** Statuses of an invoice the client still owes on: the only ones that take a payment. */
export const OPEN_STATUSES = ['sent', 'viewed', 'partially_paid'] as const satisfies readonly InvoiceStatus[]

export const isOpenStatus = (status: string): boolean => (OPEN_STATUSES as readonly string[]).includes(status)

/** The label of a stored status (the stored value itself if it were ever unknown). */
export const invoiceStatusLabel = (status: string): string =>
  INVOICE_STATUS_LABELS[status as InvoiceStatus] ?? status

/**
 * An invoice's status as the client reads it in the portal and e-mails:
 * whether the client has opened it ("Sent" / "Viewed") is the owner's
 * business, so both read as what the client must do (issue 52).
 */
export const CLIENT_INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  ...INVOICE_STATUS_LABELS,
  sent: 'Awaiting payment',
  viewed: 'Awaiting payment',
}

export const clientInvoiceStatusLabel = (status: string): string =>
  CLIENT_INVOICE_STATUS_LABELS[status as InvoiceStatus] ?? status

export const INVOICE_SOURCES = ['time', 'quote', 'block', 'manual', 'credit'] as const
export type InvoiceSource = (typeof INVOICE_SOURCES)[number]

export const INVOICE_SOURCE_LABELS: Record<InvoiceSource, string> = {
  time: 'Time',
  quote: 'Quote',
  block: 'Prepaid block',
  manual: 'Manual lines',
  credit: 'Credit note',
}

/** Which part of an accepted quote an invoice bills (one live invoice per quote and part). */
export const QUOTE_PARTS = ['deposit', 'remainder', 'full'] as const
export type QuotePart = (typeof QUOTE_PARTS)[number]

export const PAYMENT_METHODS = ['stripe', 'bank transfer', 'check', 'cash', 'card', 'other'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  stripe: 'Stripe',
  'bank transfer': 'Bank transfer',
  check: 'Check',
  cash: 'Cash',
  card: 'Card',
  other: 'Other',
}

/** What the owner records by hand; Stripe's payments come only from the webhook. */
export const MANUAL_PAYMENT_METHODS = [
  'bank transfer',
  'check',
  'cash',
  'card',
  'other',
] as const satisfies readonly PaymentMethod[]

/** Why a payment was kept unmatched instead of being recorded on an invoice. */
export const UNMATCHED_REASONS = {
  unknown_invoice: 'No invoice has the number it names',
  not_open: 'The invoice is not sent and unpaid (draft, paid, void or a credit note)',
  wrong_currency: 'Its currency is not the invoice’s',
  not_positive: 'Its amount is zero or negative',
  exceeds_balance: 'It is more than what is left to pay',
} as const
export type UnmatchedReason = keyof typeof UNMATCHED_REASONS
