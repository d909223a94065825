// The owner's view of the counts (issue 18): per day, the top keys of each
// kind, the funnel per form and the requests per week, for a date range.
import { and, between, inArray, sql } from 'drizzle-orm'
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core'
import {
  type Count,
  FUNNEL_STEPS,
  type Funnel,
  type FunnelStep,
  INSIGHT_FIELD_LABELS,
  INSIGHT_FORMS,
  type InsightForm,
  type InsightsReport,
  type Range,
} from '../../schema/insights'
import { type Db, tables } from '../db'
import { dayOf } from './record'

export type { Count, Funnel, InsightsReport, Range }

export const TOP_N = 10
const DAY_MS = 86_400_000
/** The longest custom range, in days (retention is 25 months by default). */
export const MAX_RANGE_DAYS = 800

/** The last `days` days, today (UTC) included. */
export function lastDays(days: number, now = Date.now()): Range {
  return { from: dayOf(now - (days - 1) * DAY_MS), to: dayOf(now) }
}

/** Every day of a range, in order. */
export function daysOf({ from, to }: Range): string[] {
  const out: string[] = []
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS)
    out.push(dayOf(t))
  return out
}

const TOP_KINDS = [
  'view',
  'referrer',
  'campaign',
  'project',
  'filter',
  'device',
  'country',
  'field',
  'form',
  'resume',
]

const PROJECT_PAGE = /^\/portfolio-solutions\/([a-z0-9-]+)$/

/**
 * Interest per project: views of its page (/portfolio-solutions/{slug}, under
 * its current slug) plus clicks on its card's buttons in the catalogue. Views
 * under an old slug are not matched (those answer 301, which is not counted).
 */
function topProjects(
  clicks: { key: string; count: number }[],
  views: { key: string; count: number }[],
  projects: { id: number; title: string; slug: string }[],
): Count[] {
  const bySlug = new Map(projects.map((p) => [p.slug, String(p.id)]))
  const totals = new Map<string, number>()
  const add = (id: string, count: number) => totals.set(id, (totals.get(id) ?? 0) + count)
  for (const row of clicks) add(row.key, row.count)
  for (const row of views) {
    const id = bySlug.get(PROJECT_PAGE.exec(row.key)?.[1] ?? '')
    if (id) add(id, row.count)
  }
  const titles = new Map(projects.map((p) => [String(p.id), p.title]))
  return [...totals]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, TOP_N)
    .map(([id, count]) => ({ key: id, label: titles.get(id) ?? `Project ${id} (deleted)`, count }))
}

export async function insightsReport(db: Db, range: Range): Promise<InsightsReport> {
  const t = tables.insightsDaily
  const inRange = between(t.day, range.from, range.to)
  const total = sql<number>`sum(${t.count})`.mapWith(Number)
  const [perDay, perKey, projectRows, requestRows] = await Promise.all([
    db
      .select({ day: t.day, views: total })
      .from(t)
      .where(and(inRange, sql`${t.kind} = 'view'`))
      .groupBy(t.day),
    db
      .select({ kind: t.kind, key: t.key, count: total })
      .from(t)
      .where(and(inRange, inArray(t.kind, TOP_KINDS)))
      .groupBy(t.kind, t.key)
      .orderBy(sql`3 desc`, t.key),
    db
      .select({ id: tables.projects.id, title: tables.projects.title, slug: tables.projects.slug })
      .from(tables.projects),
    requestsPerWeek(db, range),
  ])

  const byDay = new Map(perDay.map((row) => [row.day, row.views]))
  const days = daysOf(range).map((day) => ({ day, views: byDay.get(day) ?? 0 }))
  const of = (kind: string) => perKey.filter((row) => row.kind === kind)
  const top = (kind: string, label: (key: string) => string = (key) => key) =>
    of(kind)
      .slice(0, TOP_N)
      .map((row) => ({ key: row.key, label: label(row.key), count: row.count }))
  const formCounts = new Map(of('form').map((row) => [row.key, row.count]))

  return {
    ...range,
    days,
    totalViews: days.reduce((sum, d) => sum + d.views, 0),
    pages: top('view'),
    referrers: top('referrer'),
    campaigns: top('campaign'),
    projects: topProjects(of('project'), of('view'), projectRows),
    filters: top('filter'),
    devices: top('device'),
    countries: top('country'),
    resumeDownloads: of('resume').reduce((sum, row) => sum + row.count, 0),
    funnels: (Object.keys(INSIGHT_FORMS) as InsightForm[]).map((form) => ({
      form,
      steps: Object.fromEntries(
        FUNNEL_STEPS.map((step) => [step, formCounts.get(`${form}:${step}`) ?? 0]),
      ) as Record<FunnelStep, number>,
      rejectedFields: of('field')
        .filter((row) => row.key.startsWith(`${form}:`))
        .slice(0, TOP_N)
        .map((row) => {
          const field = row.key.slice(form.length + 1)
          return { key: field, label: INSIGHT_FIELD_LABELS[form][field] ?? field, count: row.count }
        }),
    })),
    requestsPerWeek: requestRows,
  }
}

/**
 * Requests received per week (weeks start on Monday, UTC), read from the
 * requests tables themselves: what actually arrived, not a count beside it.
 */
async function requestsPerWeek(db: Db, { from, to }: Range) {
  const start = Date.parse(`${from}T00:00:00Z`)
  const end = Date.parse(`${to}T00:00:00Z`) + DAY_MS
  const week = (column: AnySQLiteColumn) =>
    sql<string>`strftime('%Y-%m-%d', ${column} / 1000, 'unixepoch', 'weekday 0', '-6 days')`
  const count = sql<number>`count(*)`.mapWith(Number)
  const [consultations, support] = await Promise.all(
    [tables.consultations, tables.supportRequests].map((table) =>
      db
        .select({ week: week(table.createdAt), count })
        .from(table)
        .where(sql`${table.createdAt} >= ${start} and ${table.createdAt} < ${end}`)
        .groupBy(sql`1`),
    ),
  )
  const weeks = new Map<string, { week: string; consultations: number; support: number }>()
  // Every week of the range appears, with zeros where nothing arrived.
  for (const day of daysOf({ from, to })) {
    const monday = mondayOf(day)
    if (!weeks.has(monday)) weeks.set(monday, { week: monday, consultations: 0, support: 0 })
  }
  for (const row of consultations ?? []) {
    const w = weeks.get(row.week)
    if (w) w.consultations = row.count
  }
  for (const row of support ?? []) {
    const w = weeks.get(row.week)
    if (w) w.support = row.count
  }
  return [...weeks.values()]
}

/** The Monday (UTC) of a day's week. */
export function mondayOf(day: string): string {
  const t = Date.parse(`${day}T00:00:00Z`)
  const weekday = (new Date(t).getUTCDay() + 6) % 7
  return dayOf(t - weekday * DAY_MS)
}
