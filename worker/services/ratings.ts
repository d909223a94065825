// Satisfaction ratings of support requests (issue 40, docs/decisions/160-ratings-and-testimonials.md).
// When a request is resolved or closed, its requester gets one e-mail (once per
// request, by the outbox's once key) with three signed links; a link opens a
// page that asks to confirm (a link prefetcher's GET records nothing), and the
// POST records the rating. The unique index on request_ratings.support_request_id
// is the once-only rule, for the link and the portal alike.
import { and, asc, count, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm'
import { commentInput, type RatingInput, ratingInput } from '../../schema/rating-payloads.server'
import { RATING_LABELS, RATINGS, type Rating, type RatingView } from '../../schema/ratings'
import { CLOSED_STATUSES } from '../../schema/request-statuses'
import { linkKeyConfigured } from '../booking/link'
import type { Db } from '../db'
import { tables } from '../db'
import { letterHtml } from '../mail/letter-html'
import { deliverEach, queueMailOnce } from '../mail/outbox'
import { replyAddress } from '../mail/reply-address'
import { visitorMailEnabled } from '../mail/visitor'
import { signExpiring, verifyExpiring } from '../signed-token'
import { isUniqueViolation } from './booking'
import { Conflict, Invalid, NotFound } from './errors'

export const RATING_MESSAGES = {
  already: 'This request has already been rated. Thank you!',
  notClosed: 'A request can be rated once it is resolved or closed.',
  commentGiven: 'A comment has already been added to this rating.',
  link: 'This rating link is not valid or has expired.',
} as const

/** A rating link works for 60 days after the e-mail. */
export const RATING_LINK_MS = 60 * 24 * 60 * 60 * 1000

// ---------- The signed link ----------
// /rate/<requestId>~<expiry s>~<HMAC-SHA256("rating~" + both)>, signed with the
// booking-link key (ADR 060, 081: a local default, refused in production
// unless set); the "rating~" prefix keeps a booking token from ever passing here
// (worker/signed-token.ts).
const RATING_CONTEXT = 'rating~'

export async function ratingToken(env: Env, requestId: number, expiresAt: number): Promise<string | null> {
  if (!linkKeyConfigured(env)) return null
  return signExpiring(env.BOOKING_LINK_KEY, RATING_CONTEXT, String(requestId), expiresAt)
}

/** The request a rating token names, when signed by this deployment and not expired; else null. */
export async function verifyRatingToken(env: Env, token: string, now: number): Promise<number | null> {
  if (!linkKeyConfigured(env)) return null
  const id = await verifyExpiring(env.BOOKING_LINK_KEY, RATING_CONTEXT, token, '\\d{1,12}', now)
  return id === null ? null : Number(id)
}

/** The three links of the e-mail: each opens the rating page with its answer chosen. */
export async function ratingLinks(env: Env, requestId: number, now: number) {
  const token = await ratingToken(env, requestId, now + RATING_LINK_MS)
  if (!token) return null
  const base = new URL(`/rate/${token}`, env.SITE_URL).toString()
  return Object.fromEntries(RATINGS.map((r) => [r, `${base}?rating=${r}`])) as Record<Rating, string>
}

// ---------- The e-mail ----------

const isClosed = (status: string) => (CLOSED_STATUSES as readonly string[]).includes(status)

/**
 * Queues the "how did we do?" e-mail for a resolved or closed support request,
 * at most once per request (closing again after a reopen sends nothing new);
 * sends it after the answer through `later`. Nothing without visitor mail or a link key.
 */
export async function inviteRating(
  db: Db,
  env: Env,
  requestId: number,
  later: (work: Promise<unknown>) => void,
  now = Date.now(),
): Promise<number[]> {
  if (!visitorMailEnabled(env)) return []
  const s = tables.supportRequests
  const [request] = await db
    .select({ reference: s.reference, name: s.name, email: s.email, status: s.status })
    .from(s)
    .where(eq(s.id, requestId))
  if (!request || !isClosed(request.status)) return []
  const links = await ratingLinks(env, requestId, now)
  if (!links) return []
  const reference = request.reference ?? ''
  const subject = `How did we do? Your request ${reference}`
  const choices = RATINGS.map((r) => `${RATING_LABELS[r]}: ${links[r]}`)
  const intro = `Hello ${request.name}, your request ${reference} is ${request.status}. How did we do? One click is enough; you can add a comment on the page that opens.`
  const footer = `Reference: ${reference}. Each link works once and needs no sign-in. You can also rate the request in the client portal.`
  const text = [intro, '', ...choices, '', env.OWNER_NAME, '', footer].join('\n')
  const html = letterHtml({
    paragraphs: [intro],
    links: RATINGS.map((r) => ({ href: links[r], text: RATING_LABELS[r] })),
    footer: `${env.OWNER_NAME}. ${footer}`,
  })
  const ids = (
    await queueMailOnce(
      db,
      [
        {
          supportRequestId: requestId,
          kind: 'rating',
          recipient: request.email,
          replyTo: await replyAddress(env, 'support', requestId),
          subject,
          textBody: text,
          htmlBody: html,
          onceKey: `rating:${requestId}`,
        },
      ],
      new Date(now),
    )
  ).map((r) => r.id)
  if (ids.length) later(deliverEach(db, env, ids))
  return ids
}

// ---------- Recording ----------

function parse<T>(
  schema: {
    safeParse(
      v: unknown,
    ):
      | { success: true; data: T }
      | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } }
  },
  input: unknown,
): T {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  const errors: Record<string, string> = {}
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'input')
    errors[field] ??= issue.message
  }
  throw new Invalid(errors)
}

