// The monthly service report (issue 40): what a client's month of IT support
// looked like, computed from the records every time it is opened (never
// stored), so a correction made later in that month shows when it is opened
// again. REST, GraphQL, the portal, the PDF and the e-mail all read this one
// function.
import { and, asc, desc, eq, gte, inArray, isNotNull, lt, lte, ne, or, sql } from 'drizzle-orm'
import { RENEWAL_WHATS } from '../../../schema/assets'
import { periodOf, SLA_URGENCIES, type SlaUrgency, slaUrgencyOf } from '../../../schema/plans'
import { notBegunMessage, type ServiceReport, type SlaLine } from '../../../schema/service-report'
import { addDays, businessToday } from '../../../schema/slot-time'
import type { Db } from '../../db'
import { tables } from '../../db'
import { addBusinessTime } from '../../mail/business-time'
import { Invalid, NotFound } from '../errors'
import { responseTargets, slaTargetsOfClient } from '../plans'
import { ratingCounts } from '../ratings'
import { usageHistory } from '../subscriptions'
import { previousPeriod, type ReportPeriod, reportPeriod } from './period'

export type { ServiceReport }

const HOUR_MS = 60 * 60_000
/** Renewals shown: those due within this many days after the month ends. */
export const REPORT_RENEWAL_DAYS = 60

/** The median of a list of numbers (null when empty). */
export function median(values: readonly number[]): number | null {
  if (!values.length) return null
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2)
}

async function requestFigures(db: Db, clientId: number, p: ReportPeriod, now: number) {
  const r = tables.supportRequests
  const opened = await db
    .select({ id: r.id, urgency: r.urgency, createdAt: r.createdAt })
    .from(r)
    .where(and(eq(r.clientId, clientId), gte(r.createdAt, new Date(p.from)), lt(r.createdAt, new Date(p.to))))
  const [closed] = await db
    .select({ n: sql<number>`count(*)` })
    .from(r)
    .where(and(eq(r.clientId, clientId), gte(r.closedAt, new Date(p.from)), lt(r.closedAt, new Date(p.to))))
  const m = tables.requestMessages
  const firstOut = opened.length
    ? await db
        .select({ id: m.supportRequestId, at: sql<number>`min(${m.createdAt})` })
        .from(m)
        .where(
          and(
            eq(m.direction, 'out'),
            inArray(
              m.supportRequestId,
              opened.map((o) => o.id),
            ),
          ),
        )
        .groupBy(m.supportRequestId)
    : []
  const answeredAt = new Map(firstOut.map((f) => [f.id!, Number(f.at)]))
  const targets = responseTargets((await slaTargetsOfClient(db, [clientId])).get(clientId) ?? null)
  const lines = new Map<SlaUrgency, SlaLine>(
    SLA_URGENCIES.map((u) => [
      u,
      {
        urgency: u,
        met: 0,
        total: 0,
        targetHours: targets[u].hours,
        businessHours: targets[u].businessHours,
      },
    ]),
  )
  const waits: number[] = []
  for (const request of opened) {
    const key = slaUrgencyOf(request.urgency)
    const created = request.createdAt.getTime()
    const answered = answeredAt.get(request.id)
    if (answered !== undefined) waits.push(Math.round((answered - created) / 60_000))
    if (!key) continue
    const target = targets[key]
    const due = target.businessHours
      ? addBusinessTime(created, target.hours * HOUR_MS)
      : created + target.hours * HOUR_MS
    const line = lines.get(key)!
    if (answered !== undefined) {
      line.total++
      if (answered <= due) line.met++
    } else if (now > due) line.total++
  }
  const byUrgency = [...lines.values()]
  return {
    requests: { opened: opened.length, closed: Number(closed?.n ?? 0) },
    sla: {
      met: byUrgency.reduce((n, l) => n + l.met, 0),
      total: byUrgency.reduce((n, l) => n + l.total, 0),
      byUrgency,
      medianFirstResponseMinutes: median(waits),
    },
  }
}

