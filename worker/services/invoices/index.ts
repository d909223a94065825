// Invoices (issue 26): made from unbilled time, a quote's deposit or
// remainder, a prepaid block, manual lines, or as a credit note. Numbers come
// from the counter raised in the same D1 batch as the insert (numbering.ts);
// the chosen time entries are marked billed in that batch too, so when two
// invoices take the same entries at once the triggers of migration 0010 abort
// the second batch whole: no invoice, no number, nothing billed twice.

export { createInvoice } from './create'
export { blockInvoice, type CreateInvoiceInput, type LineInput } from './lines'
export { billingOverview, invoicesCsv, openInvoices, paymentsCsv } from './overview'
export { matchPayment, type PaymentInput, paymentRefusal, recordPayment, unmatchedPayments } from './payments'
export { invoicePdfFor } from './pdf'
export { type PortalScope, portalInvoice, portalInvoicePdf, portalInvoices } from './portal'
export {
  contactOf,
  getInvoice,
  getInvoiceRow,
  getInvoiceWithClient,
  type InvoiceDetail,
  type InvoiceFilter,
  invoiceAdminUrl,
  invoiceLink,
  listInvoices,
} from './read'
export {
  type InvoiceMailExtras,
  type InvoiceMailKind,
  invoiceMail,
  invoiceMailExtras,
  invoiceSendPreview,
  type SendInvoiceOptions,
  type SendResult,
  sendInvoice,
} from './sending'
export { markViewed, settleStatement, voidInvoice } from './status'
