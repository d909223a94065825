// A maintenance schedule's recurrence in words (issue 52.7): the owner picks
// "Every 3 months", "on the last Friday" from lists, and reads "Every month on
// the 1st" in the schedules table, never an RRULE code ("2TU", "-1FR"). The
// stored value stays the RRULE-like {freq, interval, byMonthDay, byWeekday}
// the server checks (schema/maintenance-payloads.server.ts); this module only
// turns it into words and back. Pure, so its unit test pins every phrase.
import type { MaintenanceFreq } from '../../../schema/maintenance'
import { ordinal } from '../../../schema/slot-time'

export const WEEKDAYS = [
  ['MO', 'Monday'],
  ['TU', 'Tuesday'],
  ['WE', 'Wednesday'],
  ['TH', 'Thursday'],
  ['FR', 'Friday'],
  ['SA', 'Saturday'],
  ['SU', 'Sunday'],
] as const
export type WeekdayCode = (typeof WEEKDAYS)[number][0]
const DAY_NAME = Object.fromEntries(WEEKDAYS) as Record<WeekdayCode, string>

/** The weeks of a month a weekday can fall in, as the server reads them ("-1": the last). */
export const WEEK_POSITIONS = [
  ['1', 'first'],
  ['2', 'second'],
  ['3', 'third'],
  ['4', 'fourth'],
  ['-1', 'last'],
] as const
export type WeekPosition = (typeof WEEK_POSITIONS)[number][0]
const POSITION_NAME = Object.fromEntries(WEEK_POSITIONS) as Record<WeekPosition, string>

const UNIT: Record<MaintenanceFreq, [string, string]> = {
  weekly: ['week', 'weeks'],
  monthly: ['month', 'months'],
  quarterly: ['quarter', 'quarters'],
  yearly: ['year', 'years'],
}

/** The most a schedule's interval may be (MAX_INTERVAL on the server). */
export const MAX_EVERY = 12

/** "Every week", "Every 2 weeks", "Every quarter", "Every 3 months". */
export function everyText(freq: MaintenanceFreq, interval: number): string {
  const [one, many] = UNIT[freq]
  return interval > 1 ? `Every ${interval} ${many}` : `Every ${one}`
}

/** The interval's choices for a frequency, 1 to MAX_EVERY, each in words. */
export const intervalOptions = (freq: MaintenanceFreq) =>
  Array.from({ length: MAX_EVERY }, (_, i) => ({ value: String(i + 1), label: everyText(freq, i + 1) }))

export type Recurrence = {
  freq: MaintenanceFreq
  interval: number
  byMonthDay: number | null
  byWeekday: string | null
}

/**
 * A recurrence in words: "Every month on the 1st", "Every 2 weeks on
 * Saturday", "Every quarter on the last Friday", "Every 3 months". A code it
 * does not know (a row written by hand) is shown without its day rather than
 * as the code.
 */
export function recurrenceText(r: Recurrence): string {
  const head = everyText(r.freq, r.interval)
  const m = r.byWeekday ? /^(-1|[1-4])?(MO|TU|WE|TH|FR|SA|SU)$/.exec(r.byWeekday) : null
  if (m?.[1]) return `${head} on the ${POSITION_NAME[m[1] as WeekPosition]} ${DAY_NAME[m[2] as WeekdayCode]}`
  if (m) return `${head} on ${DAY_NAME[m[2] as WeekdayCode]}`
  if (r.byMonthDay) return `${head} on the ${ordinal(r.byMonthDay)}`
  return head
}

/** Which day of its period a schedule falls on, as the form asks it. */
export type DayChoice =
  | { on: 'start' }
  | { on: 'monthDay'; day: number }
  | { on: 'weekday'; position: WeekPosition | ''; weekday: WeekdayCode }

/** The form's choice as the server's fields: a day of the month, or a weekday code ("TU", "2TU", "-1FR"). */
export function toFields(
  freq: MaintenanceFreq,
  choice: DayChoice,
): Pick<Recurrence, 'byMonthDay' | 'byWeekday'> {
  if (choice.on === 'monthDay' && freq !== 'weekly') return { byMonthDay: choice.day, byWeekday: null }
  if (choice.on === 'weekday')
    return { byMonthDay: null, byWeekday: `${freq === 'weekly' ? '' : choice.position}${choice.weekday}` }
  return { byMonthDay: null, byWeekday: null }
}
