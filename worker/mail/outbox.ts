// The mail outbox: a notification is written in the same D1 batch as the
// request it announces, so a stored request always has its e-mail queued.
// Sending happens after the response (waitUntil) and, on failure, again from
// the cron trigger with exponential backoff. Delivery is at least once: a
// Worker stopped between sending and recording the result sends again later.
import { and, asc, eq, lte, sql } from 'drizzle-orm'
import { OUTBOX_MAX_ATTEMPTS } from '../../schema/constants'
import type { Db } from '../db'
import { tables } from '../db'
import { log } from '../http/logging'
import { sendMail } from './send'

export type OutboxMessage = {
  recipient: string
  replyTo: string | null
  subject: string
  textBody: string
  htmlBody: string
  ics?: string | null
}

export type DeliveryOutcome = 'sent' | 'retry' | 'failed' | 'skipped'

const MINUTE = 60_000
const MAX_BACKOFF_MS = 6 * 60 * MINUTE
/** While one invocation sends a message, no other picks it up (longer than any send takes). */
const CLAIM_LEASE_MS = 2 * MINUTE
/** Rows handled per cron run, so one run stays well inside its CPU and subrequest limits. */
export const OUTBOX_BATCH_SIZE = 20

/** Wait after the n-th failed attempt: 2^n minutes, at most 6 hours (2, 4, 8 ... 128 min). */
export const retryDelayMs = (failedAttempts: number) => Math.min(2 ** failedAttempts * MINUTE, MAX_BACKOFF_MS)

/**
 * The outbox insert for a D1 batch, placed right after the insert of its
 * request. D1 runs a batch's statements in order in one transaction, so
 * `last_insert_rowid()` is the id of the request inserted just before.
 */
export function enqueueAfterInsert(
  db: Db,
  owner: 'consultationId' | 'supportRequestId',
  message: OutboxMessage,
  now: Date,
) {
  return db
    .insert(tables.mailOutbox)
    .values({ ...message, [owner]: sql`last_insert_rowid()`, nextAttemptAt: now })
    .returning({ id: tables.mailOutbox.id })
}

/** Takes a due pending message for this invocation by pushing its next attempt past the lease. */
async function claim(db: Db, id: number, now: number) {
  const o = tables.mailOutbox
  const [row] = await db
    .update(o)
    .set({ nextAttemptAt: new Date(now + CLAIM_LEASE_MS) })
    .where(and(eq(o.id, id), eq(o.status, 'pending'), lte(o.nextAttemptAt, new Date(now))))
    .returning()
  return row ?? null
}

/** One delivery attempt of a due message; records the outcome on the row. */
export async function deliver(db: Db, env: Env, id: number, now = Date.now()): Promise<DeliveryOutcome> {
  const o = tables.mailOutbox
  const row = await claim(db, id, now)
  if (!row) return 'skipped'
  const attempts = row.attempts + 1
  try {
    await sendMail(env, row)
  } catch (err) {
    const failed = attempts >= OUTBOX_MAX_ATTEMPTS
    const lastError = (err instanceof Error ? `${err.name}: ${err.message}` : String(err)).slice(0, 500)
    await db
      .update(o)
      .set({
        attempts,
        lastError,
        status: failed ? 'failed' : 'pending',
        nextAttemptAt: new Date(now + retryDelayMs(attempts)),
      })
      .where(eq(o.id, id))
    log(failed ? 'error' : 'warn', failed ? 'mail failed for good' : 'mail send failed, will retry', {
      outboxId: id,
      attempts,
      error: lastError,
    })
    return failed ? 'failed' : 'retry'
  }
  await db
    .update(o)
    .set({ attempts, status: 'sent', sentAt: new Date(now), lastError: null })
    .where(eq(o.id, id))
  return 'sent'
}

/** The cron's work: one attempt for each due pending message, oldest due first. */
export async function deliverDue(db: Db, env: Env, now: number, limit = OUTBOX_BATCH_SIZE) {
  const o = tables.mailOutbox
  const due = await db
    .select({ id: o.id })
    .from(o)
    .where(and(eq(o.status, 'pending'), lte(o.nextAttemptAt, new Date(now))))
    .orderBy(asc(o.nextAttemptAt), asc(o.id))
    .limit(limit)
  const outcomes: DeliveryOutcome[] = []
  // One at a time: a handful of rows, and it keeps the subrequest count predictable.
  for (const { id } of due) outcomes.push(await deliverLogged(db, env, id, now))
  return outcomes
}

/**
 * `deliver` for background use (waitUntil, cron): a database error is logged
 * rather than thrown, and the row stays pending for the next run.
 */
export async function deliverLogged(db: Db, env: Env, id: number, now = Date.now()) {
  try {
    return await deliver(db, env, id, now)
  } catch (err) {
    log('error', 'mail outbox error', { outboxId: id, error: String(err) })
    return 'skipped' as const
  }
}
