// Satisfaction ratings and testimonials (issue 40, ADR 160): the closed sets,
// the words shown to the requester and the limits the server checks, shared
// by the Worker, the rating page, the portal and the admin.
import { z } from 'zod'

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

const trimmed = (max: number, field: string) =>
  z
    .string({ error: `Enter ${field}` })
    .transform((s) => s.replace(/\r\n?/g, '\n').trim())
    .pipe(
      z
        .string()
        .min(1, { error: `Enter ${field}` })
        .max(max, { error: `At most ${max} characters` }),
    )

export const ratingInput = z.object({
  rating: z.enum(RATINGS, { error: 'Choose good, okay or poor' }),
  comment: z
    .string()
    .transform((s) => s.replace(/\r\n?/g, '\n').trim())
    .pipe(z.string().max(RATING_COMMENT_MAX, { error: `At most ${RATING_COMMENT_MAX} characters` }))
    .optional(),
})
export type RatingInput = z.infer<typeof ratingInput>

export const commentInput = z.object({
  comment: trimmed(RATING_COMMENT_MAX, 'a comment'),
})

export const testimonialInput = z.object({
  quote: trimmed(TESTIMONIAL_QUOTE_MAX, 'the words we may quote'),
  displayName: trimmed(TESTIMONIAL_NAME_MAX, 'your name or initials'),
  practiceName: trimmed(TESTIMONIAL_NAME_MAX, 'the practice name'),
  consent: z.literal('yes', { error: 'Tick the box to give your consent' }),
})
export type TestimonialInput = z.infer<typeof testimonialInput>

/** What the public pages show of an approved testimonial. */
export type PublicTestimonial = { id: number; quote: string; displayName: string; practiceName: string }

/** A rating as the owner and the REST API see it. */
export type RatingView = {
  requestReference: string
  rating: Rating
  comment: string | null
  at: string
}
