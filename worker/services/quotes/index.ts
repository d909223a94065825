// Quotes (issue 25): a quote's life from draft to a signed acceptance.
//
// - Numbers Q-YYYY-NNNN come from services/numbering.ts, raised in the same D1
//   batch as the insert. Totals come from schema/money.ts (via quoteTotals).
// - A sent quote never changes: its totals and its agreements' text (merge
//   fields filled) are frozen when it is sent, and triggers (migration 0014)
//   refuse changes to the lines and agreements of a quote that is not a draft.
//   A revision is a new row with the same number and revision + 1; the old row
//   becomes `superseded`, readable but no longer acceptable.
// - Accepting is one batch: the signature insert runs only while the quote is
//   open, then the status changes; signatures.quote_id is unique, so of two
//   acceptances at once exactly one wins.
// - The client is scoped: every portal function takes the session's client and
//   answers NotFound for another client's quote, exactly as for a missing one.

export { createQuote, createQuoteFromConsultation, duplicateQuote, updateQuote } from './create-and-edit'
export { expireQuotes, queueQuoteReminders } from './cron'
export {
  acceptQuote,
  askForQuoteChanges,
  declineQuote,
  type IssuedDeposit,
  onQuoteAccepted,
} from './decisions'
export { ensureSignedPdf, quotePdf, verifySignature } from './pdf'
export { closedReason, markQuoteViewed, portalQuote, portalQuotes } from './portal'
export { documentOf, getQuote, listClientOptions, listQuotes, offerHash, type QuoteDetail } from './read'
export { reviseQuote } from './revisions'
export {
  clientAgreements,
  quoteLink,
  quotePageLink,
  quoteSendPreview,
  type SendQuoteOptions,
  sendQuote,
  withdrawQuote,
} from './sending'
export type { PortalScope, RequestMeta } from './shared'
