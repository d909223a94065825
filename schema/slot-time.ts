// The consultation slot as the API wants it: the chosen calendar date and
// time, read as US Central wall-clock time (slots are the business's hours),
// sent as an ISO date-time in UTC. Plain Intl, so the public form carries no
// calendar library.
import { BUSINESS_TIME_ZONE } from './request-options'

const zoneParts = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
})

/** How far the business's wall clock is ahead of UTC at an instant, in ms (negative in the US). */
function zoneOffset(instant: number): number {
  const parts = Object.fromEntries(zoneParts.formatToParts(instant).map((p) => [p.type, Number(p.value)]))
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!)
  return wall - Math.floor(instant / 1000) * 1000
}

/** "2030-07-15" + "09:00" -> "2030-07-15T14:00:00.000Z" (09:00 CDT). Undefined if either is missing. */
export function slotInstant(date: string | undefined, time: string | undefined): string | undefined {
  const d = date?.match(/^(\d{4})-(\d{2})-(\d{2})$/)
  const t = time?.match(/^(\d{2}):(\d{2})$/)
  if (!d || !t) return undefined
  const wall = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]))
  if (Number.isNaN(wall)) return undefined
  // Two passes settle the offset on either side of a daylight-saving change.
  let instant = wall - zoneOffset(wall)
  instant = wall - zoneOffset(instant)
  return new Date(instant).toISOString()
}

/** Today's date in the business's time zone, as the date input wants it ("2030-07-15"). */
export function businessToday(now = new Date()): string {
  const parts = Object.fromEntries(zoneParts.formatToParts(now).map((p) => [p.type, p.value]))
  return `${parts.year}-${parts.month}-${parts.day}`
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

const longDate = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
})

/** "Tuesday, June 10, 2025" for a YYYY-MM-DD calendar date. */
export function formatCalendarDate(date: string): string {
  return longDate.format(new Date(`${date}T12:00:00Z`))
}
