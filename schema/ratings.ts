// Satisfaction ratings and testimonials (issue 40, ADR 160): the closed sets,
// the words shown to the requester and the limits the server checks, shared
// by the Worker, the rating page, the portal and the admin. No zod here: the
// portal's request page shows the rating forms (rating-payloads.server.ts checks them).

export const RATINGS = ['good', 'okay', 'poor'] as const
export type Rating = (typeof RATINGS)[number]
export const RATING_LABELS: Record<Rating, string> = { good: 'Good', okay: 'Okay', poor: 'Poor' }

export const TESTIMONIAL_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const
export type TestimonialStatus = (typeof TESTIMONIAL_STATUSES)[number]
export const TESTIMONIAL_STATUS_LABELS: Record<TestimonialStatus, string> = {
  pending: 'Waiting for approval',
  approved: 'Approved',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
}

export const RATING_COMMENT_MAX = 2000
export const TESTIMONIAL_QUOTE_MAX = 600
export const TESTIMONIAL_NAME_MAX = 80

/**
 * The consent sentence beside the checkbox. Stored with each testimonial as it
 * was shown: a later change of these words never rewrites a consent given.
 */
export const CONSENT_WORDING =
  'I agree that these words, my name as written above and my practice name may be shown on this website. I can withdraw this at any time in the client portal, and they will be removed at once.'

/** What the public pages show of an approved testimonial. */
export type PublicTestimonial = { id: number; quote: string; displayName: string; practiceName: string }

/** A rating as the owner and the REST API see it. */
export type RatingView = {
  requestReference: string
  rating: Rating
  comment: string | null
  at: string
}
