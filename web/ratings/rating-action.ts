// The rating forms' posts, read the same way on /rate/<token> and the portal's request page.
import type { Rating } from '../../schema/ratings'

/** The request a rating form names: the signed link's token, or a reference of the signed-in contact's client. */
export type RatingTarget = { token: string } | { reference: string }

export type RatingOutcome =
  | { ok: true; message: string }
  | { ok: false; status: 400 | 404 | 409; message: string; errors: Record<string, string> }

/** A request's rating as its forms show it (worker/services/portal-ratings.ts). */
export type RatingPageView = {
  reference: string
  /** Resolved or closed: only then can it be rated. */
  closed: boolean
  rating: Rating | null
  comment: string | null
  mayQuote: boolean
  consentWording: string
}

/** What the forms call on the server (worker/services/portal-ratings.ts ratingForms). */
export type RatingForms = {
  rate(target: RatingTarget, form: { rating: unknown; comment: unknown }): Promise<RatingOutcome>
  comment(target: RatingTarget, comment: unknown): Promise<RatingOutcome>
  quote(target: RatingTarget, form: Record<string, unknown>): Promise<RatingOutcome>
}

export type RatingActionResult = RatingOutcome & {
  intent: 'rate' | 'comment' | 'quote'
  values: Record<string, string>
}

export const RATING_INTENTS = ['rate', 'comment', 'quote'] as const

/** Null when the post is not one of the rating forms. */
export async function ratingAction(
  form: FormData,
  server: RatingForms,
  target: RatingTarget,
): Promise<RatingActionResult | null> {
  const intent = String(form.get('intent') ?? '')
  const values: Record<string, string> = {}
  for (const key of ['rating', 'comment', 'quote', 'displayName', 'practiceName', 'consent'])
    if (form.has(key)) values[key] = String(form.get(key)).slice(0, 5000)
  if (intent === 'rate')
    return {
      intent,
      values,
      ...(await server.rate(target, { rating: values.rating, comment: values.comment })),
    }
  if (intent === 'comment') return { intent, values, ...(await server.comment(target, values.comment ?? '')) }
  if (intent === 'quote') return { intent, values, ...(await server.quote(target, values)) }
  return null
}
