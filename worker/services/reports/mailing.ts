// The monthly service report by e-mail (issue 40): from the 1st, the cron
// queues, for each client with a contact who opted in, one e-mail per such
// contact for the month before, with the figures and a link to the report in
// the portal. "Once" lives in the database twice over: the mailing row per
// client and month (primary key), and the outbox's once_key per contact. A
// run handles a few clients; the next runs go on where it stopped.
import { and, eq, sql } from 'drizzle-orm'
import { periodOf } from '../../../schema/plans'
import { monthLabel, reportLines } from '../../../schema/service-report'
import type { Db } from '../../db'
import { tables } from '../../db'
import { letterHtml } from '../../mail/letter-html'
import { queueMailOnce } from '../../mail/outbox'
import { headerSafe } from '../../mail/templates'
import { visitorMailEnabled } from '../../mail/visitor'
import { previousPeriod } from './period'
import { serviceReport } from './service-report'

/** Clients mailed per cron run (each costs a handful of queries). */
export const REPORTS_PER_RUN = 10

export const reportLink = (env: Env, period: string) =>
  `${env.SITE_URL.replace(/\/$/, '')}/portal/reports?month=${period}`

/** Queues the month before's reports not yet mailed; answers the client ids handled. */
export async function queueMonthlyReports(db: Db, env: Env, now = new Date()): Promise<number[]> {
  if (!visitorMailEnabled(env)) return []
  const period = previousPeriod(periodOf(now))
  const c = tables.clients
  const k = tables.contacts
  // Clients that existed by the month's end, with a contact who opted in, not yet mailed for it.
  const due = await db
    .select({ id: c.id })
    .from(c)
    .where(
      and(
        eq(c.status, 'active'),
        sql`substr(datetime(${c.createdAt} / 1000, 'unixepoch'), 1, 7) <= ${period}`,
        sql`exists (select 1 from ${k} where ${k.clientId} = ${c.id} and ${k.reportOptIn} = 1)`,
        sql`not exists (select 1 from monthly_report_mailings m where m.client_id = ${c.id} and m.period = ${period})`,
      ),
    )
    .limit(REPORTS_PER_RUN)
  const done: number[] = []
  for (const { id } of due) {
    const report = await serviceReport(db, id, period, now)
    const recipients = await db
      .select({ id: k.id, name: k.name, email: k.email })
      .from(k)
      .where(and(eq(k.clientId, id), eq(k.reportOptIn, true)))
    const month = monthLabel(period)
    const lines = reportLines(report)
    const mails = recipients.map((r) => {
      const paragraphs = [
        `Hello ${r.name},`,
        `Here is your IT service report for ${month} (${report.clientName}).`,
      ]
      const closing = [
        `The full report, with a PDF, is in your client portal: ${reportLink(env, period)}`,
        'You get this e-mail because you asked for it in the portal; you can turn it off there.',
        env.OWNER_NAME,
      ]
      return {
        recipient: r.email,
        replyTo: env.CONTACT_EMAIL,
        subject: headerSafe(`Your IT service report for ${month}`, 200),
        textBody: [...paragraphs, lines.map(([l, v]) => `${l}: ${v}`).join('\n'), ...closing].join('\n\n'),
        htmlBody: letterHtml({
          paragraphs,
          rows: lines,
          link: { href: reportLink(env, period), text: 'Open the report' },
          footer: closing[1],
        }),
        kind: 'report',
        onceKey: `report:${id}:${period}:${r.id}`,
      }
    })
    if (!mails.length) continue
    await db.batch([
      db
        .insert(tables.monthlyReportMailings)
        .values({ clientId: id, period, recipients: mails.length, at: now })
        .onConflictDoNothing(),
      queueMailOnce(db, mails, now),
    ])
    done.push(id)
  }
  return done
}
