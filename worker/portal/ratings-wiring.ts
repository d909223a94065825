// The rating page's and the portal's ratings server (web/lib/ratings-server.ts)
// on services/ratings.ts and testimonials.ts (issue 40, ADR 160). A token
// names its request by signature; a reference counts only within the signed-in
// contact's client (another client's is null: the page answers 404).
import type { Context } from 'hono'
import { redirect } from 'react-router'
import { formatBusinessDateTime } from '../../schema/business-time'
import { signInPath } from '../../schema/portal-next'
import { CONSENT_WORDING, TESTIMONIAL_STATUS_LABELS } from '../../schema/ratings'
import { CLOSED_STATUSES } from '../../schema/request-statuses'
import type { RatingOutcome, RatingsServer, RatingTarget } from '../../web/lib/ratings-server'
import type { AppEnv } from '../env'
import { Conflict, DomainError, Invalid, NotFound } from '../services/errors'
import { parseId } from '../services/ids'
import {
  addRatingComment,
  portalRatingRequest,
  type RatingState,
  rateRequest,
  ratingStateOf,
  verifyRatingToken,
} from '../services/ratings'
import { contactTestimonials, giveTestimonial, withdrawTestimonial } from '../services/testimonials'

const DONE = {
  rate: 'Thank you for your rating.',
  comment: 'Thank you, your comment is added.',
  quote:
    'Thank you! We will show your words once we have read them; you can withdraw them in the client portal.',
  withdrawn: 'Your testimonial is withdrawn and no longer shown on the website.',
} as const

function refused(err: unknown): RatingOutcome {
  if (err instanceof Invalid)
    return { ok: false, status: 400, message: err.message, errors: err.errors ?? {} }
  if (err instanceof Conflict)
    return { ok: false, status: 409, message: err.message, errors: err.errors ?? {} }
  if (err instanceof NotFound) return { ok: false, status: 404, message: err.message, errors: {} }
  if (err instanceof DomainError)
    return { ok: false, status: 400, message: err.message, errors: err.errors ?? {} }
  throw err
}

export function ratingsServerFor(c: Context<AppEnv>): RatingsServer {
  const db = c.var.db
  const me = () => {
    const contact = c.var.contact ?? null
    if (!contact) throw redirect(signInPath(c.req.url))
    return contact
  }
  /** The request a target names, or null (wrong or expired token, another client's reference). */
  async function requestOf(target: RatingTarget): Promise<{ id: number; source: 'email' | 'portal' } | null> {
    if ('token' in target) {
      const id = await verifyRatingToken(c.env, target.token, Date.now())
      return id === null ? null : { id, source: 'email' }
    }
    try {
      return {
        id: await portalRatingRequest(db, { clientId: me().clientId }, target.reference),
        source: 'portal',
      }
    } catch (err) {
      if (err instanceof NotFound) return null
      throw err
    }
  }
  const view = (s: RatingState) => ({
    reference: s.reference,
    closed: (CLOSED_STATUSES as readonly string[]).includes(s.status),
    rating: s.rating,
    comment: s.comment,
    mayQuote: s.mayQuote,
    consentWording: CONSENT_WORDING,
  })
  async function act(
    target: RatingTarget,
    work: (id: number, source: 'email' | 'portal') => Promise<string>,
  ) {
    const request = await requestOf(target)
    if (!request) return refused(new NotFound('This rating link is not valid or has expired.'))
    try {
      return { ok: true as const, message: await work(request.id, request.source) }
    } catch (err) {
      return refused(err)
    }
  }
  return {
    async view(target) {
      const request = await requestOf(target)
      if (!request) return null
      try {
        return view(await ratingStateOf(db, request.id))
      } catch (err) {
        if (err instanceof NotFound) return null
        throw err
      }
    },
    rate: (target, form) =>
      act(target, async (id, source) => {
        await rateRequest(db, id, source, {
          rating: form.rating,
          ...(typeof form.comment === 'string' ? { comment: form.comment } : {}),
        })
        return DONE.rate
      }),
    comment: (target, comment) =>
      act(target, async (id) => {
        await addRatingComment(db, id, { comment })
        return DONE.comment
      }),
    quote: (target, form) =>
      act(target, async (id) => {
        await giveTestimonial(db, id, form)
        return DONE.quote
      }),
    async testimonials() {
      const contact = me()
      return (await contactTestimonials(db, contact.email)).map((t) => ({
        id: t.id,
        requestReference: t.requestReference,
        quote: t.quote,
        displayName: t.displayName,
        practiceName: t.practiceName,
        status: t.status,
        statusLabel: TESTIMONIAL_STATUS_LABELS[t.status],
        consentedAt: formatBusinessDateTime(t.consentedAt),
      }))
    },
    async withdraw(rawId) {
      const contact = me()
      try {
        await withdrawTestimonial(db, contact.email, parseId(rawId))
        return { ok: true, message: DONE.withdrawn }
      } catch (err) {
        return refused(err)
      }
    },
  }
}
