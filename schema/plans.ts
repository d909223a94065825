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
