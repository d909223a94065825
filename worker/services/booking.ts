// A consultation as a booking (issue 17): the slot checks of a new request,
// the visitor's e-mails, the owner's confirm and cancel, the visitor's signed
// manage link (cancel or move up to the cut-off) and the day-before reminder.
// Slot integrity rests on the partial unique index of schema/tables-consultations.ts,
// never on a read before a write (docs/decisions/059-slot-integrity.md).
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { CANCEL_REASON_MAX, type ManagedBooking } from '../../schema/booking'
import { addDays, businessDate, formatCalendarDate, slotInstant } from '../../schema/slot-time'
import type { Consultation } from '../../schema/tables'
import { bookingUrl, verifyBookingToken } from '../booking/link'
import { purgeAvailability } from '../cache/public-reads'
import type { Db } from '../db'
import { tables } from '../db'
import { type BookingMailKind, bookingMail, joinDetails } from '../mail/booking-mail'
import { type OutboxMessage, queueMail } from '../mail/outbox'
import { replyAddress } from '../mail/reply-address'
import { visitorMailEnabled } from '../mail/visitor'
import {
  type Availability,
  freeDays,
  freeSlotsOn,
  getAvailability,
  HOLDING_STATUSES,
  SLOT_MESSAGES,
  slotProblem,
} from './availability'
import { Conflict, Forbidden, Invalid, NotFound } from './errors'

/** Whether a D1 error is the refusal of a unique index (the slot, or the uid). */
export const isUniqueViolation = (err: unknown) =>
  /UNIQUE constraint failed/i.test(String((err as { cause?: unknown })?.cause ?? '') + String(err))

/** The 409 for a slot held by someone else, with that day's free slots for the form. */
export async function slotTaken(db: Db, date: string, now: Date, exceptId?: number): Promise<Conflict> {
  const freeSlots = await freeSlotsOn(db, date, now, exceptId)
  return new Conflict(SLOT_MESSAGES.taken, { preferredTime: SLOT_MESSAGES.taken }, { date, freeSlots })
}

/**
 * The rules a requested slot must meet (400 with a field error), then whether it
 * is still free (409). The final word is the unique index at the write.
 */
export async function checkSlot(db: Db, date: string, time: string, now: Date, exceptId?: number) {
  const a = await getAvailability(db)
  const problem = slotProblem(a, date, time, now)
  if (problem) throw new Invalid({ [problem.field]: problem.message })
  // One read of the held slots, with the settings already in hand.
  const free = (await freeDays(db, a, now, { only: date, exceptId }))[0]?.slots ?? []
  if (!free.includes(time))
    throw new Conflict(SLOT_MESSAGES.taken, { preferredTime: SLOT_MESSAGES.taken }, { date, freeSlots: free })
  return a
}

/** The canonical stored form of a slot: the date's Central calendar day and time as one UTC instant. */
export function canonicalSlot(preferredDate: string, time: string) {
  const date = businessDate(new Date(preferredDate))
  return { date, preferredDate: slotInstant(date, time) ?? preferredDate }
}

/** Queues e-mails for one consultation; returns their outbox ids (the caller sends them after its answer). */
export async function enqueueForConsultation(
  db: Db,
  consultationId: number,
  messages: OutboxMessage[],
  now: Date,
): Promise<number[]> {
  if (!messages.length) return []
  const rows = await queueMail(
    db,
    // Not the owner's notification: the admin's delivery state and the hourly cap count only those.
    messages.map((m) => ({ ...m, consultationId, kind: 'booking' })),
    now,
  )
  return rows.map((r) => r.id)
}

type Booking = Consultation

/**
 * The booking's e-mails for one event: the visitor's (when visitor mail is
 * configured) and, for changes and reminders, the owner's calendar copy.
 */
