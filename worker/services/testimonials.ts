// Testimonials with consent (issue 40, ADR 160): offered after a good rating,
// kept with the consent's exact words and time, shown on the home page and
// /about once the owner approves, and taken off at once when withdrawn (the
// public reads and rendered pages are purged, worker/cache/public-reads.ts).
import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import { type TestimonialInput, testimonialInput } from '../../schema/rating-payloads.server'
import { CONSENT_WORDING, type PublicTestimonial, type TestimonialStatus } from '../../schema/ratings'
import { purgePublicReads } from '../cache/public-reads'
import type { Db } from '../db'
import { tables } from '../db'
import { isUniqueViolation } from './booking'
import { Conflict, Invalid, NotFound } from './errors'

export const TESTIMONIAL_MESSAGES = {
  notGood: 'We ask to quote only after a good rating.',
  already: 'You have already sent words we may quote for this request. Thank you!',
  reviewed: 'Only a testimonial waiting for approval (or approved) can change like this.',
} as const

/** How many approved testimonials the public pages show (newest first). */
export const PUBLIC_TESTIMONIALS = 6

function parseTestimonial(raw: unknown): TestimonialInput {
  const result = testimonialInput.safeParse(raw)
  if (result.success) return result.data
  const errors: Record<string, string> = {}
  for (const issue of result.error.issues) errors[String(issue.path[0] ?? 'input')] ??= issue.message
  throw new Invalid(errors)
}

/** The words a requester allows after a good rating of this request; once per rating. */
export async function giveTestimonial(db: Db, requestId: number, raw: unknown, now = Date.now()) {
  const input = parseTestimonial(raw)
  const r = tables.requestRatings
  const [rating] = await db
    .select({ id: r.id, rating: r.rating, email: tables.supportRequests.email })
    .from(r)
    .innerJoin(tables.supportRequests, eq(tables.supportRequests.id, r.supportRequestId))
    .where(eq(r.supportRequestId, requestId))
  if (rating?.rating !== 'good') throw new Conflict(TESTIMONIAL_MESSAGES.notGood)
  try {
    const [row] = await db
      .insert(tables.testimonials)
      .values({
        ratingId: rating.id,
        email: rating.email.toLowerCase(),
        quote: input.quote,
        displayName: input.displayName,
        practiceName: input.practiceName,
        consentWording: CONSENT_WORDING,
        consentedAt: new Date(now),
      })
      .returning()
    return row!
  } catch (err) {
    if (isUniqueViolation(err)) throw new Conflict(TESTIMONIAL_MESSAGES.already)
    throw err
  }
}

export type OwnerTestimonial = {
  id: number
  requestReference: string
  quote: string
  displayName: string
  practiceName: string
  email: string
  consentWording: string
  consentedAt: string
  status: TestimonialStatus
  reviewedAt: string | null
  withdrawnAt: string | null
}

function testimonialQuery(db: Db) {
  const t = tables.testimonials
  return db
    .select({
      id: t.id,
      requestReference: tables.supportRequests.reference,
      quote: t.quote,
      displayName: t.displayName,
      practiceName: t.practiceName,
      email: t.email,
      consentWording: t.consentWording,
      consentedAt: t.consentedAt,
      status: t.status,
      reviewedAt: t.reviewedAt,
      withdrawnAt: t.withdrawnAt,
    })
    .from(t)
    .innerJoin(tables.requestRatings, eq(tables.requestRatings.id, t.ratingId))
    .innerJoin(tables.supportRequests, eq(tables.supportRequests.id, tables.requestRatings.supportRequestId))
}

const toView = (
  row: Awaited<ReturnType<ReturnType<typeof testimonialQuery>['all']>>[number],
): OwnerTestimonial => ({
  ...row,
  requestReference: row.requestReference ?? '',
  status: row.status as TestimonialStatus,
  consentedAt: row.consentedAt.toISOString(),
  reviewedAt: row.reviewedAt?.toISOString() ?? null,
  withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
})

/** Every testimonial for the owner's content editor, newest first. */
export async function listTestimonials(db: Db): Promise<OwnerTestimonial[]> {
  const rows = await testimonialQuery(db).orderBy(
    desc(tables.testimonials.consentedAt),
    desc(tables.testimonials.id),
  )
  return rows.map(toView)
}

/** Approves or rejects (an approved one may still be rejected later); the pages change at once. */
export async function reviewTestimonial(
  db: Db,
  id: number,
  decision: 'approved' | 'rejected',
  now = Date.now(),
): Promise<OwnerTestimonial> {
  const t = tables.testimonials
  const done = await db
    .update(t)
    .set({ status: decision, reviewedAt: new Date(now) })
    .where(and(eq(t.id, id), inArray(t.status, ['pending', 'approved', 'rejected'])))
    .returning({ id: t.id })
  if (!done.length) {
    const [exists] = await db.select({ id: t.id }).from(t).where(eq(t.id, id))
    throw exists ? new Conflict(TESTIMONIAL_MESSAGES.reviewed) : new NotFound()
  }
  await purgePublicReads()
  const [row] = await testimonialQuery(db).where(eq(t.id, id))
  return toView(row!)
}

/** What the home page and /about show: approved and not withdrawn, newest first. */
export async function publicTestimonials(db: Db): Promise<PublicTestimonial[]> {
  const t = tables.testimonials
  return db
    .select({ id: t.id, quote: t.quote, displayName: t.displayName, practiceName: t.practiceName })
    .from(t)
    .where(eq(t.status, 'approved'))
    .orderBy(desc(t.reviewedAt), desc(t.id))
    .limit(PUBLIC_TESTIMONIALS)
}

/** A portal contact's own testimonials (given from their address). */
export async function contactTestimonials(db: Db, email: string): Promise<OwnerTestimonial[]> {
  const t = tables.testimonials
  const rows = await testimonialQuery(db)
    .where(eq(t.email, email.toLowerCase()))
    .orderBy(desc(t.consentedAt), desc(t.id))
  return rows.map(toView)
}

/**
 * Withdraws the consent: the testimonial leaves the pages at once (the purge
 * runs before the answer, not in the background). Another person's is NotFound.
 */
export async function withdrawTestimonial(db: Db, email: string, id: number, now = Date.now()) {
  const t = tables.testimonials
  const [row] = await db
    .update(t)
    .set({ status: 'withdrawn', withdrawnAt: sql`coalesce(${t.withdrawnAt}, ${now})` })
    .where(and(eq(t.id, id), eq(t.email, email.toLowerCase())))
    .returning({ id: t.id })
  if (!row) throw new NotFound('Testimonial not found')
  await purgePublicReads()
  const [view] = await testimonialQuery(db).where(eq(t.id, id))
  return toView(view!)
}
