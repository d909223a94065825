// The monthly service report's shape and words (issue 40), written once: the
// service computes a ServiceReport, and the PDF, the portal page, the admin
// and the e-mail all say it through reportLines. Without imports beyond
// schema/, so the browser's pages can use it.
import type { AssetKind, RenewalWhat } from './assets'
import { hoursText, SLA_URGENCY_LABELS, type SlaUrgency } from './plans'
import { formatPeriod, MONTH_NAMES } from './slot-time'

export type SlaLine = {
  urgency: SlaUrgency
  met: number
  total: number
  targetHours: number
  businessHours: boolean
}

export type ServiceReport = {
  period: string
  /**
   * For the month in progress, the business day its figures run to
   * (YYYY-MM-DD): the report is that month "so far". Null for an ended month.
   */
  asOf: string | null
  clientId: number
  clientName: string
  requests: { opened: number; closed: number }
  /**
   * First answers within the target: per urgency and in all. A request still
   * inside its target with no answer yet is not counted either way.
   */
  sla: { met: number; total: number; byUrgency: SlaLine[]; medianFirstResponseMinutes: number | null }
  /** Minutes of time logged; with a plan, counted as the plan counts them, against its included time. */
  minutes: { used: number; included: number; rollover: number; plan: string | null }
  renewals: { assetId: number; name: string; kind: AssetKind; date: string; what: RenewalWhat }[]
  /**
   * Maintenance: tasks done that month, tasks due by the month's end still not
   * done at its end, and the evidence files of the tasks done.
   */
  maintenance: { done: number; overdue: number; evidence: number }
  /** Incidents discovered that month that affect the client. */
  incidents: { reference: string; title: string }[]
  /** The requesters' ratings given that month. */
  ratings: { good: number; okay: number; poor: number }
  /**
   * Per monitor of the client's IT (issue 54): the month's uptime (percent of
   * good checks; null without checks) and the outages that began in it.
   */
  uptime: { monitorId: number; name: string; percent: number | null; outages: number }[]
  /** The clinic's people (issue 55): training passes that month, arrivals and departures completed. */
  people?: { trainingDone: number; runsCompleted: number }
}

/** A month's uptime as the report words it: "99.9% (1 outage)", "No checks". */
export function uptimeText(line: { percent: number | null; outages: number }): string {
  if (line.percent === null) return 'No checks'
  const percent = `${Number(line.percent.toFixed(2))}%`
  if (!line.outages) return percent
  return `${percent} (${line.outages} ${line.outages === 1 ? 'outage' : 'outages'})`
}

/** The urgencies' one set of words (schema/plans.ts). */
export const URGENCY_LABELS: Record<SlaUrgency, string> = SLA_URGENCY_LABELS

/** "October 2026" for 2026-10. */
export const monthLabel = (period: string): string => formatPeriod(period)

const SHORT_MONTHS = MONTH_NAMES.map((m) => m.slice(0, 3))

/**
 * A report's month as every view names it: "October 2026" for an ended
 * month, "November 2026 so far, as of Nov 29" for the month in progress, so
 * nobody takes a part month's figures for a whole one.
 */
export function reportTitle(report: Pick<ServiceReport, 'period' | 'asOf'>): string {
  const month = monthLabel(report.period)
  if (!report.asOf) return month
  const day = `${SHORT_MONTHS[Number(report.asOf.slice(5, 7)) - 1]} ${Number(report.asOf.slice(8, 10))}`
  return `${month} so far, as of ${day}`
}

/** The refusal of a month that has not begun: no figures exist for it yet. */
export const notBegunMessage = (period: string): string =>
  `${monthLabel(period)} has not begun yet: a report covers a month from its first day.`

/** A wait as people say it: "45 min", "3 h 20 min", "2 days 4 h". */
export function durationText(minutes: number): string {
  if (minutes < 60) return `${minutes} min`
  const days = Math.floor(minutes / 1440)
  const hours = Math.floor((minutes % 1440) / 60)
  const mins = minutes % 60
  if (days) return `${days} ${days === 1 ? 'day' : 'days'}${hours ? ` ${hours} h` : ''}`
  return `${hours} h${mins ? ` ${mins} min` : ''}`
}

/** The report's headline figures as label and value, in the order every view shows them. */
export function reportLines(report: ServiceReport): [string, string][] {
  const { sla, minutes } = report
  const lines: [string, string][] = [
    ['Requests opened', String(report.requests.opened)],
    ['Requests closed', String(report.requests.closed)],
    ['First answers on time', sla.total ? `${sla.met} of ${sla.total}` : 'None due'],
    [
      'Median first answer',
      sla.medianFirstResponseMinutes === null ? 'No answers' : durationText(sla.medianFirstResponseMinutes),
    ],
  ]
  if (minutes.plan) {
    const available = minutes.included + minutes.rollover
    lines.push(['Support time used', `${hoursText(minutes.used)} of ${hoursText(available)}`])
  } else lines.push(['Support time', hoursText(minutes.used)])
  lines.push(
    ['Maintenance done', `${report.maintenance.done} (${report.maintenance.evidence} with evidence files)`],
    ['Maintenance overdue', String(report.maintenance.overdue)],
    ['Renewals in the next 60 days', String(report.renewals.length)],
    [
      'Security incidents',
      report.incidents.length ? report.incidents.map((i) => i.reference).join(', ') : 'None',
    ],
    [
      'Ratings (good / okay / poor)',
      `${report.ratings.good} / ${report.ratings.okay} / ${report.ratings.poor}`,
    ],
  )
  if (report.people)
    lines.push(
      ['Training completed', String(report.people.trainingDone)],
      ['Arrivals and departures completed', String(report.people.runsCompleted)],
    )
  return lines
}
