// The owner's availability and the free consultation slots it leaves (issue 17).
// One set of rules serves the public availability answer, the form, the
// server's check of a booking and the visitor's reschedule: a slot is free when
// it is inside the weekly hours and the horizon, past the minimum notice, not on
// a blocked day (a blocked range, or a US federal holiday the owner did not
// unblock), and not held by a pending or confirmed consultation
// (docs/decisions/058-availability.md).
import { and, eq, gte, inArray } from 'drizzle-orm'
import { type AvailabilityInput, meetingLocationProblem } from '../../schema/availability-payload'
import type { FreeDay, PublicAvailability } from '../../schema/booking'
import { federalHolidayOn } from '../../schema/holidays'
import { BUSINESS_TIME_ZONE, TIME_SLOTS } from '../../schema/request-options'
import { addDays, businessDate, slotInstant, weekdayOf } from '../../schema/slot-time'
import type { Db } from '../db'
import { tables } from '../db'
import { AHEAD_MS, busyBetween, overlaps } from './calendar-sources'
import { Invalid } from './errors'

export type Availability = {
  /** Weekday (0 Sunday ... 6 Saturday) to its slot start times, Central. */
  weeklyHours: Record<string, string[]>
  /** Blocked dates and ranges, inclusive Central calendar dates. */
  blocked: { from: string; to: string; note: string | null }[]
  minNoticeMinutes: number
  horizonDays: number
  meetingMinutes: number
  changeCutoffHours: number
  /** How the meeting happens (issue 28): none set, a phone number to call, or a video link. */
  meetingLocationKind: string
  meetingLocation: string | null
  /** Federal holidays the owner opened for bookings; every other one is blocked (issue 28). */
  unblockedHolidays: string[]
}

const SPEC_SLOTS = TIME_SLOTS.map((s) => s.value)

/** Issue 17's defaults: Monday-Friday with the SPEC §9 slots, 2 h notice, 60 days, 30 min, 24 h cut-off. */
export const DEFAULT_AVAILABILITY: Availability = {
  weeklyHours: {
    '0': [],
    '1': SPEC_SLOTS,
    '2': SPEC_SLOTS,
    '3': SPEC_SLOTS,
    '4': SPEC_SLOTS,
    '5': SPEC_SLOTS,
    '6': [],
  },
  blocked: [],
  minNoticeMinutes: 120,
  horizonDays: 60,
  meetingMinutes: 30,
  changeCutoffHours: 24,
  meetingLocationKind: 'none',
  meetingLocation: null,
  unblockedHolidays: [],
}

/** Statuses that hold a slot; a cancelled (or completed) consultation frees it. */
export const HOLDING_STATUSES = ['pending', 'confirmed'] as const

export async function getAvailability(db: Db): Promise<Availability> {
  const [row] = await db
    .select()
    .from(tables.availabilitySettings)
    .where(eq(tables.availabilitySettings.id, 1))
  if (!row) return DEFAULT_AVAILABILITY
  const { id: _id, createdAt: _c, updatedAt: _u, ...settings } = row
  return settings
}

export async function saveAvailability(db: Db, input: AvailabilityInput): Promise<Availability> {
  const t = tables.availabilitySettings
  // Join details must fit their kind (issue 28); with no kind, none are kept.
  const kind = input.meetingLocationKind ?? 'none'
  const problem = meetingLocationProblem(kind, input.meetingLocation ?? null)
  if (problem) throw new Invalid({ meetingLocation: problem })
  const values = {
    id: 1,
    ...input,
    meetingLocationKind: kind,
    meetingLocation: kind === 'none' ? null : (input.meetingLocation ?? null),
    updatedAt: new Date(),
  }
  await db.insert(t).values(values).onConflictDoUpdate({ target: t.id, set: values })
  return getAvailability(db)
}

export type SlotProblem = { field: 'preferredDate' | 'preferredTime'; message: string }

export const SLOT_MESSAGES = {
  past: 'Choose today or a later date',
  tooFar: (days: number) => `Choose a date within the next ${days} days`,
  closedDay: 'No consultations are offered on that day; choose another date',
  blocked: 'That day is not available; choose another date',
  notOffered: 'That time is not offered on that day; choose another time',
  tooSoon: (minutes: number) =>
    `That time is too soon; bookings need ${minutes >= 60 && minutes % 60 === 0 ? `${minutes / 60} hour${minutes === 60 ? '' : 's'}` : `${minutes} minutes`} notice`,
  taken: 'That time was just booked by someone else; choose another free time',
} as const

/** A blocked range, or a federal holiday the owner has not unblocked (issue 28, schema/holidays.ts). */
const isBlocked = (a: Availability, date: string) =>
  a.blocked.some((b) => b.from <= date && date <= b.to) ||
  (federalHolidayOn(date) !== null && !a.unblockedHolidays.includes(date))

/**
 * Why a slot cannot be booked by its rules alone (not whether it is taken), or
 * null when it can. `date` is a Central calendar date, `time` a slot start.
 */
