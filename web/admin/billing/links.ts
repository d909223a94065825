// Where a link naming an invoice or credit note leads (issue 52): its own page,
// and the words the link and that page's heading share. A module of its own so
// that the overview and the client page import it without the invoices screen.

/** An invoice's or credit note's own page. */
export const invoiceUrl = (id: string | number) => `/admin/invoices/${id}`

/** "Invoice INV-2026-0001" or "Credit note INV-2026-0002": what a link to it and its page's heading say. */
export const invoiceName = (i: { source: string; number: string }) =>
  `${i.source === 'CREDIT' ? 'Credit note' : 'Invoice'} ${i.number}`

/** Whether an invoice matches the list's search: every word in its number or its client's name. */
export function invoiceMatches(i: { number: string; clientName?: string | null }, q: string) {
  const text = `${i.number}\n${i.clientName ?? ''}`.toLowerCase()
  return q
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((w) => text.includes(w))
}
