// The rating forms (the e-mail's /rate/<token> page and the portal's request
// page) and the contact's own testimonials (issue 40, ADR 160), on
// services/ratings.ts and testimonials.ts. A target names the request: the
// signed link's token, or a reference counted only within the contact's client
// (another client's is null: the page answers 404).
import { formatBusinessDateTime } from '../../schema/business-time'
import { CONSENT_WORDING, TESTIMONIAL_STATUS_LABELS } from '../../schema/ratings'
import { CLOSED_STATUSES } from '../../schema/request-statuses'
import type { Db } from '../db'
import { Conflict, DomainError, Invalid, NotFound } from './errors'
import { parseId } from './ids'
import {
  addRatingComment,
  portalRatingRequest,
  type RatingState,
  rateRequest,
  ratingStateOf,
  verifyRatingToken,
} from './ratings'
import { contactTestimonials, giveTestimonial, withdrawTestimonial } from './testimonials'

export type RatingTarget = { token: string } | { reference: string }

export type RatingOutcome =
  | { ok: true; message: string }
  | { ok: false; status: 400 | 404 | 409; message: string; errors: Record<string, string> }

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

/**
 * The rating forms of one request. `clientId`: the signed-in contact's client,
 * for a reference target (the portal); null on the e-mail's page, where only
 * the token counts.
 */
export function ratingForms(db: Db, env: Env, clientId: number | null) {
  /** The request a target names, or null (wrong or expired token, another client's reference). */
  async function requestOf(target: RatingTarget): Promise<{ id: number; source: 'email' | 'portal' } | null> {
    if ('token' in target) {
      const id = await verifyRatingToken(env, target.token, Date.now())
      return id === null ? null : { id, source: 'email' }
    }
    if (clientId === null) return null
    try {
      return { id: await portalRatingRequest(db, { clientId }, target.reference), source: 'portal' }
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
  ): Promise<RatingOutcome> {
    const request = await requestOf(target)
    if (!request) return refused(new NotFound('This rating link is not valid or has expired.'))
    try {
      return { ok: true as const, message: await work(request.id, request.source) }
    } catch (err) {
      return refused(err)
    }
  }
  return {
    /** Null for a wrong or expired link, or a reference that is not the client's support request. */
    async view(target: RatingTarget) {
      const request = await requestOf(target)
      if (!request) return null
      try {
        return view(await ratingStateOf(db, request.id))
      } catch (err) {
        if (err instanceof NotFound) return null
        throw err
      }
    },
    rate: (target: RatingTarget, form: { rating: unknown; comment: unknown }) =>
      act(target, async (id, source) => {
        await rateRequest(db, id, source, {
          rating: form.rating,
          ...(typeof form.comment === 'string' ? { comment: form.comment } : {}),
        })
        return DONE.rate
      }),
    comment: (target: RatingTarget, comment: unknown) =>
      act(target, async (id) => {
        await addRatingComment(db, id, { comment })
        return DONE.comment
      }),
    quote: (target: RatingTarget, form: Record<string, unknown>) =>
      act(target, async (id) => {
        await giveTestimonial(db, id, form)
        return DONE.quote
      }),
  }
}

/** The contact's own testimonials, worded. */
export async function ownTestimonials(db: Db, email: string) {
  return (await contactTestimonials(db, email)).map((t) => ({
    id: t.id,
    requestReference: t.requestReference,
    quote: t.quote,
    displayName: t.displayName,
    practiceName: t.practiceName,
    status: t.status,
    statusLabel: TESTIMONIAL_STATUS_LABELS[t.status],
    consentedAt: formatBusinessDateTime(t.consentedAt),
  }))
}

/** Withdraw: the testimonial leaves the website at once; another contact's is a 404 outcome. */
export async function withdrawOwnTestimonial(db: Db, email: string, rawId: string): Promise<RatingOutcome> {
  try {
    await withdrawTestimonial(db, email, parseId(rawId))
    return { ok: true, message: DONE.withdrawn }
  } catch (err) {
    return refused(err)
  }
}