export function slotProblem(a: Availability, date: string, time: string, now: Date): SlotProblem | null {
  const today = businessDate(now)
  if (date < today) return { field: 'preferredDate', message: SLOT_MESSAGES.past }
  if (date > addDays(today, a.horizonDays))
    return { field: 'preferredDate', message: SLOT_MESSAGES.tooFar(a.horizonDays) }
  const hours = a.weeklyHours[String(weekdayOf(date))] ?? []
  if (hours.length === 0) return { field: 'preferredDate', message: SLOT_MESSAGES.closedDay }
  if (isBlocked(a, date)) return { field: 'preferredDate', message: SLOT_MESSAGES.blocked }
  if (!hours.includes(time)) return { field: 'preferredTime', message: SLOT_MESSAGES.notOffered }
  const start = Date.parse(slotInstant(date, time)!)
  if (start < now.getTime() + a.minNoticeMinutes * 60_000)
    return { field: 'preferredTime', message: SLOT_MESSAGES.tooSoon(a.minNoticeMinutes) }
  return null
}

/** The slots held by pending or confirmed consultations from `now` on, as "date|time" keys. */
async function heldSlots(db: Db, now: Date, exceptId?: number): Promise<Set<string>> {
  const c = tables.consultations
  const rows = await db
    .select({ id: c.id, preferredDate: c.preferredDate, preferredTime: c.preferredTime })
    .from(c)
    .where(
      and(
        inArray(c.status, [...HOLDING_STATUSES]),
        // Stored slots are canonical UTC ISO strings, so they compare as text; a day's margin keeps today's.
        gte(c.preferredDate, new Date(now.getTime() - 86_400_000).toISOString()),
      ),
    )
  return new Set(
    rows
      .filter((r) => r.id !== exceptId)
      .map((r) => `${businessDate(new Date(r.preferredDate))}|${r.preferredTime}`),
  )
}

/**
 * Every bookable day from today to the horizon with its free slots (days with
 * none are left out); `only` narrows it to one date. `exceptId` leaves one
 * consultation's own slot free (a visitor moving their booking).
 */
export async function freeDays(
  db: Db,
  a: Availability,
  now: Date,
  { only, exceptId }: { only?: string; exceptId?: number } = {},
): Promise<FreeDay[]> {
  const today = businessDate(now)
  const [held, busy] = await Promise.all([
    heldSlots(db, now, exceptId),
    // The owner's own calendars (issue 56): a slot that overlaps a busy time is not offered.
    busyBetween(db, now.getTime() - 86_400_000, now.getTime() + (a.horizonDays + 2) * 86_400_000),
  ])
  const meeting = a.meetingMinutes * 60_000
  const busyAt = (date: string, time: string) => {
    const start = Date.parse(slotInstant(date, time)!)
    return overlaps(busy, start, start + meeting)
  }
  const dates = only ? [only] : Array.from({ length: a.horizonDays + 1 }, (_, i) => addDays(today, i))
  const days: FreeDay[] = []
  for (const date of dates) {
    const hours = a.weeklyHours[String(weekdayOf(date))] ?? []
    const slots = hours
      .filter(
        (time) =>
          !held.has(`${date}|${time}`) && slotProblem(a, date, time, now) === null && !busyAt(date, time),
      )
      .sort()
    if (slots.length) days.push({ date, slots })
  }
  return days
}

/** The free slots of one day (empty when none), for a refused or taken booking. */
export async function freeSlotsOn(db: Db, date: string, now: Date, exceptId?: number): Promise<string[]> {
  const a = await getAvailability(db)
  return (await freeDays(db, a, now, { only: date, exceptId }))[0]?.slots ?? []
}

/** The public availability answer: free slots only, nothing about who holds the others. */

export async function publicAvailability(db: Db, now = new Date()): Promise<PublicAvailability> {
  const a = await getAvailability(db)
  return {
    timeZone: BUSINESS_TIME_ZONE,
    meetingMinutes: a.meetingMinutes,
    changeCutoffHours: a.changeCutoffHours,
    days: await freeDays(db, a, now),
  }
}

export type BookingConflict = { id: number; reference: string | null; name: string; start: string }

/**
 * Pending or confirmed bookings that a busy time of the owner's calendars now
 * overlaps (issue 56): shown to the owner as conflicts, never moved.
 */
export async function bookingConflicts(db: Db, now = new Date()): Promise<BookingConflict[]> {
  const c = tables.consultations
  const [a, rows] = await Promise.all([
    getAvailability(db),
    db
      .select({ id: c.id, reference: c.reference, name: c.name, start: c.preferredDate })
      .from(c)
      .where(and(inArray(c.status, [...HOLDING_STATUSES]), gte(c.preferredDate, now.toISOString())))
      .orderBy(c.preferredDate),
  ])
  if (!rows.length) return []
  const busy = await busyBetween(db, now.getTime(), now.getTime() + AHEAD_MS)
  return rows.filter((r) => {
    const start = Date.parse(r.start)
    return overlaps(busy, start, start + a.meetingMinutes * 60_000)
  })
}
