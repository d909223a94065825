// Managed-service plans (issue 37): the closed sets and the period arithmetic
// shared by the Worker, the admin and the portal. No drizzle or zod here, so a
// browser page can import it. A period is a calendar month in the business
// time zone, written YYYY-MM.
import { URGENCY_LEVELS } from './request-options'
import { businessDate } from './slot-time'

export const PLAN_ROLLOVER = ['none', 'next'] as const
export type PlanRollover = (typeof PLAN_ROLLOVER)[number]
export const SUBSCRIPTION_STATUSES = ['active', 'paused', 'cancelled'] as const
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number]
/** The plan's SLA urgencies; "urgent" is the inbox's "critical". */
export const SLA_URGENCIES = ['urgent', 'high', 'medium', 'low'] as const
export type SlaUrgency = (typeof SLA_URGENCIES)[number]
/**
 * Each urgency in the words of the support form (SPEC: low, medium, high,
 * critical), wherever a person reads it: the plan form, the portal, the
 * service report and its PDF (issue 52.7). The plan's stored key "urgent" is
 * the form's "critical", so it is shown as Critical.
 */
export const SLA_URGENCY_LABELS = Object.fromEntries(
  URGENCY_LEVELS.map((u) => [u.value === 'critical' ? 'urgent' : u.value, u.label]),
) as Record<SlaUrgency, string>
/** Usage alerts go out at these shares (percent) of a period's included time. */
export const USAGE_THRESHOLDS = [80, 100] as const

/** The inbox's urgency value ('critical' | 'high' | 'medium' | 'low') as the plan's SLA key. */
export const slaUrgencyOf = (urgency: string | null | undefined): SlaUrgency | null =>
  urgency === 'critical'
    ? 'urgent'
    : (SLA_URGENCIES as readonly string[]).includes(urgency ?? '')
      ? (urgency as SlaUrgency)
      : null

export const PERIOD_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/

/** The period (YYYY-MM) an instant falls in, in the business time zone. */
export const periodOf = (now: Date): string => businessDate(now).slice(0, 7)

/** The period a calendar date (YYYY-MM-DD) falls in. */
export const periodOfDate = (date: string): string => date.slice(0, 7)

/** Days in a period (28 to 31). */
export function daysInPeriod(period: string): number {
  const [y, m] = period.split('-').map(Number) as [number, number]
  return new Date(Date.UTC(y, m, 0)).getUTCDate()
}

/** The period n months after (or before, n < 0) another. */
export function addPeriods(period: string, n: number): string {
  const [y, m] = period.split('-').map(Number) as [number, number]
  const d = new Date(Date.UTC(y, m - 1 + n, 1))
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`
}

/** First and last calendar dates (inclusive) of a period. */
export const periodRange = (period: string) => ({
  from: `${period}-01`,
  to: `${period}-${String(daysInPeriod(period)).padStart(2, '0')}`,
})

/**
 * The share of a period a subscription pays for: the days from its start date
 * to the period's end over the period's days (1 for any later period).
 */
export function periodShare(period: string, startDate: string): { days: number; of: number } {
  const of = daysInPeriod(period)
  if (periodOfDate(startDate) !== period) return { days: of, of }
  return { days: of - Number(startDate.slice(8, 10)) + 1, of }
}

/** Minutes as hours for people: 90 -> "1.5 h". */
export const hoursText = (minutes: number): string =>
  `${(minutes / 60).toLocaleString('en-US', { maximumFractionDigits: 2 })} h`

/** Where time logged into an already billed period goes: onto the next period invoice, or not billed. */
export const LATE_TIME_CHOICES = ['next', 'none'] as const
export type LateTimeChoice = (typeof LATE_TIME_CHOICES)[number]

const monthYear = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long', year: 'numeric' })
const monthDayYear = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
})
const monthDay = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric' })
const noon = (date: string) => new Date(`${date}T12:00:00Z`)

/** A period in words: "2026-11" -> "November 2026". */
export const periodLabel = (period: string): string => monthYear.format(noon(`${period}-01`))

/** A calendar date in words: "2026-11-30" -> "November 30, 2026"; short: "November 30". */
export const dateWords = (date: string, short = false): string =>
  (short ? monthDay : monthDayYear).format(noon(date))

/** The first calendar date after a period: when it can be billed. */
export const billableFrom = (period: string): string => periodRange(addPeriods(period, 1)).from
