// A report's month (YYYY-MM) as instants and dates in the business time zone:
// a request opened at 11 pm Central on the 31st belongs to that month, not the
// next, whatever UTC says.
import { PERIOD_PATTERN } from '../../../schema/plans'
import { addDays, businessInstant } from '../../../schema/slot-time'
import { Invalid } from '../errors'

export type ReportPeriod = {
  period: string
  /** First instant of the month and of the next (ms, [from, to)). */
  from: number
  to: number
  /** First day of the month and its last day (YYYY-MM-DD). */
  firstDay: string
  lastDay: string
}

export const REPORT_MESSAGES = {
  period: 'Use a month as YYYY-MM.',
  future: 'That month has not ended yet.',
} as const

/** The month before the one `now` falls in, in the business time zone. */
export function previousPeriod(current: string): string {
  const [y, m] = current.split('-').map(Number) as [number, number]
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`
}

export function nextPeriod(period: string): string {
  const [y, m] = period.split('-').map(Number) as [number, number]
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`
}

/** The bounds of a month; a malformed one is refused with the field named. */
export function reportPeriod(period: string): ReportPeriod {
  if (!PERIOD_PATTERN.test(period)) throw new Invalid({ period: REPORT_MESSAGES.period })
  const [y, m] = period.split('-').map(Number) as [number, number]
  const next = nextPeriod(period)
  const [ny, nm] = next.split('-').map(Number) as [number, number]
  const firstDay = `${period}-01`
  return {
    period,
    from: businessInstant(y, m, 1, 0),
    to: businessInstant(ny, nm, 1, 0),
    firstDay,
    lastDay: addDays(`${next}-01`, -1),
  }
}
