// The portal reports page's server (web/lib/portal-reports.ts) and the
// report's PDF (GET /portal/reports/{YYYY-MM}.pdf), on the service layer:
// always the signed-in contact's own client, so another client's report
// cannot be asked for at all. Without a session the page sends the visitor
// to /portal and the PDF answers 401.
import { eq } from 'drizzle-orm'
import type { Context } from 'hono'
import { Hono } from 'hono'
import { redirect } from 'react-router'
import { ASSET_KIND_LABELS } from '../../schema/assets'
import { hoursText, PERIOD_PATTERN, periodOf } from '../../schema/plans'
import {
  monthLabel,
  notBegunMessage,
  reportLines,
  reportTitle,
  URGENCY_LABELS,
} from '../../schema/service-report'
import { formatCalendarDate } from '../../schema/slot-time'
import type { PortalReportsServer } from '../../web/lib/portal-reports'
import { tables } from '../db'
import type { AppEnv } from '../env'
import { notFound, unauthorized } from '../middleware/errors'
import { Invalid } from '../services/errors'
import { reportMonths, serviceReport, serviceReportPdfFor } from '../services/reports/service-report'

export function portalReportsFor(c: Context<AppEnv>): PortalReportsServer {
  return {
    async reports(month) {
      const contact = c.var.contact
      if (!contact) throw redirect('/portal')
      const now = new Date()
      const months = await reportMonths(c.var.db, contact.clientId, now)
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
      const report = await serviceReport(c.var.db, contact.clientId, period, now)
      const [me] = await c.var.db
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
        pdfHref: `/portal/reports/${period}.pdf`,
        optedIn: !!me?.optIn,
      }
    },
    async setOptIn(on) {
      const contact = c.var.contact
      if (!contact) throw redirect('/portal')
      await c.var.db
        .update(tables.contacts)
        .set({ reportOptIn: on })
        .where(eq(tables.contacts.id, contact.contactId))
    },
  }
}

/**
 * GET /portal/reports/{YYYY-MM}.pdf: the client's report as a PDF, for an
 * ended month of theirs or the month in progress (so far); a month not begun
 * is a 400 that says so.
 */
export const portalReportFiles = new Hono<AppEnv>().get(
  '/reports/:file{[0-9]{4}-[0-9]{2}\\.pdf}',
  async (c) => {
    const contact = c.var.contact
    if (!contact) throw unauthorized()
    const period = c.req.param('file').slice(0, 7)
    if (period > periodOf(new Date()))
      throw new Invalid({ period: notBegunMessage(period) }, notBegunMessage(period))
    if (!(await reportMonths(c.var.db, contact.clientId)).includes(period)) throw notFound()
    const { filename, bytes } = await serviceReportPdfFor(c.var.db, c.env, contact.clientId, period)
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'private, no-store',
      'Referrer-Policy': 'no-referrer',
    })
  },
)
