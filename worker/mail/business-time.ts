// Calendar arithmetic in the business's time zone (US Central). Slots are
// Central times and "today" is Central today, whatever zone the visitor is in.
import { BUSINESS_TIME_ZONE } from '../../schema/request-options'

const dateParts = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})

/** The calendar date (YYYY-MM-DD) an instant falls on in the business time zone. */
export function businessDate(instant: Date): string {
  const parts = Object.fromEntries(dateParts.formatToParts(instant).map((p) => [p.type, p.value]))
  return `${parts.year}-${parts.month}-${parts.day}`
}

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