async function bookingMessages(
  env: Env,
  kind: BookingMailKind,
  booking: Booking,
  a: Availability,
  now: Date,
  ownerCopy: boolean,
  /** The visitor's reason for cancelling, for the owner's copy only. */
  reason: string | null = null,
): Promise<OutboxMessage[]> {
  const messages: OutboxMessage[] = []
  const start = Date.parse(booking.preferredDate)
  if (visitorMailEnabled(env)) {
    const manageUrl = booking.uid ? await bookingUrl(env, booking.uid, start) : null
    // The visitor's answer lands in the request's thread (issue 15), like a reply from the admin.
    const replyTo = await replyAddress(env, 'consultation', booking.id)
    messages.push(
      bookingMail(env, kind, booking, {
        to: 'visitor',
        manageUrl,
        replyTo,
        minutes: a.meetingMinutes,
        now,
        place: a,
      }),
    )
  }
  if (ownerCopy)
    messages.push(
      bookingMail(env, kind, booking, {
        to: 'owner',
        manageUrl: null,
        minutes: a.meetingMinutes,
        now,
        reason,
        place: a,
      }),
    )
  return messages
}

async function loadBooking(db: Db, id: number): Promise<Booking> {
  const [row] = await db.select().from(tables.consultations).where(eq(tables.consultations.id, id))
  if (!row) throw new NotFound()
  return row
}

/** After a request is stored: the visitor's "request received" (when visitor mail is on). */
export async function queueReceived(db: Db, env: Env, id: number, now: Date): Promise<number[]> {
  if (!visitorMailEnabled(env)) return []
  const booking = await loadBooking(db, id)
  return enqueueForConsultation(
    db,
    id,
    await bookingMessages(env, 'received', booking, await getAvailability(db), now, false),
    now,
  )
}

/**
 * The owner changed a consultation's status: confirming sends the invitation,
 * cancelling withdraws it (to the visitor and to the owner's calendar), each
 * with the sequence raised. Other changes send nothing.
 */
export async function afterStatusChange(
  db: Db,
  env: Env,
  id: number,
  from: string,
  to: string,
  now = new Date(),
): Promise<number[]> {
  if (from === to) return []
  const kind: BookingMailKind | null =
    to === 'confirmed' ? 'confirmed' : to === 'cancelled' ? 'cancelled' : null
  if (to === 'cancelled' || from === 'cancelled') await purgeAvailability()
  if (!kind) return []
  const c = tables.consultations
  const [booking] = await db
    .update(c)
    .set({ sequence: sql`${c.sequence} + 1` })
    .where(eq(c.id, id))
    .returning()
  if (!booking) return []
  const a = await getAvailability(db)
  return enqueueForConsultation(
    db,
    id,
    await bookingMessages(env, kind, booking, a, now, kind === 'cancelled'),
    now,
  )
}

// ---------- The visitor's manage link ----------

export type { ManagedBooking }

export const BOOKING_MESSAGES = {
  badLink: 'This link is not valid or has expired.',
  pastCutoff: (hours: number) =>
    `Changes are possible up to ${hours} hours before the meeting; please reply to your e-mail instead.`,
  closed: 'This consultation can no longer be changed.',
  sameSlot: 'That is already the time of your consultation; choose another one.',
} as const

async function bookingForToken(db: Db, env: Env, token: string, now: Date): Promise<Booking> {
  const uid = await verifyBookingToken(env, token, now.getTime())
  if (!uid) throw new NotFound(BOOKING_MESSAGES.badLink)
  const [row] = await db.select().from(tables.consultations).where(eq(tables.consultations.uid, uid))
  if (!row) throw new NotFound(BOOKING_MESSAGES.badLink)
  return row
}

function changeWindow(a: Availability, booking: Booking, now: Date) {
  const until = Date.parse(booking.preferredDate) - a.changeCutoffHours * 3_600_000
  const open = (HOLDING_STATUSES as readonly string[]).includes(booking.status)
  return { until, changeable: open && now.getTime() <= until }
}

