// Rescheduling by day (issue 28): the manage page and the portal show the
// bookable days first, then one day's times. The chosen day travels in the
// address (?day=2026-11-24), so without JavaScript the day list is plain links
// and the server renders that day's times; with it, the same links switch the
// day in place. One function decides which day is shown, for both pages.
import type { FreeDay } from '../../schema/booking'

/**
 * A YYYY-MM-DD calendar date as a day picker shows it (issue 28: days with
 * weekday names): "Tue, Nov 24" to see, "Tuesday, November 24" to hear.
 */
export function formatDay(date: string): { short: string; long: string } {
  // Formatters made here, not at the top: a module-level `new` would stay in
  // the browser's copy of this module. Here rather than in schema/slot-time.ts,
  // whose browser chunk the schedule form shares at the edge of its JS budget.
  const at = new Date(`${date}T12:00:00Z`)
  const f = (weekday: 'short' | 'long', month: 'short' | 'long') =>
    new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday, month, day: 'numeric' }).format(at)
  return { short: f('short', 'short'), long: f('long', 'long') }
}

export const DAY_MESSAGES = {
  notADay: 'That is not a day in the list; choose one of the days shown.',
  noTimes: (date: string) => `No free times on ${formatDay(date).long}; choose one of the days shown.`,
} as const

/** The day whose times are shown, or why none is: a 400 for an address that names no day at all. */
export type DayChoice = { day: string | null; problem: string | null; status: 200 | 400 }

const isCalendarDate = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) &&
  !Number.isNaN(Date.parse(`${value}T12:00:00Z`)) &&
  new Date(`${value}T12:00:00Z`).toISOString().slice(0, 10) === value

/**
 * Which day's times to show. Without a choice: the booking's own day when it
 * still has other free times (moving within the day is the likeliest change),
 * else the first free day. A real date with no free time (a weekend, a blocked
 * day, one past the horizon or fully taken) is said so; anything else is a 400.
 */
export function chooseDay(
  booking: { date: string; freeDays: FreeDay[]; changeable: boolean },
  param: string | null,
): DayChoice {
  const offered = (date: string) => booking.freeDays.some((d) => d.date === date)
  if (!booking.changeable) return { day: null, problem: null, status: 200 }
  if (param === null || param === '') {
    const day = offered(booking.date) ? booking.date : (booking.freeDays[0]?.date ?? null)
    return { day, problem: null, status: 200 }
  }
  if (!isCalendarDate(param)) return { day: null, problem: DAY_MESSAGES.notADay, status: 400 }
  if (!offered(param)) return { day: null, problem: DAY_MESSAGES.noTimes(param), status: 200 }
  return { day: param, problem: null, status: 200 }
}
