// Support requests, and what both kinds of request share (numbers, threads, erasures); ratings (issue 40).
import { sql } from 'drizzle-orm'
import { type AnySQLiteColumn, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { assets } from './tables-assets'
import { clients, contacts } from './tables-clients'
import { consultations } from './tables-consultations'
import { quotes } from './tables-quotes'
import { timestamps } from './timestamps'

export const supportRequests = sqliteTable(
  'support_requests',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    businessName: text('business_name'),
    issueType: text('issue_type').notNull(),
    urgency: text('urgency').notNull(),
    description: text('description').notNull(),
    preferredContact: text('preferred_contact').notNull(),
    preferredTime: text('preferred_time'),
    notes: text('notes'),
    // SUPPORT_STATUSES (docs/decisions/053-support-statuses-and-due-times.md).
    status: text('status').notNull().default('pending'),
    // When the owner closed it (resolved or closed); retention counts from here.
    closedAt: integer('closed_at', { mode: 'timestamp_ms' }),
    /** When the requester's latest e-mail (or portal) reply arrived, until the owner opens the request. */
    customerRepliedAt: integer('customer_replied_at', { mode: 'timestamp_ms' }),
    // SHA-256 of the normalised submission: an identical resubmission within
    // DEDUPE_WINDOW_MS is answered as the first and not stored again.
    fingerprint: text('fingerprint'),
    // The visitor's reference (S-1043); see consultations.reference.
    reference: text('reference').unique(),
    // When an answer is due (from the urgency, in business hours; ADR 053).
    // Null while the clock is paused (waiting on the requester) or after the close.
    dueAt: integer('due_at', { mode: 'timestamp_ms' }),
    // While paused: how much of the target was left (business ms, or wall ms
    // for critical), so the clock resumes where it stopped.
    dueRemainingMs: integer('due_remaining_ms'),
    // See consultations.clientId (issue 24).
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'set null' }),
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    // The asset the request is about (issue 38), e.g. reported from the portal's asset list.
    assetId: integer('asset_id').references((): AnySQLiteColumn => assets.id, { onDelete: 'set null' }),
    // The quote whose "Ask for changes" opened this conversation (issue 36, ADR 164): one per quote.
    quoteId: integer('quote_id').references((): AnySQLiteColumn => quotes.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('support_requests_fingerprint_idx').on(t.fingerprint, t.createdAt),
    index('support_requests_client_idx').on(t.clientId),
    uniqueIndex('support_requests_quote_idx').on(t.quoteId),
  ],
)

// One row per request of either kind, in order of arrival: its id is the
// number in the request's reference, shared by both kinds (C-1042, S-1043).
export const requestNumbers = sqliteTable('request_numbers', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  kind: text('kind').notNull(),
})

// A request's thread: the owner's replies (sent through the outbox) and the
// requester's answers received by the email() handler (worker/mail/inbound.ts).
export const requestMessages = sqliteTable(
  'request_messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    consultationId: integer('consultation_id').references(() => consultations.id, { onDelete: 'cascade' }),
    supportRequestId: integer('support_request_id').references(() => supportRequests.id, {
      onDelete: 'cascade',
    }),
    // 'out' (the owner's reply) or 'in' (an e-mail from the requester).
    direction: text('direction').notNull(),
    // Who wrote it: the sender's address for mail in, the owner's for a reply.
    author: text('author').notNull(),
    // Issue 36: the person behind `author`: for mail in, the client's contact
    // who wrote (null for an address that is no contact), else the owner.
    authorName: text('author_name'),
    authorContactId: integer('author_contact_id'),
    body: text('body').notNull(),
    // A reply's outbox row (its delivery state); null for mail in, and for a
    // reply stored while visitor mail is off (VISITOR_MAIL).
    outboxId: integer('outbox_id'),
    // Attachments of mail in, stored in R2: [{ name, type, size, key }].
    attachments: text('attachments', { mode: 'json' })
      .$type<{ name: string; type: string; size: number; key: string }[]>()
      .notNull()
      .default(sql`'[]'`),
    ...timestamps,
  },
  (t) => [
    index('request_messages_consultation_idx').on(t.consultationId),
    index('request_messages_support_idx').on(t.supportRequestId),
  ],
)

// Each erasure of a request (on a visitor's demand, or by the retention purge),
// recorded without any of the erased data: which kind, which id, why and when.
export const requestErasures = sqliteTable('request_erasures', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  requestKind: text('request_kind').notNull(),
  requestId: integer('request_id').notNull(),
  // 'visitor' (the owner erased it on request) or 'retention' (the cron purged it).
  reason: text('reason').notNull(),
  erasedAt: integer('erased_at', { mode: 'timestamp_ms' }).notNull(),
})

/**
 * The requester's satisfaction rating of a resolved or closed support request
 * (issue 40, docs/decisions/160-ratings-and-testimonials.md). One per request:
 * the unique index is the once-only rule, whether the rating came from the
 * e-mailed link or the portal. The comment may be added once afterwards.
 */
export const requestRatings = sqliteTable(
  'request_ratings',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    supportRequestId: integer('support_request_id')
      .notNull()
      .references(() => supportRequests.id, { onDelete: 'cascade' }),
    // 'good' | 'okay' | 'poor' (schema/ratings.ts; a trigger refuses anything else)
    rating: text('rating').notNull(),
    comment: text('comment'),
    // 'email' (the signed link) | 'portal' (a signed-in contact)
    source: text('source').notNull(),
    ratedAt: integer('rated_at', { mode: 'timestamp_ms' }).notNull(),
    // A poor rating stays on the owner's overview until handled.
    handledAt: integer('handled_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    uniqueIndex('request_ratings_request_idx').on(t.supportRequestId),
    index('request_ratings_rated_idx').on(t.ratedAt),
  ],
)

/**
 * A quote a requester allowed after a good rating: the consent as it was given
 * (its words and time) is kept; withdrawing it takes the quote off the pages.
 */
export const testimonials = sqliteTable(
  'testimonials',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    ratingId: integer('rating_id')
      .notNull()
      .references(() => requestRatings.id, { onDelete: 'cascade' }),
    // Who gave it (lower case): the portal lists a contact's own by this address.
    email: text('email').notNull(),
    quote: text('quote').notNull(),
    displayName: text('display_name').notNull(),
    practiceName: text('practice_name').notNull(),
    // The exact consent sentence shown beside the checkbox, and when it was ticked.
    consentWording: text('consent_wording').notNull(),
    consentedAt: integer('consented_at', { mode: 'timestamp_ms' }).notNull(),
    // 'pending' | 'approved' | 'rejected' | 'withdrawn'
    status: text('status').notNull().default('pending'),
    reviewedAt: integer('reviewed_at', { mode: 'timestamp_ms' }),
    withdrawnAt: integer('withdrawn_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    uniqueIndex('testimonials_rating_idx').on(t.ratingId),
    index('testimonials_status_idx').on(t.status),
    index('testimonials_email_idx').on(t.email),
  ],
)
export type RequestRating = typeof requestRatings.$inferSelect
export type Testimonial = typeof testimonials.$inferSelect

export type SupportRequest = typeof supportRequests.$inferSelect
export type RequestErasure = typeof requestErasures.$inferSelect
export type RequestMessage = typeof requestMessages.$inferSelect
