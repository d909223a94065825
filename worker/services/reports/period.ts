// A report's month (YYYY-MM) as instants and dates in the business time zone:
// a request opened at 11 pm Central on the 31st belongs to that month, not the
// next, whatever UTC says. Month arithmetic and calendar ranges are the plans'
// (schema/plans.ts), the one home of periods.
import { addPeriods, PERIOD_PATTERN, periodRange } from '../../../schema/plans'
import { businessInstant } from '../../../schema/slot-time'
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
} as const

/** The month before a month. */
export const previousPeriod = (period: string): string => addPeriods(period, -1)

/** The first instant of a month (midnight of its 1st, business time). */
const monthStart = (period: string) =>
  businessInstant(Number(period.slice(0, 4)), Number(period.slice(5, 7)), 1, 0)

/** The bounds of a month; a malformed one is refused with the field named. */
export function reportPeriod(period: string): ReportPeriod {
  if (!PERIOD_PATTERN.test(period)) throw new Invalid({ period: REPORT_MESSAGES.period })
  const { from: firstDay, to: lastDay } = periodRange(period)
  return { period, from: monthStart(period), to: monthStart(addPeriods(period, 1)), firstDay, lastDay }
}
