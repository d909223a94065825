// The portal quote page's server (web/lib/portal-quotes.ts) on the service
// layer: every read and action is scoped to the signed-in contact's client.
// Without a session every method sends the visitor to /portal (sign-in).
import { redirect } from 'react-router'
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
import type { PortalQuotesServer, PortalQuoteView, QuoteDecision } from '../../web/lib/portal-quotes'
import type { Db } from '../db'
import { deliverEach } from '../mail/outbox'
import { DomainError, NotFound } from '../services/errors'
import { parseId } from '../services/ids'
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
} from '../services/quotes'

export const QUOTE_PAGE_MESSAGES = {
  accepted: 'Thank you: the quote is accepted and signed. Your signed copy is on its way by e-mail.',
  declined: 'The quote is declined. Thank you for letting us know.',
  changesAsked: 'Thank you: your message was sent. You will get a revised quote.',
} as const

const idOf = (id: string) => {
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

export function portalQuotesServerFor(
  db: Db,
  env: Env,
  scope: PortalScope | null,
  meta: RequestMeta,
  later: (work: Promise<unknown>) => void,
): PortalQuotesServer {
  /** The session's scope; without one, the sign-in form, whose new link comes back to this quote. */
  const me = (rawId?: string) => {
    if (!scope) {
      const id = rawId === undefined ? null : idOf(rawId)
      throw redirect(id === null ? '/portal' : `/portal?next=${encodeURIComponent(`/portal/quotes/${id}`)}`)
    }
    return scope
  }
  const notFound = () => {
    throw new Response(null, { status: 404 })
  }
  /**
   * One decision on a quote (accept, decline, ask for changes): the session, the
   * id and the form checked, the service called, its mail sent after the answer.
   */
  const decide = async <T>(
    rawId: string,
    parsed: { success: true; data: T } | { success: false; error: ZodError },
    act: (s: PortalScope, id: number, input: T) => Promise<{ outboxIds: number[]; message: string }>,
  ): Promise<QuoteDecision> => {
    const s = me()
    const id = idOf(rawId) ?? notFound()
    if (!parsed.success)
      return { ok: false, message: API_MESSAGES.validation, errors: quoteFieldErrors(parsed.error) }
    try {
      const { outboxIds, message } = await act(s, id, parsed.data)
      later(deliverEach(db, env, outboxIds))
      return { ok: true, message }
    } catch (err) {
      if (err instanceof NotFound) notFound()
      return refused(err)
    }
  }
  return {
    async quote(rawId) {
      const s = me(rawId)
      const id = idOf(rawId)
      if (id === null) return null
      try {
        const now = new Date()
        await markQuoteViewed(db, s, id, now)
        return await view(env, await portalQuote(db, s, id), now)
      } catch (err) {
        if (err instanceof NotFound) return null
        throw err
      }
    },
    accept: (rawId, form) =>
      decide(rawId, acceptInput.safeParse(form), async (s, id, input) => {
        const { outboxIds, deposit } = await acceptQuote(db, env, s, id, input, meta)
        return {
          outboxIds: [...outboxIds, ...(deposit?.outboxIds ?? [])],
          message: QUOTE_PAGE_MESSAGES.accepted,
        }
      }),
    decline: (rawId, reason) =>
      decide(rawId, declineInput.safeParse({ reason }), async (s, id, input) => ({
        outboxIds: (await declineQuote(db, env, s, id, input.reason)).outboxIds,
        message: QUOTE_PAGE_MESSAGES.declined,
      })),
    askForChanges: (rawId, message) =>
      decide(rawId, changeRequestInput.safeParse({ message }), async (s, id, input) => ({
        outboxIds: (await askForQuoteChanges(db, env, s, id, input.message)).outboxIds,
        message: QUOTE_PAGE_MESSAGES.changesAsked,
      })),
  }
}