/** What the manage page shows: this booking only, never another's data. */
export async function viewBooking(
  db: Db,
  env: Env,
  token: string,
  now = new Date(),
): Promise<ManagedBooking> {
  return viewBookingOf(db, await bookingForToken(db, env, token, now), now)
}

/** The manage view of a booking already found (the portal finds it by the signed-in client, issue 24). */
export async function viewBookingOf(db: Db, booking: Booking, now = new Date()): Promise<ManagedBooking> {
  const a = await getAvailability(db)
  const { until, changeable } = changeWindow(a, booking, now)
  const date = businessDate(new Date(booking.preferredDate))
  return {
    reference: booking.reference ?? '',
    status: booking.status,
    date,
    time: booking.preferredTime,
    start: booking.preferredDate,
    dateLabel: formatCalendarDate(date),
    meetingMinutes: a.meetingMinutes,
    changeUntil: new Date(until).toISOString(),
    changeable,
    // The times to move to: the booking's own slot is held by it, so it is not among them.
    freeDays: changeable ? await freeDays(db, a, now) : [],
    // The same sentence as the mails and the invitation, so the page never tells another way to meet.
    joinDetails: booking.status === 'cancelled' ? null : joinDetails(a).instructions,
  }
}

function refuseChange(a: Availability, booking: Booking, now: Date) {
  if (!(HOLDING_STATUSES as readonly string[]).includes(booking.status))
    throw new Forbidden(BOOKING_MESSAGES.closed)
  if (!changeWindow(a, booking, now).changeable)
    throw new Forbidden(BOOKING_MESSAGES.pastCutoff(a.changeCutoffHours))
}

/**
 * The manage page's first step of a cancellation (issue 28: cancelling asks
 * for confirmation): refuses, with the same messages as the cancel itself, a
 * booking that can no longer be cancelled, so the visitor learns it before
 * writing a reason. Changes nothing.
 */
export async function checkCancellable(db: Db, env: Env, token: string, now = new Date()) {
  await checkCancellableOf(db, await bookingForToken(db, env, token, now), now)
}

/** The same first step, for a booking already found (the portal's): the same rules. */
export async function checkCancellableOf(db: Db, booking: Booking, now = new Date()) {
  refuseChange(await getAvailability(db), booking, now)
}

/** The visitor cancels: the slot is free again; both calendars get METHOD:CANCEL. */
export async function cancelBooking(db: Db, env: Env, token: string, now = new Date(), reason = '') {
  return cancelBookingOf(db, env, await bookingForToken(db, env, token, now), now, reason)
}

/**
 * The same cancel, for a booking already found (the portal's, issue 24): the same rules.
 * An optional reason reaches the owner twice: in their calendar copy's mail and
 * as the visitor's message in the request's thread (where the admin reads it).
 */
export async function cancelBookingOf(
  db: Db,
  env: Env,
  booking: Booking,
  now = new Date(),
  reasonInput = '',
) {
  const reason = reasonInput.trim()
  if (reason.length > CANCEL_REASON_MAX)
    throw new Invalid({ reason: `Keep the reason under ${CANCEL_REASON_MAX} characters` })
  const a = await getAvailability(db)
  refuseChange(a, booking, now)
  const c = tables.consultations
  // Conditional on the status it was read with, so a concurrent owner change is not overwritten.
  const [cancelled] = await db
    .update(c)
    .set({ status: 'cancelled', closedAt: now, sequence: sql`${c.sequence} + 1`, updatedAt: now })
    .where(and(eq(c.id, booking.id), eq(c.status, booking.status)))
    .returning()
  if (!cancelled) throw new Forbidden(BOOKING_MESSAGES.closed)
  await purgeAvailability()
  // As an incoming message of the thread (like a reply by mail), so the admin shows it with the request.
  if (reason)
    await db.insert(tables.requestMessages).values({
      consultationId: booking.id,
      direction: 'in',
      author: booking.email,
      body: `Cancelled by the visitor. Reason: ${reason}`,
      attachments: [],
      createdAt: now,
      updatedAt: now,
    })
  return enqueueForConsultation(
    db,
    booking.id,
    await bookingMessages(env, 'cancelled', cancelled, a, now, true, reason || null),
    now,
  )
}

