// The client's side: their quotes only (another client's is NotFound), viewed marks, why a quote is closed.
import { and, desc, eq, ne } from 'drizzle-orm'
import type { Quote } from '../../../schema/tables'
import type { Db } from '../../db'
import { today } from './create-and-edit'
import { loadDetail, row } from './read'
import { type PortalScope, q } from './shared'

// ---------- The client's side (portal) ----------

/** A quote as its client sees it: never a draft, never another client's (NotFound, as for a missing one). */
export async function portalQuote(db: Db, scope: PortalScope, id: number) {
  return loadDetail(db, await row(db, id, scope.clientId))
}

/** The client's quotes for the portal's list (no drafts). */
export function portalQuotes(db: Db, scope: PortalScope) {
  return db
    .select({
      id: q.id,
      number: q.number,
      revision: q.revision,
      title: q.title,
      status: q.status,
      totalCents: q.totalCents,
      validUntil: q.validUntil,
    })
    .from(q)
    .where(and(eq(q.clientId, scope.clientId), ne(q.status, 'draft')))
    .orderBy(desc(q.id))
}

/** The first opening by the client marks the quote viewed (and stops the reminder). */
export async function markQuoteViewed(db: Db, scope: PortalScope, id: number, now = new Date()) {
  await db
    .update(q)
    .set({ status: 'viewed', viewedAt: now, updatedAt: now })
    .where(and(eq(q.id, id), eq(q.clientId, scope.clientId), eq(q.status, 'sent')))
}

/** Why a quote can no longer be accepted or declined (null: it can). */
export function closedReason(d: Pick<Quote, 'status' | 'validUntil'>, now: Date): string | null {
  switch (d.status) {
    case 'accepted':
      return 'This quote has already been accepted.'
    case 'declined':
      return 'This quote was declined and can no longer be accepted.'
    case 'withdrawn':
      return 'This quote was withdrawn and can no longer be accepted.'
    case 'superseded':
      return 'This quote was replaced by a newer revision.'
    case 'expired':
      return `This quote expired after ${d.validUntil} and can no longer be accepted.`
    case 'draft':
      return 'This quote has not been sent.'
  }
  if (d.validUntil < today(now))
    return `This quote expired after ${d.validUntil} and can no longer be accepted.`
  return null
}
