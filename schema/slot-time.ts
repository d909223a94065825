// The business's time zone (US Central, BUSINESS_TIME_ZONE), in one module
// for the public form, the services and the mail: wall-clock times to
// instants and back, calendar dates and their labels. The consultation slot
// as the API wants it is the chosen calendar date and time read as Central
// wall-clock time, sent as an ISO date-time in UTC. Plain Intl, so the public
// form carries no calendar library (docs/decisions/073-one-home-per-rule.md).
import { madeOnFirstUse } from './made-on-first-use'
import { BUSINESS_TIME_ZONE } from './request-options'

const zoneParts = madeOnFirstUse(
  () =>
    new Intl.DateTimeFormat('en-US', {
      timeZone: BUSINESS_TIME_ZONE,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }),
)

/** The business's wall clock at an instant: year, month (1-12), day, hour (0-23), minute, second. */
export function businessParts(instant: number) {
  const p = Object.fromEntries(
    zoneParts()
      .formatToParts(instant)
      .map((x) => [x.type, Number(x.value)]),
  )
  return { y: p.year!, m: p.month!, d: p.day!, h: p.hour!, min: p.minute!, s: p.second! }
}

/** How far the business's wall clock is ahead of UTC at an instant, in ms (negative in the US). */
function zoneOffset(instant: number): number {
  const p = businessParts(instant)
  return Date.UTC(p.y, p.m - 1, p.d, p.h, p.min, p.s) - Math.floor(instant / 1000) * 1000
}

/** The instant of a business wall-clock time (month 1-12), daylight saving included. */
export function businessInstant(y: number, m: number, d: number, hour: number, minute = 0): number {
  const wall = Date.UTC(y, m - 1, d, hour, minute)
  // Two passes settle the offset on either side of a daylight-saving change.
  const instant = wall - zoneOffset(wall)
  return wall - zoneOffset(instant)
}

/** "2030-07-15" + "09:00" -> "2030-07-15T14:00:00.000Z" (09:00 CDT). Undefined if either is missing. */
export function slotInstant(date: string | undefined, time: string | undefined): string | undefined {
  const d = date?.match(/^(\d{4})-(\d{2})-(\d{2})$/)
  const t = time?.match(/^(\d{2}):(\d{2})$/)
  if (!d || !t) return undefined
  const instant = businessInstant(Number(d[1]), Number(d[2]), Number(d[3]), Number(t[1]), Number(t[2]))
  if (Number.isNaN(instant)) return undefined
  return new Date(instant).toISOString()
}

/** The calendar date (YYYY-MM-DD) an instant falls on in the business time zone. */
export function businessDate(instant: Date): string {
  const p = businessParts(instant.getTime())
  return `${p.y}-${String(p.m).padStart(2, '0')}-${String(p.d).padStart(2, '0')}`
}

/** Today's date in the business's time zone, as the date input wants it ("2030-07-15"). */
export function businessToday(now = new Date()): string {
  return businessDate(now)
}

/** "09:00" -> "9:00 AM" (slot times are wall-clock times, so no zone is involved). */
export function formatSlotTime(time: string): string {
  const [h, m] = time.split(':').map(Number) as [number, number]
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`
}

/** The calendar date `days` after a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

/** 0 (Sunday) ... 6 (Saturday) for a YYYY-MM-DD date. */
export const weekdayOf = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay()

const longDate = madeOnFirstUse(
  () =>
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'UTC',
      weekday: 'long',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
    }),
)

/** "Tuesday, June 10, 2025" for a YYYY-MM-DD calendar date. */
export function formatCalendarDate(date: string): string {
  return longDate().format(new Date(`${date}T12:00:00Z`))
}

const shortDate = madeOnFirstUse(
  () =>
    new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' }),
)

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/

/**
 * "Dec 19, 2026" for a calendar date ("2026-12-19"), the way every admin
 * list and detail, and a portal table column on a phone, shows a day (issue 52.7: no ISO date shown to a person).
 * A date-time is read as the day it falls on in the business time zone, where
 * the records' days live. Anything else is shown as it is; null and '' as ''.
 */
export function formatShortDate(date: string | null | undefined): string {
  if (!date) return ''
  if (CALENDAR_DATE.test(date)) {
    const d = new Date(`${date}T12:00:00Z`)
    return Number.isNaN(d.getTime()) ? date : shortDate().format(d)
  }
  const instant = new Date(date)
  return Number.isNaN(instant.getTime())
    ? date
    : shortDate().format(new Date(`${businessDate(instant)}T12:00:00Z`))
}

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]

/** "November 2026" for a billing period or report month ("2026-11"); anything else as it is. */
export function formatPeriod(period: string | null | undefined): string {
  if (!period) return ''
  const m = /^(\d{4})-(\d{2})$/.exec(period)
  const name = m ? MONTH_NAMES[Number(m[2]) - 1] : undefined
  return m && name ? `${name} ${m[1]}` : period
}

/** "1st", "2nd", "3rd", "11th", "22nd": a day of the month as people say it. */
export function ordinal(n: number): string {
  const tens = n % 100
  if (tens >= 11 && tens <= 13) return `${n}th`
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`
}
