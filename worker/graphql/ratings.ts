// GraphQL for ratings and testimonials (issue 40): the admin's inbox, client
// page and overview read ratings here; the content editor approves or rejects
// testimonials. Same services as REST (worker/routes/ratings.ts) and the pages.
import { rowId } from '../../schema/ids'
import { RATING_LABELS, RATINGS, TESTIMONIAL_STATUS_LABELS, TESTIMONIAL_STATUSES } from '../../schema/ratings'
import { listRatings, markRatingHandled, type OwnerRating, ratingFollowUps } from '../services/ratings'
import { listTestimonials, type OwnerTestimonial, reviewTestimonial } from '../services/testimonials'
import { builder } from './builder'

const RatingValueEnum = builder.enumType('RatingValue', {
  description: "A requester's satisfaction rating.",
  values: Object.fromEntries(
    RATINGS.map((r) => [r.toUpperCase(), { value: r, description: RATING_LABELS[r] }]),
  ) as Record<string, { value: (typeof RATINGS)[number]; description: string }>,
})

const TestimonialStatusEnum = builder.enumType('TestimonialStatus', {
  description: "Where a testimonial stands: waiting for the owner's approval, shown, refused or withdrawn.",
  values: Object.fromEntries(
    TESTIMONIAL_STATUSES.map((s) => [
      s.toUpperCase(),
      { value: s, description: TESTIMONIAL_STATUS_LABELS[s] },
    ]),
  ) as Record<string, { value: (typeof TESTIMONIAL_STATUSES)[number]; description: string }>,
})

const TestimonialDecisionEnum = builder.enumType('TestimonialDecision', {
  description: "The owner's decision on a testimonial.",
  values: {
    APPROVED: { value: 'approved', description: 'Shown on the home page and /about.' },
    REJECTED: { value: 'rejected', description: 'Not shown.' },
  } as const,
})

const RatingRef = builder.objectRef<OwnerRating>('Rating').implement({
  description: "A requester's rating of a resolved or closed support request.",
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id of the rating.' }),
    requestId: t.exposeID('requestId', { description: 'The support request.' }),
    requestReference: t.exposeString('requestReference', { description: 'Its reference (S-1043).' }),
    rating: t.field({ type: RatingValueEnum, description: 'Good, okay or poor.', resolve: (r) => r.rating }),
    comment: t.exposeString('comment', { nullable: true, description: "The requester's comment." }),
    at: t.exposeString('at', { description: 'When it was given (ISO 8601).' }),
    clientId: t.exposeID('clientId', { nullable: true, description: "The request's client." }),
    clientName: t.exposeString('clientName', { nullable: true, description: "The client's name." }),
    handledAt: t.exposeString('handledAt', {
      nullable: true,
      description: 'When the owner marked the follow-up of a poor rating handled.',
    }),
  }),
})

const TestimonialRef = builder.objectRef<OwnerTestimonial>('Testimonial').implement({
  description: 'Words a requester allowed us to quote after a good rating, with the consent as given.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id of the testimonial.' }),
    requestReference: t.exposeString('requestReference', { description: 'The rated request.' }),
    quote: t.exposeString('quote', { description: 'The words.' }),
    displayName: t.exposeString('displayName', { description: 'The name as it should appear.' }),
    practiceName: t.exposeString('practiceName', { description: 'The practice name.' }),
    email: t.exposeString('email', { description: 'Who gave it.' }),
    consentWording: t.exposeString('consentWording', {
      description: 'The consent sentence as it was shown.',
    }),
    consentedAt: t.exposeString('consentedAt', { description: 'When consent was given (ISO 8601).' }),
    status: t.field({
      type: TestimonialStatusEnum,
      description: 'Where it stands.',
      resolve: (x) => x.status,
    }),
    reviewedAt: t.exposeString('reviewedAt', { nullable: true, description: 'When the owner decided.' }),
    withdrawnAt: t.exposeString('withdrawnAt', {
      nullable: true,
      description: 'When consent was withdrawn.',
    }),
  }),
})

builder.queryField('ratings', (t) =>
  t.field({
    type: [RatingRef],
    description: "Ratings, newest first: all, one client's, or one request's.",
    args: {
      clientId: t.arg.id({ description: 'Only this client.' }),
      requestId: t.arg.id({ description: 'Only this support request.' }),
    },
    resolve: (_r, args, { db }) =>
      listRatings(db, {
        ...(args.clientId ? { clientId: Number(args.clientId) } : {}),
        ...(args.requestId ? { requestId: Number(args.requestId) } : {}),
      }),
  }),
)

builder.queryField('ratingFollowUps', (t) =>
  t.field({
    type: [RatingRef],
    description: 'Poor ratings not yet marked handled, oldest first (the overview).',
    resolve: (_r, _a, { db }) => ratingFollowUps(db),
  }),
)

builder.queryField('testimonials', (t) =>
  t.field({
    type: [TestimonialRef],
    description: 'Every testimonial, newest first (the content editor).',
    resolve: (_r, _a, { db }) => listTestimonials(db),
  }),
)

builder.mutationField('markRatingHandled', (t) =>
  t.field({
    type: RatingRef,
    description: "Marks a poor rating's follow-up handled: it leaves the overview.",
    args: { id: t.arg.id({ required: true, description: 'Id of the rating.' }).validate(rowId) },
    resolve: (_r, { id }, { db }) => markRatingHandled(db, Number(id)),
  }),
)

builder.mutationField('reviewTestimonial', (t) =>
  t.field({
    type: TestimonialRef,
    description: 'Approves or rejects a testimonial; the public pages change at once.',
    args: {
      id: t.arg.id({ required: true, description: 'Id of the testimonial.' }).validate(rowId),
      decision: t.arg({ type: TestimonialDecisionEnum, required: true, description: 'Approve or reject.' }),
    },
    resolve: (_r, { id, decision }, { db }) => reviewTestimonial(db, Number(id), decision),
  }),
)