async function minuteFigures(db: Db, clientId: number, p: ReportPeriod): Promise<ServiceReport['minutes']> {
  const s = tables.subscriptions
  // The subscription in force that month: started by its end, not ended before it.
  const [sub] = await db
    .select({
      id: s.id,
      clientId: s.clientId,
      planId: s.planId,
      startDate: s.startDate,
      planName: tables.plans.name,
    })
    .from(s)
    .innerJoin(tables.plans, eq(tables.plans.id, s.planId))
    .where(
      and(
        eq(s.clientId, clientId),
        lte(s.startDate, p.lastDay),
        or(ne(s.status, 'cancelled'), and(isNotNull(s.endsPeriod), gte(s.endsPeriod, p.period))),
      ),
    )
    .orderBy(desc(s.id))
    .limit(1)
  if (sub) {
    const usage = (await usageHistory(db, sub, p.period)).at(-1)!
    return {
      used: usage.usedMinutes,
      included: usage.includedMinutes,
      rollover: usage.rolloverMinutes,
      plan: sub.planName,
    }
  }
  const e = tables.timeEntries
  const [row] = await db
    .select({ minutes: sql<number>`coalesce(sum(${e.minutes}), 0)` })
    .from(e)
    .where(and(eq(e.clientId, clientId), gte(e.date, p.firstDay), lte(e.date, p.lastDay)))
  return { used: Number(row?.minutes ?? 0), included: 0, rollover: 0, plan: null }
}

async function renewalFigures(
  db: Db,
  clientId: number,
  p: ReportPeriod,
  asOf: string | null,
): Promise<ServiceReport['renewals']> {
  const a = tables.assets
  // The next 60 days after the month, or for the month in progress after today.
  const from = asOf ?? addDays(p.lastDay, 1)
  const to = addDays(asOf ?? p.lastDay, REPORT_RENEWAL_DAYS)
  const rows = await db
    .select({ id: a.id, name: a.name, kind: a.kind, warrantyEnd: a.warrantyEnd, renewalDate: a.renewalDate })
    .from(a)
    .where(
      and(
        eq(a.clientId, clientId),
        ne(a.status, 'retired'),
        or(
          and(gte(a.warrantyEnd, from), lte(a.warrantyEnd, to)),
          and(gte(a.renewalDate, from), lte(a.renewalDate, to)),
        ),
      ),
    )
    .orderBy(asc(a.id))
  const out: ServiceReport['renewals'] = []
  for (const row of rows)
    for (const what of RENEWAL_WHATS) {
      const date = what === 'warranty' ? row.warrantyEnd : row.renewalDate
      if (date && date >= from && date <= to)
        out.push({ assetId: row.id, name: row.name, kind: row.kind, date, what })
    }
  return out.sort((x, y) => x.date.localeCompare(y.date) || x.assetId - y.assetId)
}

async function maintenanceFigures(
  db: Db,
  clientId: number,
  p: ReportPeriod,
  asOf: string | null,
  now: number,
): Promise<ServiceReport['maintenance']> {
  const t = tables.maintenanceTasks
  // Overdue at the month's end, or for the month in progress now: a task due
  // later this month is not late yet (the admin's rule: due before today).
  const dueBy = asOf ? addDays(asOf, -1) : p.lastDay
  const openAt = asOf ? now : p.to
  const doneInMonth = and(
    eq(t.clientId, clientId),
    gte(t.doneAt, new Date(p.from)),
    lt(t.doneAt, new Date(p.to)),
  )
  const [row] = await db
    .select({
      done: sql<number>`count(*) filter (where ${doneInMonth})`,
      overdue: sql<number>`count(*) filter (where ${t.clientId} = ${clientId} and ${t.dueDate} <= ${dueBy}
        and (${t.status} = 'open' or ${t.doneAt} >= ${openAt}))`,
    })
    .from(t)
    .where(eq(t.clientId, clientId))
  const f = tables.maintenanceTaskFiles
  const [files] = await db
    .select({ n: sql<number>`count(*)` })
    .from(f)
    .innerJoin(t, eq(t.id, f.taskId))
    .where(doneInMonth)
  return { done: Number(row?.done ?? 0), overdue: Number(row?.overdue ?? 0), evidence: Number(files?.n ?? 0) }
}