export type RatingState = {
  requestId: number
  reference: string
  status: string
  rating: Rating | null
  comment: string | null
  ratedAt: Date | null
  /** A good rating without a testimonial yet: the page asks "May we quote you?". */
  mayQuote: boolean
}

export async function ratingStateOf(db: Db, requestId: number): Promise<RatingState> {
  const s = tables.supportRequests
  const r = tables.requestRatings
  const [row] = await db
    .select({
      reference: s.reference,
      status: s.status,
      rating: r.rating,
      comment: r.comment,
      ratedAt: r.ratedAt,
      ratingId: r.id,
      testimonialId: tables.testimonials.id,
    })
    .from(s)
    .leftJoin(r, eq(r.supportRequestId, s.id))
    .leftJoin(tables.testimonials, eq(tables.testimonials.ratingId, r.id))
    .where(eq(s.id, requestId))
  if (!row) throw new NotFound()
  return {
    requestId,
    reference: row.reference ?? '',
    status: row.status,
    rating: (row.rating as Rating | null) ?? null,
    comment: row.comment ?? null,
    ratedAt: row.ratedAt ?? null,
    mayQuote: row.rating === 'good' && row.testimonialId === null,
  }
}

/** The rating page's view of a signed link; NotFound for a wrong or expired token. */
export async function ratingByToken(db: Db, env: Env, token: string, now = Date.now()) {
  const id = await verifyRatingToken(env, token, now)
  if (id === null) throw new NotFound(RATING_MESSAGES.link)
  return ratingStateOf(db, id)
}

/** Records the rating once (unique index); a second one, even at the same moment, is a Conflict. */
export async function rateRequest(
  db: Db,
  requestId: number,
  source: 'email' | 'portal',
  raw: unknown,
  now = Date.now(),
): Promise<RatingState> {
  const input: RatingInput = parse(ratingInput, raw)
  const state = await ratingStateOf(db, requestId)
  if (!isClosed(state.status)) throw new Conflict(RATING_MESSAGES.notClosed)
  if (state.rating) throw new Conflict(RATING_MESSAGES.already)
  try {
    await db.insert(tables.requestRatings).values({
      supportRequestId: requestId,
      rating: input.rating,
      comment: input.comment || null,
      source,
      ratedAt: new Date(now),
    })
  } catch (err) {
    if (isUniqueViolation(err)) throw new Conflict(RATING_MESSAGES.already)
    throw err
  }
  return ratingStateOf(db, requestId)
}

/** The optional comment after a one-click rating: once, and only while none was given. */
export async function addRatingComment(db: Db, requestId: number, raw: unknown): Promise<RatingState> {
  const { comment } = parse(commentInput, raw)
  const r = tables.requestRatings
  const done = await db
    .update(r)
    .set({ comment })
    .where(and(eq(r.supportRequestId, requestId), isNull(r.comment)))
    .returning({ id: r.id })
  if (!done.length) {
    const state = await ratingStateOf(db, requestId)
    throw state.rating ? new Conflict(RATING_MESSAGES.commentGiven) : new NotFound()
  }
  return ratingStateOf(db, requestId)
}

