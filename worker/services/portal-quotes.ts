// The portal quote page's view and decisions (issue 25), /portal/quotes/{id}:
// every read and action scoped to the contact's client (services/quotes/);
// another client's quote, a draft or a malformed id is NotFound. A decision's
// mail goes out after the answer (`later`).
import type { ZodError } from 'zod'
import { clientInvoiceStatusLabel, isOpenStatus } from '../../schema/billing-words'
import { renderMarkdown } from '../../schema/markdown'
import { API_MESSAGES } from '../../schema/messages'
import {
  acceptInput,
  CLIENT_QUOTE_STATUS_LABELS,
  changeRequestInput,
  declineInput,
  type QuoteStatus,
  quoteFieldErrors,
  quoteLabel,
} from '../../schema/quotes'
import { formatCalendarDate } from '../../schema/slot-time'
import type { Db } from '../db'
import { deliverEach } from '../mail/outbox'
import { DomainError, NotFound } from './errors'
import { parseId } from './ids'
import {
  acceptQuote,
  askForQuoteChanges,
  closedReason,
  declineQuote,
  markQuoteViewed,
  offerHash,
  type PortalScope,
  portalQuote,
  type QuoteDetail,
  type RequestMeta,
} from './quotes'

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

export const QUOTE_PAGE_MESSAGES = {
  accepted: 'Thank you: the quote is accepted and signed. Your signed copy is on its way by e-mail.',
  declined: 'The quote is declined. Thank you for letting us know.',
  changesAsked: 'Thank you: your message was sent. You will get a revised quote.',
} as const

export const quoteIdOf = (id: string) => {
  try {
    return parseId(id)
  } catch {
    return null
  }
}

async function view(env: Env, d: QuoteDetail, now: Date): Promise<PortalQuoteView> {
  return {
    id: d.id,
    label: d.label,
    title: d.title,
    status: d.status,
    statusLabel: CLIENT_QUOTE_STATUS_LABELS[d.status as QuoteStatus] ?? d.status,
    clientName: d.client.name,
    ownerName: env.OWNER_NAME,
    introHtml: d.intro ? renderMarkdown(d.intro) : '',
    validUntil: d.validUntil,
    validUntilLabel: formatCalendarDate(d.validUntil),
    currency: d.currency,
    lines: d.lines.map((l) => ({
      id: l.id,
      description: l.description,
      quantityMilli: l.quantityMilli,
      unit: l.unit,
      unitPriceCents: l.unitPriceCents,
      optional: l.optional,
    })),
    discountCents: d.discountCents,
    taxRateBp: d.taxRateBp,
    depositPercent: d.depositPercent,
    paymentTerms: d.paymentTerms,
    agreements: d.agreements.map((a) => ({ name: a.name, html: renderMarkdown(a.body) })),
    offerHash: await offerHash(d),
    closedReason: closedReason(d, now),
    chosenLineIds: d.chosenLineIds,
    signature: d.signature
      ? { signerName: d.signature.signerName, signedAt: d.signature.signedAt.toISOString() }
      : null,
    declineReason: d.declineReason,
    pdfHref: `/portal/quotes/${d.id}/pdf`,
    current:
      d.currentRevision && d.currentRevision.id !== d.id
        ? {
            label: quoteLabel(d.number, d.currentRevision.revision),
            href: `/portal/quotes/${d.currentRevision.id}`,
          }
        : null,
    changeRequests: d.changeRequests.map((r) => ({
      authorName: r.authorName,
      message: r.message,
      createdAt: r.createdAt.toISOString(),
    })),
    depositInvoice:
      d.depositInvoice && d.depositInvoice.status !== 'draft'
        ? {
            number: d.depositInvoice.number,
            href: `/portal/invoices/${d.depositInvoice.id}`,
            totalCents: d.depositInvoice.totalCents,
            statusLabel: clientInvoiceStatusLabel(d.depositInvoice.status),
            owed: isOpenStatus(d.depositInvoice.status),
          }
        : null,
  }
}

const refused = (err: unknown): QuoteDecision => {
  if (err instanceof NotFound) throw err
  if (err instanceof DomainError) return { ok: false, message: err.message, errors: err.errors ?? {} }
  throw err
}

/** A quote of the client, marked viewed; NotFound for any other (another client's too), a draft or a malformed id. */
export async function portalQuoteView(db: Db, env: Env, scope: PortalScope, rawId: string) {
  const id = quoteIdOf(rawId)
  if (id === null) throw new NotFound('Quote not found')
  const now = new Date()
  await markQuoteViewed(db, scope, id, now)
  return view(env, await portalQuote(db, scope, id), now)
}

/**
 * The client's decisions on a quote: accept (a signature), decline, ask for
 * changes. A refused one is its message and field errors; another client's
 * quote or a malformed id is NotFound.
 */
export function portalQuoteDecisions(
  db: Db,
  env: Env,
  scope: PortalScope,
  meta: RequestMeta,
  later: (work: Promise<unknown>) => void,
) {
  /** One decision: the id and the form checked, the service called, its mail sent after the answer. */
  const decide = async <T>(
    rawId: string,
    parsed: { success: true; data: T } | { success: false; error: ZodError },
    act: (id: number, input: T) => Promise<{ outboxIds: number[]; message: string }>,
  ): Promise<QuoteDecision> => {
    const id = quoteIdOf(rawId)
    if (id === null) throw new NotFound('Quote not found')
    if (!parsed.success)
      return { ok: false, message: API_MESSAGES.validation, errors: quoteFieldErrors(parsed.error) }
    try {
      const { outboxIds, message } = await act(id, parsed.data)
      later(deliverEach(db, env, outboxIds))
      return { ok: true, message }
    } catch (err) {
      return refused(err)
    }
  }
  return {
    accept: (
      rawId: string,
      form: { signerName: string; agree: boolean; chosenLineIds: number[]; documentHash: string },
    ) =>
      decide(rawId, acceptInput.safeParse(form), async (id, input) => {
        const { outboxIds, deposit } = await acceptQuote(db, env, scope, id, input, meta)
        return {
          outboxIds: [...outboxIds, ...(deposit?.outboxIds ?? [])],
          message: QUOTE_PAGE_MESSAGES.accepted,
        }
      }),
    decline: (rawId: string, reason: string) =>
      decide(rawId, declineInput.safeParse({ reason }), async (id, input) => ({
        outboxIds: (await declineQuote(db, env, scope, id, input.reason)).outboxIds,
        message: QUOTE_PAGE_MESSAGES.declined,
      })),
    /** "Ask for changes": the message reaches the owner; the quote stays open. */
    askForChanges: (rawId: string, message: string) =>
      decide(rawId, changeRequestInput.safeParse({ message }), async (id, input) => ({
        outboxIds: (await askForQuoteChanges(db, env, scope, id, input.message)).outboxIds,
        message: QUOTE_PAGE_MESSAGES.changesAsked,
      })),
  }
}
