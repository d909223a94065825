// The owner's views and updates of requests (REST and GraphQL alike).
import { and, desc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm'
import type { RequestUpdateInput } from '../../../schema/payloads'
import { CLOSED_STATUSES, MAIL_STATUSES, SUPPORT_STATUSES } from '../../../schema/request-statuses'
import type { Db } from '../../db'
import { tables } from '../../db'
import { SLOT_MESSAGES } from '../availability'
import { afterStatusChange, isUniqueViolation } from '../booking'
import { Conflict, Invalid, NotFound } from '../errors'
import { parseId } from '../ids'
import { planTargetMs } from '../plans'
import { inviteRating } from '../ratings'
import { dueClock } from './due-clock'
import type { ConsultationView, Delivery, SupportRequestView } from './shared'

// ---------- Owner views ----------

// A request has exactly one notification in the outbox (its replies are
// rows of kind 'reply', shown in its thread); one without (never the case for rows
// this app writes) has no notification coming, which the admin shows as failed.
// A notification held for the digest (past the hourly cap) is still to come.
export const toDelivery = (status: string | null): Delivery =>
  status === 'held'
    ? 'pending'
    : (MAIL_STATUSES as readonly string[]).includes(status ?? '')
      ? (status as Delivery)
      : 'failed'

/** A request's columns as the owner sees them (the dedupe fingerprint is internal). */
const viewColumns = <T extends { fingerprint: unknown }>({ fingerprint: _internal, ...columns }: T) => {
  // A consultation's booking internals (issue 17) are not part of the owner's view either:
  // the uid is what the visitor's link names, the sequence and reminder flag are the mails' state.
  const {
    uid: _uid,
    sequence: _sequence,
    reminderSentAt: _reminder,
    ...view
  } = columns as T & {
    uid?: unknown
    sequence?: unknown
    reminderSentAt?: unknown
  }
  return view as Omit<T, 'fingerprint' | 'uid' | 'sequence' | 'reminderSentAt'>
}

function selectConsultations(db: Db, where?: SQL) {
  const c = tables.consultations
  const query = db
    .select({ ...viewColumns(getTableColumns(c)), mailStatus: tables.mailOutbox.status })
    .from(c)
    .leftJoin(
      tables.mailOutbox,
      // Only the owner's notification: the booking's other e-mails (kind 'booking') are not its delivery state.
      and(eq(tables.mailOutbox.consultationId, c.id), eq(tables.mailOutbox.kind, 'notification')),
    )
    .$dynamic()
  return (where ? query.where(where) : query).orderBy(desc(c.createdAt), desc(c.id))
}

function selectSupportRequests(db: Db, where?: SQL) {
  const s = tables.supportRequests
  // The paused clock's remainder is internal too: the owner sees dueAt (null while paused).
  const { dueRemainingMs: _paused, ...columns } = viewColumns(getTableColumns(s))
  const query = db
    .select({ ...columns, mailStatus: tables.mailOutbox.status })
    .from(s)
    .leftJoin(
      tables.mailOutbox,
      and(eq(tables.mailOutbox.supportRequestId, s.id), eq(tables.mailOutbox.kind, 'notification')),
    )
    .$dynamic()
  return (where ? query.where(where) : query).orderBy(desc(s.createdAt), desc(s.id))
}

const withDelivery = <T extends { mailStatus: string | null }>({ mailStatus, ...row }: T) => ({
  ...row,
  delivery: toDelivery(mailStatus),
})

/** Newest first, each with the delivery state of its notification. */
export async function listConsultations(db: Db): Promise<ConsultationView[]> {
  return (await selectConsultations(db)).map(withDelivery)
}

export async function listSupportRequests(db: Db): Promise<SupportRequestView[]> {
  return (await selectSupportRequests(db)).map(withDelivery)
}

/** One request as the list shows it; NotFound when it does not exist. */
export async function getConsultationView(db: Db, id: number): Promise<ConsultationView> {
  const [row] = await selectConsultations(db, eq(tables.consultations.id, id))
  if (!row) throw new NotFound()
  return withDelivery(row)
}

export async function getSupportRequestView(db: Db, id: number): Promise<SupportRequestView> {
  const [row] = await selectSupportRequests(db, eq(tables.supportRequests.id, id))
  if (!row) throw new NotFound()
  return withDelivery(row)
}

/** Only the fields given change: an absent `notes` keeps the notes, null or "" clears them. */
function changesOf(patch: RequestUpdateInput) {
  const changes: { status?: string; notes?: string | null; closedAt?: SQL | null } = {}
  if (patch.status !== undefined) {
    changes.status = patch.status
    // Retention counts from the close (worker/services/retention.ts); reopening stops the count.
    // Closing again keeps the first close time.
    changes.closedAt = (CLOSED_STATUSES as readonly string[]).includes(patch.status)
      ? sql`coalesce(closed_at, ${Date.now()})`
      : null
  }
  if (patch.notes !== undefined) changes.notes = patch.notes
  return changes
}

/** What a status change of a consultation sets off: the booking's e-mails, sent by the caller after its answer. */
export type BookingEffects = { env: Env; send: (outboxIds: number[]) => void }

export async function updateConsultation(
  db: Db,
  rawId: unknown,
  patch: RequestUpdateInput,
  effects?: BookingEffects,
): Promise<ConsultationView> {
  const id = parseId(rawId)
  const c = tables.consultations
  const changes = changesOf(patch)
  const [before] = await db.select({ status: c.status }).from(c).where(eq(c.id, id))
  if (!before) throw new NotFound()
  if (Object.keys(changes).length) {
    try {
      await db.update(c).set(changes).where(eq(c.id, id))
    } catch (err) {
      // Reopening a cancelled request whose slot someone else has booked since.
      if (isUniqueViolation(err)) throw new Conflict(SLOT_MESSAGES.taken, { status: SLOT_MESSAGES.taken })
      throw err
    }
  }
  if (effects && patch.status !== undefined)
    effects.send(await afterStatusChange(db, effects.env, id, before.status, patch.status))
  const [row] = await selectConsultations(db, eq(c.id, id))
  if (!row) throw new NotFound()
  return withDelivery(row)
}

export async function updateSupportRequest(
  db: Db,
  rawId: unknown,
  patch: RequestUpdateInput,
  now = Date.now(),
  /** Resolving or closing e-mails the requester a rating link (issue 40), after the answer. */
  mail?: { env: Env; later: (work: Promise<unknown>) => void },
): Promise<SupportRequestView> {
  const id = parseId(rawId)
  const s = tables.supportRequests
  if (patch.status !== undefined && !(SUPPORT_STATUSES as readonly string[]).includes(patch.status)) {
    throw new Invalid({ status: 'Choose a status' })
  }
  const changes: Record<string, unknown> = changesOf(patch)
  if (patch.status !== undefined) {
    const [current] = await db.select().from(s).where(eq(s.id, id))
    if (!current) throw new NotFound()
    Object.assign(
      changes,
      dueClock(current, patch.status, now, await planTargetMs(db, current.clientId, current.urgency)),
    )
  }
  if (Object.keys(changes).length) await db.update(s).set(changes).where(eq(s.id, id))
  if (mail && patch.status && (CLOSED_STATUSES as readonly string[]).includes(patch.status))
    await inviteRating(db, mail.env, id, mail.later, now)
  const [row] = await selectSupportRequests(db, eq(s.id, id))
  if (!row) throw new NotFound()
  return withDelivery(row)
}
