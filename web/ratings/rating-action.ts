// The rating forms' posts, read the same way on /rate/<token> and the portal's request page.
import type { RatingOutcome, RatingsServer, RatingTarget } from '../lib/ratings-server'

export type RatingActionResult = RatingOutcome & {
  intent: 'rate' | 'comment' | 'quote'
  values: Record<string, string>
}

export const RATING_INTENTS = ['rate', 'comment', 'quote'] as const

/** Null when the post is not one of the rating forms. */
export async function ratingAction(
  form: FormData,
  server: RatingsServer,
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
