// The rating and testimonial payloads (issue 40), checked by the Worker only:
// zod stays out of the browser's pages that show the forms (schema/ratings.ts).
import { z } from 'zod'
import { RATING_COMMENT_MAX, RATINGS, TESTIMONIAL_NAME_MAX, TESTIMONIAL_QUOTE_MAX } from './ratings'

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