/** A support request of the portal's client by reference (another client's is NotFound). */
export async function portalRatingRequest(
  db: Db,
  scope: { clientId: number },
  reference: string,
): Promise<number> {
  const s = tables.supportRequests
  const [row] = await db
    .select({ id: s.id })
    .from(s)
    .where(and(eq(s.clientId, scope.clientId), eq(s.reference, reference)))
  if (!row) throw new NotFound('Request not found')
  return row.id
}

export const portalRatingState = async (db: Db, scope: { clientId: number }, reference: string) =>
  ratingStateOf(db, await portalRatingRequest(db, scope, reference))

// ---------- Reading ----------

export type OwnerRating = RatingView & {
  id: number
  requestId: number
  clientId: number | null
  clientName: string | null
  handledAt: string | null
}

function ratingQuery(db: Db) {
  const r = tables.requestRatings
  const s = tables.supportRequests
  return db
    .select({
      id: r.id,
      requestId: s.id,
      requestReference: s.reference,
      rating: r.rating,
      comment: r.comment,
      ratedAt: r.ratedAt,
      handledAt: r.handledAt,
      clientId: s.clientId,
      clientName: tables.clients.name,
    })
    .from(r)
    .innerJoin(s, eq(s.id, r.supportRequestId))
    .leftJoin(tables.clients, eq(tables.clients.id, s.clientId))
}

const toView = (row: Awaited<ReturnType<ReturnType<typeof ratingQuery>['all']>>[number]): OwnerRating => ({
  id: row.id,
  requestId: row.requestId,
  requestReference: row.requestReference ?? '',
  rating: row.rating as Rating,
  comment: row.comment,
  at: row.ratedAt.toISOString(),
  handledAt: row.handledAt?.toISOString() ?? null,
  clientId: row.clientId,
  clientName: row.clientName,
})

/** The ratings, newest first: all, one client's, or one request's. */
export async function listRatings(
  db: Db,
  filter: { clientId?: number; requestId?: number } = {},
): Promise<OwnerRating[]> {
  const r = tables.requestRatings
  const s = tables.supportRequests
  const where = and(
    filter.clientId !== undefined ? eq(s.clientId, filter.clientId) : undefined,
    filter.requestId !== undefined ? eq(s.id, filter.requestId) : undefined,
  )
  const rows = await ratingQuery(db).where(where).orderBy(desc(r.ratedAt), desc(r.id))
  return rows.map(toView)
}

/**
 * How many of each rating a client's requests received in [from, to): the
 * monthly service report's figure (the report decides the month's bounds).
 */
export async function ratingCounts(
  db: Db,
  clientId: number,
  from: Date,
  to: Date,
): Promise<Record<Rating, number>> {
  const r = tables.requestRatings
  const s = tables.supportRequests
  const rows = await db
    .select({ rating: r.rating, n: count() })
    .from(r)
    .innerJoin(s, eq(s.id, r.supportRequestId))
    .where(and(eq(s.clientId, clientId), gte(r.ratedAt, from), lt(r.ratedAt, to)))
    .groupBy(r.rating)
  const counts = { good: 0, okay: 0, poor: 0 }
  for (const row of rows) counts[row.rating as Rating] = row.n
  return counts
}

/** Poor ratings the owner has not marked handled, oldest first: the overview's follow-ups. */
export async function ratingFollowUps(db: Db): Promise<OwnerRating[]> {
  const r = tables.requestRatings
  const rows = await ratingQuery(db)
    .where(and(eq(r.rating, 'poor'), isNull(r.handledAt)))
    .orderBy(asc(r.ratedAt))
  return rows.map(toView)
}

/** Marks a poor rating's follow-up handled (idempotent: the first time is kept). */
export async function markRatingHandled(db: Db, ratingId: number, now = Date.now()): Promise<OwnerRating> {
  const r = tables.requestRatings
  await db
    .update(r)
    .set({ handledAt: sql`coalesce(${r.handledAt}, ${now})` })
    .where(eq(r.id, ratingId))
  const [row] = await ratingQuery(db).where(eq(r.id, ratingId))
  if (!row) throw new NotFound()
  return toView(row)
}
