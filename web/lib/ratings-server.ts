// What the server gives the rating page (/rate/<token>, from the e-mail) and
// the portal's rating and testimonial forms (issue 40, ADR 160). One target
// names the request: the signed link's token, or a reference of the signed-in
// contact's client (another client's is null, a 404). Implemented by
// worker/portal/ratings-wiring.ts on services/ratings.ts and testimonials.ts.
import { createContext } from 'react-router'
import type { Rating, TestimonialStatus } from '../../schema/ratings'

export type RatingTarget = { token: string } | { reference: string }

export type RatingPageView = {
  reference: string
  /** Resolved or closed: only then can it be rated. */
  closed: boolean
  rating: Rating | null
  comment: string | null
  mayQuote: boolean
  consentWording: string
}

export type RatingOutcome =
  | { ok: true; message: string }
  | { ok: false; status: 400 | 404 | 409; message: string; errors: Record<string, string> }

export type OwnTestimonial = {
  id: number
  requestReference: string
  quote: string
  displayName: string
  practiceName: string
  status: TestimonialStatus
  statusLabel: string
  consentedAt: string
}

export type RatingsServer = {
  /** Null for a wrong or expired link, or a reference that is not the client's support request. */
  view(target: RatingTarget): Promise<RatingPageView | null>
  rate(target: RatingTarget, form: { rating: unknown; comment: unknown }): Promise<RatingOutcome>
  comment(target: RatingTarget, comment: unknown): Promise<RatingOutcome>
  quote(target: RatingTarget, form: Record<string, unknown>): Promise<RatingOutcome>
  /** The signed-in contact's testimonials (redirects to /portal without a session). */
  testimonials(): Promise<OwnTestimonial[]>
  withdraw(id: string): Promise<RatingOutcome>
}

export const ratingsServer = createContext<RatingsServer>()
