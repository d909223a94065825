// The portal reports page's view (issue 40), /portal/reports: the client's
// monthly service reports, one month's figures worded as the PDF and the e-mail
// word them (schema/service-report.ts), and the contact's own choice to get
// them by e-mail. Always the contact's own client, so another client's report
// cannot be asked for at all.
import { eq } from 'drizzle-orm'
import { ASSET_KIND_LABELS } from '../../schema/assets'
import { hoursText, PERIOD_PATTERN, periodOf } from '../../schema/plans'
import {
  monthLabel,
  notBegunMessage,
  reportLines,
  reportTitle,
  URGENCY_LABELS,
  uptimeText,
} from '../../schema/service-report'
import { formatCalendarDate } from '../../schema/slot-time'
import { type Db, tables } from '../db'
import { reportMonths, serviceReport } from './reports/service-report'

export type PortalReportView = {
  /** The months there are reports for, newest first (YYYY-MM and "October 2026"). */
  months: { period: string; label: string }[]
  period: string
  /** "October 2026", or for the month in progress "November 2026 so far, as of Nov 29". */
  label: string
  /** The month is not over: its figures so far. */
  inProgress: boolean
  /** Why the month asked for is not the one shown (not begun, or none for it). */
  notice: string | null
  lines: [string, string][]
  byUrgency: { label: string; value: string }[]
  renewals: { name: string; what: string; date: string }[]
  /** Each monitored system's uptime that month, worded (issue 54). */
  uptime: { name: string; value: string }[]
  pdfHref: string
  /** The contact gets the report by e-mail each month. */
  optedIn: boolean
}

type Contact = { clientId: number; contactId: number }

/** One month's report (?month=YYYY-MM, by default the month in progress); null: no month to report. */
export async function portalReportView(
  db: Db,
  contact: Contact,
  month: string | null,
): Promise<PortalReportView | null> {
  const now = new Date()
  const months = await reportMonths(db, contact.clientId, now)
  if (!months.length) return null
  const asked = month && PERIOD_PATTERN.test(month) ? month : null
  const period = asked && months.includes(asked) ? asked : months[0]!
  // A month asked for that has no report is said, not silently swapped for another.
  const notice =
    asked && asked !== period
      ? asked > periodOf(now)
        ? notBegunMessage(asked)
        : `There is no report for ${monthLabel(asked)}. Here is ${monthLabel(period)} so far.`
      : null
  const report = await serviceReport(db, contact.clientId, period, now)
  const [me] = await db
    .select({ optIn: tables.contacts.reportOptIn })
    .from(tables.contacts)
    .where(eq(tables.contacts.id, contact.contactId))
  return {
    months: months.map((p, i) => ({
      period: p,
      label: i === 0 ? `${monthLabel(p)} so far` : monthLabel(p),
    })),
    period,
    label: reportTitle(report),
    inProgress: report.asOf !== null,
    notice,
    lines: reportLines(report),
    byUrgency: report.sla.byUrgency.map((l) => ({
      label: `${URGENCY_LABELS[l.urgency]} (answer within ${hoursText(l.targetHours * 60)}${l.businessHours ? ' of business hours' : ''})`,
      value: l.total ? `${l.met} of ${l.total} on time` : 'None',
    })),
    renewals: report.renewals.map((r) => ({
      name: `${r.name} (${ASSET_KIND_LABELS[r.kind]})`,
      what: r.what === 'warranty' ? 'Warranty ends' : 'Renewal due',
      date: formatCalendarDate(r.date),
    })),
    uptime: report.uptime.map((u) => ({ name: u.name, value: uptimeText(u) })),
    pdfHref: `/portal/reports/${period}.pdf`,
    optedIn: !!me?.optIn,
  }
}

/** The contact's own choice of the monthly e-mail. */
export async function setReportOptIn(db: Db, contactId: number, on: boolean) {
  await db.update(tables.contacts).set({ reportOptIn: on }).where(eq(tables.contacts.id, contactId))
}