async function incidentFigures(
  db: Db,
  clientId: number,
  p: ReportPeriod,
): Promise<ServiceReport['incidents']> {
  const i = tables.incidents
  const ic = tables.incidentClients
  return db
    .select({ reference: i.reference, title: i.title })
    .from(i)
    .innerJoin(ic, eq(ic.incidentId, i.id))
    .where(and(eq(ic.clientId, clientId), gte(i.discoveredAtMs, p.from), lt(i.discoveredAtMs, p.to)))
    .orderBy(asc(i.discoveredAtMs))
}

/**
 * The report of one client's month; NotFound for an unknown client. The month
 * in progress (business time zone) is reported so far, marked with `asOf`;
 * a month that has not begun is refused (Invalid, naming the month).
 */
export async function serviceReport(
  db: Db,
  clientId: number,
  period: string,
  now = new Date(),
): Promise<ServiceReport> {
  const p = reportPeriod(period)
  const current = periodOf(now)
  if (p.period > current) throw new Invalid({ period: notBegunMessage(p.period) }, notBegunMessage(p.period))
  const asOf = p.period === current ? businessToday(now) : null
  const [client] = await db
    .select({ id: tables.clients.id, name: tables.clients.name })
    .from(tables.clients)
    .where(eq(tables.clients.id, clientId))
  if (!client) throw new NotFound('No such client')
  const [requests, minutes, renewals, maintenance, incidents, ratings] = await Promise.all([
    requestFigures(db, clientId, p, now.getTime()),
    minuteFigures(db, clientId, p),
    renewalFigures(db, clientId, p, asOf),
    maintenanceFigures(db, clientId, p, asOf, now.getTime()),
    incidentFigures(db, clientId, p),
    ratingCounts(db, clientId, new Date(p.from), new Date(p.to)),
  ])
  return {
    period: p.period,
    asOf,
    clientId,
    clientName: client.name,
    ...requests,
    minutes,
    renewals,
    maintenance,
    incidents,
    ratings: { good: ratings.good ?? 0, okay: ratings.okay ?? 0, poor: ratings.poor ?? 0 },
  }
}

/** The report as a PDF, with its file name ("service-report-2026-10.pdf"). */
export async function serviceReportPdfFor(
  db: Db,
  env: Env,
  clientId: number,
  period: string,
  now = new Date(),
) {
  const report = await serviceReport(db, clientId, period, now)
  // pdf-lib is loaded on the first PDF, not at start-up (ADR 103).
  const { serviceReportPdf } = await import('../../pdf/service-report-pdf')
  const bytes = await serviceReportPdf({
    fonts: env.ASSETS,
    from: { name: env.OWNER_NAME, email: env.CONTACT_EMAIL },
    report,
  })
  return { bytes, filename: `service-report-${report.period}.pdf`, report }
}

/** How many months back the portal offers reports. */
export const REPORT_MONTHS_SHOWN = 24

/**
 * The months with a report for a client, newest first: the month in progress
 * (its report so far), then each ended month since the month the client was
 * added (in the business time zone), at most REPORT_MONTHS_SHOWN; none for an
 * unknown client.
 */
export async function reportMonths(db: Db, clientId: number, now = new Date()): Promise<string[]> {
  const [client] = await db
    .select({ createdAt: tables.clients.createdAt })
    .from(tables.clients)
    .where(eq(tables.clients.id, clientId))
  if (!client) return []
  const first = periodOf(client.createdAt)
  const months: string[] = []
  for (let p = periodOf(now); p >= first && months.length < REPORT_MONTHS_SHOWN; p = previousPeriod(p))
    months.push(p)
  return months
}
