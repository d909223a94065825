// When a maintenance schedule falls due (issue 40, ADR 158). The dates come
// from the `rrule` package (RFC 5545), not arithmetic of our own. Every date is
// a calendar date in the business time zone, computed as UTC midnight: a
// "floating" date has no clock, so a DST change cannot move it by a day.

import type { Options, Weekday as RRuleWeekday } from 'rrule'
// rrule's ES module by its path: its package's `main` is a UMD build, whose names
// Node (tsx, which prints the OpenAPI document) only finds on a default export, and
// a namespace fallback for that made the bundler warn of an undefined import.
import { RRule } from 'rrule/dist/esm/index.js'
import type { MaintenanceFreq, Weekday } from '../../schema/maintenance'

export type Recurrence = {
  freq: MaintenanceFreq
  interval?: number | null
  /** Day of the month, 1-31; past a month's end means its last day. */
  byMonthDay?: number | null
  /** 'TU' (weekly), or '2TU' / '-1FR': the Nth weekday of the month. */
  byWeekday?: string | null
}

/** Weekly: 'TU'; monthly and longer: an optional ordinal (1-4, or -1 for the last) and a day. */
export const WEEKDAY_PATTERN = /^(?:(-1|[1-4]))?(MO|TU|WE|TH|FR|SA|SU)$/

const RRULE_DAYS: Record<Weekday, RRuleWeekday> = {
  MO: RRule.MO,
  TU: RRule.TU,
  WE: RRule.WE,
  TH: RRule.TH,
  FR: RRule.FR,
  SA: RRule.SA,
  SU: RRule.SU,
}

const toUtc = (date: string) => new Date(`${date}T00:00:00Z`)
const toDate = (d: Date) => d.toISOString().slice(0, 10)

/** BYMONTHDAY for day N: up to 28 exists in every month; past it, the last of 28..N the month has. */
function monthDay(n: number): Pick<Options, 'bymonthday' | 'bysetpos'> {
  if (n <= 28) return { bymonthday: [n], bysetpos: null }
  return { bymonthday: Array.from({ length: n - 27 }, (_, i) => 28 + i), bysetpos: [-1] }
}

/** The RRULE of a schedule starting on startDate (YYYY-MM-DD). */
export function ruleOf(r: Recurrence, startDate: string): RRule {
  const start = toUtc(startDate)
  const interval = r.interval ?? 1
  const weekday = r.byWeekday ? WEEKDAY_PATTERN.exec(r.byWeekday) : null
  const day = weekday ? RRULE_DAYS[weekday[2] as Weekday] : null
  const nth = weekday?.[1] ? Number(weekday[1]) : null
  const base: Partial<Options> = { dtstart: start, tzid: null, interval }
  if (r.freq === 'weekly') {
    return new RRule({
      ...base,
      freq: RRule.WEEKLY,
      byweekday: [
        day ?? RRULE_DAYS[(['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const)[start.getUTCDay()]!],
      ],
    })
  }
  const onDay = day
    ? { byweekday: [nth ? day.nth(nth) : day.nth(1)], bymonthday: null, bysetpos: null }
    : monthDay(r.byMonthDay ?? start.getUTCDate())
  if (r.freq === 'yearly') {
    return new RRule({ ...base, freq: RRule.YEARLY, bymonth: [start.getUTCMonth() + 1], ...onDay })
  }
  // Quarterly is monthly, three months apart.
  return new RRule({
    ...base,
    freq: RRule.MONTHLY,
    interval: interval * (r.freq === 'quarterly' ? 3 : 1),
    ...onDay,
  })
}

/** The RFC 5545 text of the rule, for the docs and the admin ("FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1"). */
export const rruleText = (r: Recurrence, startDate: string) => ruleOf(r, startDate).toString()

/** The first `count` due dates on or after `from` (and the start date). */
export function nextDueDates(r: Recurrence, startDate: string, from: string, count = 3): string[] {
  const rule = ruleOf(r, startDate)
  const after = toUtc(from > startDate ? from : startDate)
  const out: string[] = []
  let d = rule.after(after, true)
  while (d && out.length < count) {
    out.push(toDate(d))
    d = rule.after(d, false)
  }
  return out
}

/** Every due date from the start date up to and including `until`, at most `limit`. */
export function dueDatesUntil(r: Recurrence, startDate: string, until: string, limit = 400): string[] {
  if (until < startDate) return []
  return ruleOf(r, startDate)
    .between(toUtc(startDate), toUtc(until), true, (_, i) => i < limit)
    .map(toDate)
}
