// How a person reads a date-time, everywhere (portal and admin, issue 36):
// in the business's time zone (BUSINESS_TIME_ZONE, US Central), with the zone
// named. A module of its own and nothing else, because every portal page loads
// it and /portal's JavaScript is near its budget.
import { madeOnFirstUse } from './made-on-first-use'
import { BUSINESS_TIME_ZONE } from './request-options'

const peopleDateTime = madeOnFirstUse(
  () =>
    new Intl.DateTimeFormat('en-US', {
      timeZone: BUSINESS_TIME_ZONE,
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    }),
)

/**
 * Every date-time a person reads (portal and admin: messages, requests,
 * signatures, files), in the business's zone and with the zone named:
 * "Nov 26, 2026, 3:01 PM CST". One function, so the server's render (UTC) and
 * a browser in another zone never show the same instant two ways
 * (docs/decisions/130-one-date-time-format.md). Anything that is
 * not a date-time is shown as it is.
 */
export function formatBusinessDateTime(instant: string | number | Date): string {
  const date = instant instanceof Date ? instant : new Date(instant)
  return Number.isNaN(date.getTime()) ? String(instant) : peopleDateTime().format(date)
}
