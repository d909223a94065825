// The daily cron: expiring open quotes and one reminder before expiry to a client who has not opened the quote.
import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm'
import { REMINDER_DAYS_BEFORE_EXPIRY } from '../../../schema/quotes'
import { addDays } from '../../../schema/slot-time'
import type { Db } from '../../db'
import { queueMail } from '../../mail/outbox'
import { visitorMailEnabled } from '../../mail/visitor'
import { today } from './create-and-edit'
import { getQuote } from './read'
import { quoteLink, quoteMail, quotePageLink } from './sending'
import { OPEN, q } from './shared'

// ---------- Cron ----------

/** Open quotes past their valid-until date (Central) become expired. */
export async function expireQuotes(db: Db, nowMs: number) {
  const now = new Date(nowMs)
  const rows = await db
    .update(q)
    .set({ status: 'expired', updatedAt: now })
    .where(and(inArray(q.status, [...OPEN]), sql`${q.validUntil} < ${today(now)}`))
    .returning({ id: q.id })
  return rows.length
}

/**
 * One reminder, a few days before expiry, to a client who has not opened the
 * quote (status still `sent`). Claimed by a conditional update, so it goes once.
 */
export async function queueQuoteReminders(db: Db, env: Env, nowMs: number): Promise<number[]> {
  if (!visitorMailEnabled(env)) return []
  const now = new Date(nowMs)
  const candidates = await db
    .select({ id: q.id })
    .from(q)
    .where(
      and(
        eq(q.status, 'sent'),
        isNull(q.reminderSentAt),
        sql`${q.validUntil} >= ${today(now)}`,
        lte(q.validUntil, addDays(today(now), REMINDER_DAYS_BEFORE_EXPIRY)),
      ),
    )
  const ids: number[] = []
  for (const { id } of candidates) {
    const [claimed] = await db
      .update(q)
      .set({ reminderSentAt: now })
      .where(and(eq(q.id, id), eq(q.status, 'sent'), isNull(q.reminderSentAt)))
      .returning({ id: q.id })
    if (!claimed) continue
    const d = await getQuote(db, id)
    if (!d.contact) continue
    const [mail] = await queueMail(
      db,
      quoteMail(
        env,
        d,
        d.contact,
        { signIn: await quoteLink(db, env, d.contact.id, id), page: quotePageLink(env, id) },
        true,
      ),
      now,
    )
    ids.push(mail!.id)
  }
  return ids
}
