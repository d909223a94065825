// The compliance desk's words and its one deadline rule (issue 39), pure so
// the Worker, the admin and the tests compute the same clock. Dates are the
// business time zone's calendar dates (schema/slot-time.ts); a deadline ends
// at 23:59 business time of its day, daylight saving included.
import { federalHolidayOn } from './holidays'
import { addDays, businessDate, businessInstant, weekdayOf } from './slot-time'

export const BAA_SOURCES = ['quote', 'recorded'] as const
export type BaaSource = (typeof BAA_SOURCES)[number]
export const DAY_KINDS = ['calendar', 'business'] as const
export type DayKind = (typeof DAY_KINDS)[number]
export const EPHI_INVOLVED = ['yes', 'no', 'unknown'] as const
export type EphiInvolved = (typeof EPHI_INVOLVED)[number]
export const DETERMINATIONS = ['breach', 'not_breach', 'undetermined'] as const
export type Determination = (typeof DETERMINATIONS)[number]
export const DETERMINATION_LABELS: Record<Determination, string> = {
  breach: 'Breach',
  not_breach: 'Not a breach (low probability of compromise)',
  undetermined: 'Undetermined',
}
export const DEADLINE_BASES = ['statute', 'contract'] as const
export type DeadlineBasis = (typeof DEADLINE_BASES)[number]
export const REMINDER_MARKS = ['half', '7d', '1d'] as const
export type ReminderMark = (typeof REMINDER_MARKS)[number]
export const BAA_RENEWAL_LEADS = [60, 14] as const

/** 45 CFR 164.410(b): no later than 60 calendar days after discovery. */
export const STATUTE_DAYS = 60

/** A business day: not a Saturday, Sunday or US federal holiday (observed days included). */
export function isBusinessDay(date: string): boolean {
  const w = weekdayOf(date)
  return w !== 0 && w !== 6 && federalHolidayOn(date) === null
}

/** The date `days` days after `date`, counting calendar days or business days only. */
export function addPeriod(date: string, days: number, kind: DayKind): string {
  if (kind === 'calendar') return addDays(date, days)
  let d = date
  let left = days
  while (left > 0) {
    d = addDays(d, 1)
    if (isBusinessDay(d)) left -= 1
  }
  return d
}

/** The last minute of a business calendar date (23:59 Central), as an instant. */
export function endOfBusinessDay(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  return businessInstant(y, m, d, 23, 59)
}

export type Deadline = { dueDate: string; dueAtMs: number; basis: DeadlineBasis }

/**
 * A client's notification deadline: the earlier of discovery + 60 calendar
 * days and the BAA's period (when the client has one). A tie goes to the
 * contract, which the owner signed and reads.
 */
export function notificationDeadline(
  discoveredAtMs: number,
  baa?: { notificationDays: number; notificationDayKind: DayKind } | null,
): Deadline {
  const discovered = businessDate(new Date(discoveredAtMs))
  const statute = addPeriod(discovered, STATUTE_DAYS, 'calendar')
  let dueDate = statute
  let basis: DeadlineBasis = 'statute'
  if (baa) {
    const contract = addPeriod(discovered, baa.notificationDays, baa.notificationDayKind)
    if (contract <= statute) {
      dueDate = contract
      basis = 'contract'
    }
  }
  return { dueDate, dueAtMs: endOfBusinessDay(dueDate), basis }
}

/** The reminder marks due at `nowMs` for a clock from discovery to the deadline (the latest first). */
export function reminderMarksDue(discoveredAtMs: number, dueAtMs: number, nowMs: number): ReminderMark[] {
  if (nowMs > dueAtMs) return []
  const day = 86_400_000
  const marks: ReminderMark[] = []
  if (nowMs >= dueAtMs - day) marks.push('1d')
  if (nowMs >= dueAtMs - 7 * day) marks.push('7d')
  if (nowMs >= discoveredAtMs + (dueAtMs - discoveredAtMs) / 2) marks.push('half')
  return marks
}

/** An ISO 8601 date-time with an explicit offset or Z ("2026-11-27T09:30:00-06:00"). */
export const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/

/** INC-2026-0007 */
export const incidentReference = (year: number, n: number) => `INC-${year}-${String(n).padStart(4, '0')}`