/** The visitor moves to another free slot: 400 off the rules, 409 when taken meanwhile. */
export async function rescheduleBooking(
  db: Db,
  env: Env,
  token: string,
  slot: { preferredDate: string; preferredTime: string },
  now = new Date(),
) {
  return rescheduleBookingOf(db, env, await bookingForToken(db, env, token, now), slot, now)
}

/** The same move, for a booking already found (the portal's, issue 24): the same rules. */
export async function rescheduleBookingOf(
  db: Db,
  env: Env,
  booking: Booking,
  slot: { preferredDate: string; preferredTime: string },
  now = new Date(),
) {
  const a = await getAvailability(db)
  refuseChange(a, booking, now)
  // "Moving" to the time it already has would raise SEQUENCE and mail an update for nothing.
  if (
    businessDate(new Date(booking.preferredDate)) === slot.preferredDate &&
    booking.preferredTime === slot.preferredTime
  )
    throw new Invalid({ preferredTime: BOOKING_MESSAGES.sameSlot }, BOOKING_MESSAGES.sameSlot)
  await checkSlot(db, slot.preferredDate, slot.preferredTime, now, booking.id)
  const c = tables.consultations
  let moved: Booking | undefined
  try {
    ;[moved] = await db
      .update(c)
      .set({
        preferredDate: slotInstant(slot.preferredDate, slot.preferredTime)!,
        preferredTime: slot.preferredTime,
        sequence: sql`${c.sequence} + 1`,
        // A new day means a new reminder.
        reminderSentAt: null,
        updatedAt: now,
      })
      .where(and(eq(c.id, booking.id), inArray(c.status, [...HOLDING_STATUSES])))
      .returning()
  } catch (err) {
    if (isUniqueViolation(err)) throw await slotTaken(db, slot.preferredDate, now, booking.id)
    throw err
  }
  if (!moved) throw new Forbidden(BOOKING_MESSAGES.closed)
  await purgeAvailability()
  return enqueueForConsultation(db, booking.id, await bookingMessages(env, 'moved', moved, a, now, true), now)
}

// ---------- The day-before reminder ----------

/**
 * Queues one reminder (visitor and owner) for each confirmed consultation on
 * tomorrow's Central date. Each is claimed by a conditional write of
 * reminder_sent_at first, so however often the cron runs, it goes out once.
 */
export async function queueReminders(db: Db, env: Env, nowMs: number): Promise<number[]> {
  const now = new Date(nowMs)
  const tomorrow = addDays(businessDate(now), 1)
  const c = tables.consultations
  // Candidates by instant (a generous window around tomorrow), then by Central date.
  const from = new Date(Date.parse(`${tomorrow}T00:00:00Z`) - 86_400_000).toISOString()
  const to = new Date(Date.parse(`${tomorrow}T00:00:00Z`) + 2 * 86_400_000).toISOString()
  const candidates = await db
    .select()
    .from(c)
    .where(
      and(
        eq(c.status, 'confirmed'),
        isNull(c.reminderSentAt),
        sql`${c.preferredDate} >= ${from} and ${c.preferredDate} < ${to}`,
      ),
    )
  const a = await getAvailability(db)
  const ids: number[] = []
  for (const row of candidates.filter((r) => businessDate(new Date(r.preferredDate)) === tomorrow)) {
    const [claimed] = await db
      .update(c)
      .set({ reminderSentAt: now })
      .where(and(eq(c.id, row.id), isNull(c.reminderSentAt), eq(c.status, 'confirmed')))
      .returning({ id: c.id })
    if (!claimed) continue
    ids.push(
      ...(await enqueueForConsultation(
        db,
        row.id,
        await bookingMessages(env, 'reminder', row, a, now, true),
        now,
      )),
    )
  }
  return ids
}
