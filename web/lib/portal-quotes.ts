// What the server gives the portal's quote page (issue 25): the quote of the
// signed-in contact's client and the accept and decline actions, every one
// scoped to that client on the server (worker/portal/quotes-server.ts on
// services/quotes/). Pages never import Worker code; they read this context.
import { createContext } from 'react-router'

export type PortalQuoteLine = {
  id: number
  description: string
  quantityMilli: number
  unit: string | null
  unitPriceCents: number
  optional: boolean
}

export type PortalQuoteView = {
  id: number
  label: string
  title: string
  status: string
  statusLabel: string
  clientName: string
  ownerName: string
  /** The introduction, Markdown rendered safely on the server (schema/markdown.ts). */
  introHtml: string
  validUntil: string
  validUntilLabel: string
  currency: string
  lines: PortalQuoteLine[]
  discountCents: number
  taxRateBp: number
  depositPercent: number
  paymentTerms: string | null
  agreements: { name: string; html: string }[]
  /** SHA-256 of the offer as shown (quote with its options, and each agreement); the accept form carries it. */
  offerHash: string
  /** Null while it can be accepted or declined; otherwise why not. */
  closedReason: string | null
  /** The options chosen when it was accepted. */
  chosenLineIds: number[] | null
  signature: { signerName: string; signedAt: string } | null
  declineReason: string | null
  pdfHref: string
  /** A replaced revision links to the one the client holds now (null: this is it). */
  current: { label: string; href: string } | null
  /** What the client's contacts asked to change, oldest first. */
  changeRequests: { authorName: string; message: string; createdAt: string }[]
  /** The deposit invoice the acceptance issued: the page links to it ("Pay the deposit" while it is owed). */
  depositInvoice: {
    number: string
    href: string
    totalCents: number
    statusLabel: string
    /** The client still owes on it (sent, viewed or partially paid). */
    owed: boolean
  } | null
}

export type QuoteDecision =
  | { ok: true; message: string }
  | { ok: false; message: string; errors: Record<string, string> }

export type PortalQuotesServer = {
  /** A quote of the signed-in client; null for any other (another client's too) or a draft. */
  quote(id: string): Promise<PortalQuoteView | null>
  accept(
    id: string,
    form: { signerName: string; agree: boolean; chosenLineIds: number[]; documentHash: string },
  ): Promise<QuoteDecision>
  decline(id: string, reason: string): Promise<QuoteDecision>
  /** "Ask for changes": the message reaches the owner; the quote stays open. */
  askForChanges(id: string, message: string): Promise<QuoteDecision>
}

export const portalQuotes = createContext<PortalQuotesServer>()
