// The consultation slot as the API wants it: the chosen calendar date and
// time, read as US Central wall-clock time (slots are the business's hours),
// sent as an ISO date-time in UTC.
import { parseDate, parseTime, toCalendarDateTime, toZoned } from '@internationalized/date'
import { BUSINESS_TIME_ZONE } from '../../schema/request-options'

/** "2030-07-15" + "09:00" -> "2030-07-15T14:00:00.000Z" (09:00 CDT). Undefined if either is missing. */
export function slotInstant(date: string | undefined, time: string | undefined): string | undefined {
  if (!date || !time) return undefined
  try {
    return toZoned(
      toCalendarDateTime(parseDate(date), parseTime(time)),
      BUSINESS_TIME_ZONE,
    ).toAbsoluteString()
  } catch {
    return undefined
  }
}
