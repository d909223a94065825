// The mail outbox: a notification is written in the same D1 batch as the
// request it announces, so a stored request always has its e-mail queued.
// Sending happens after the response (waitUntil) and, on failure, again from
// the cron trigger with exponential backoff. Delivery is at least once: a
// Worker stopped between sending and recording the result sends again later.
import { and, asc, count, eq, gte, inArray, isNull, lte, ne, type SQL, sql } from 'drizzle-orm'
import { OUTBOX_MAX_ATTEMPTS } from '../../schema/constants'
import type { Db } from '../db'
import { tables } from '../db'
import { log } from '../log'
import { letterHtml } from './letter-html'
import { sendMail } from './send'
import { headerSafe } from './templates'

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

/** An e-mail to queue: what it says, what it is, and the request it belongs to, if any. */
export type QueuedMail = OutboxMessage & {
  /** 'notification' when absent (the table's default); see schema/tables-mail.ts mailOutbox.kind. */
  kind?: string
  /** Files in R2 sent with it (the signed quote PDF, the invoice PDF). */
  attachments?: { key: string; filename: string; type: string }[]
  /** The request's id, or `last_insert_rowid()` in the batch that inserts the request. */
  consultationId?: number | SQL
  supportRequestId?: number | SQL
  /** Past the hourly cap: kept, but announced by the next digest instead of sent. */
  held?: boolean
}

/**
 * The one outbox insert (issue 29): every e-mail is queued through it, due at
 * `now`, and answers its row ids. It is a statement, not a promise, so it can
 * join a D1 batch with the write it belongs to; await it to run it alone.
 */
export function queueMail(db: Db, mail: QueuedMail | readonly QueuedMail[], now: Date) {
  const rows = (Array.isArray(mail) ? mail : [mail]).map(({ held, ...m }: QueuedMail) => ({
    ...m,
    nextAttemptAt: now,
    createdAt: now,
    updatedAt: now,
    ...(held ? { status: 'held' } : {}),
  }))
  return db.insert(tables.mailOutbox).values(rows).returning({ id: tables.mailOutbox.id })
}

/**
 * Queues messages that must go at most once for their cause (`onceKey`, e.g.
 * 'payment:12:receipt'): the unique index on mail_outbox.once_key turns a
 * second queueing (a retry, a replay, the cron's sweep) into nothing. Answers
 * the ids of the rows actually queued.
 */
export function queueMailOnce(db: Db, mail: readonly (QueuedMail & { onceKey: string })[], now: Date) {
  const rows = mail.map(({ held: _held, ...m }) => ({
    ...m,
    nextAttemptAt: now,
    createdAt: now,
    updatedAt: now,
  }))
  return db
    .insert(tables.mailOutbox)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: tables.mailOutbox.id })
}

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
  /** Past the hourly cap: kept, but announced by the next digest instead of sent. */
  held = false,
) {
  return queueMail(db, { ...message, [owner]: sql`last_insert_rowid()`, held }, now)
}

/**
 * Queues standalone messages (no request row to follow in a batch): the
 * billing mails of issue 26 (invoices, reminders, prepaid-block notices).
 * Returns their ids, for `deliverEach` after the answer; the cron retries.
 */
export async function enqueueMessages(
  db: Db,
  kind: string,
  messages: (Omit<OutboxMessage, 'replyTo'> & {
    replyTo?: string | null
    attachments?: QueuedMail['attachments']
  })[],
  now: Date,
): Promise<number[]> {
  if (!messages.length) return []
  const rows = await queueMail(
    db,
    messages.map((m) => ({ ...m, replyTo: m.replyTo ?? null, kind })),
    now,
  )
  return rows.map((r) => r.id)
}

// ---------- The hourly notification cap and its digest ----------

/** The digest's HTML: its intro and one item per held request's subject. */
export const digestHtml = (intro: string, subjects: string[]) =>
  letterHtml({ paragraphs: [intro], items: subjects })

const HOUR = 60 * MINUTE
export const DEFAULT_NOTIFY_HOURLY_CAP = 30

/** NOTIFY_HOURLY_CAP, or the default when unset or not a positive whole number. */
export function notifyHourlyCap(env: Env): number {
  const value = Number(env.NOTIFY_HOURLY_CAP)
  return Number.isInteger(value) && value > 0 ? value : DEFAULT_NOTIFY_HOURLY_CAP
}

/** The owner's own e-mails that share the hourly cap: new requests and requesters' replies (issue 28). */
const OWNER_NOTICE_KINDS = ['notification', 'customer_reply']

/**
 * Whether one more request (or reply) may have its own e-mail: fewer than the cap were
 * queued in the past hour. (Two requests at the same instant can both see the
 * last free place; the cap is a flood guard, not an exact quota.)
 */
export async function notificationBudgetLeft(db: Db, env: Env, now: Date): Promise<boolean> {
  const o = tables.mailOutbox
  const [row] = await db
    .select({ n: count() })
    .from(o)
    .where(
      and(
        inArray(o.kind, OWNER_NOTICE_KINDS),
        ne(o.status, 'held'),
        gte(o.createdAt, new Date(now.getTime() - HOUR)),
      ),
    )
  return (row?.n ?? 0) < notifyHourlyCap(env)
}

/**
 * Queues one digest of the held notifications, at most one an hour: the owner
 * gets the cap's worth of e-mails plus one digest, however many requests come.
 * Returns the digest's outbox id, or null when there is nothing to send yet.
 */
export async function queueDigest(db: Db, env: Env, now: number): Promise<number | null> {
  const o = tables.mailOutbox
  const [recent] = await db
    .select({ id: o.id })
    .from(o)
    .where(and(eq(o.kind, 'digest'), gte(o.createdAt, new Date(now - HOUR))))
    .limit(1)
  if (recent) return null
  const held = await db
    .select({ id: o.id, subject: o.subject })
    .from(o)
    .where(and(eq(o.status, 'held'), isNull(o.digestId)))
    .orderBy(asc(o.id))
  if (!held.length) return null
  const adminUrl = new URL('/admin', env.SITE_URL).toString()
  const intro = `More than ${notifyHourlyCap(env)} requests arrived within an hour, so these ${held.length} are listed here instead of one e-mail each. Every one is stored; read them in the admin panel: ${adminUrl}`
  const [[digest]] = await db.batch([
    queueMail(
      db,
      {
        kind: 'digest',
        recipient: env.NOTIFY_EMAIL,
        replyTo: null,
        subject: headerSafe(`${held.length} more requests (notification limit reached)`),
        textBody: [intro, '', ...held.map((h) => `- ${h.subject}`)].join('\n'),
        htmlBody: digestHtml(
          intro,
          held.map((h) => h.subject),
        ),
      },
      new Date(now),
    ),
    db
      .update(o)
      .set({ digestId: sql`last_insert_rowid()` })
      .where(
        and(
          eq(o.status, 'held'),
          isNull(o.digestId),
          inArray(
            o.id,
            held.map((h) => h.id),
          ),
        ),
      ),
  ])
  return digest!.id
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
  await db.batch([
    db
      .update(o)
      .set({ attempts, status: 'sent', sentAt: new Date(now), lastError: null })
      .where(eq(o.id, id)),
    // The requests a digest announces are delivered with it.
    db
      .update(o)
      .set({ status: 'sent', sentAt: new Date(now) })
      .where(and(eq(o.digestId, id), eq(o.status, 'held'))),
  ])
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

/** Sends queued messages one after another, in the background (failures stay for the cron). */
export async function deliverEach(db: Db, env: Env, ids: number[], now = Date.now()) {
  for (const id of ids) await deliverLogged(db, env, id, now)
}
