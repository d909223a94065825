// Writing the counts (issue 18): one batched upsert per request into the
// day's aggregates, after the response (waitUntil), and optionally one data
// point per fact to Workers Analytics Engine when that binding is configured.
// A failure is logged, never shown: a page never waits for, nor breaks on, its count.

import { lt, sql } from 'drizzle-orm'
import type { Context } from 'hono'
import { type Db, tables } from '../db'
import type { AppEnv } from '../env'
import { inBackground } from '../http/background'
import { log } from '../http/logging'
import type { Fact } from './rules'

/** The optional Analytics Engine binding (`[[analytics_engine_datasets]] binding = "INSIGHTS"`). */
type WithAnalytics = { INSIGHTS?: AnalyticsEngineDataset }

/** The UTC day of a time, as stored: YYYY-MM-DD. */
export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** Adds one to each fact's count for the day, in one batch (repeated facts add up). */
export async function recordFacts(db: Db, facts: readonly Fact[], now = Date.now()): Promise<void> {
  if (facts.length === 0) return
  const day = dayOf(now)
  const merged = new Map<string, { kind: string; key: string; count: number }>()
  for (const { kind, key } of facts) {
    const id = `${kind}\u0000${key}`
    const row = merged.get(id)
    if (row) row.count++
    else merged.set(id, { kind, key, count: 1 })
  }
  const t = tables.insightsDaily
  const rows = [...merged.values()].map((row) => ({ day, ...row }))
  // D1 binds at most 100 parameters per statement: 4 per row, so at most 25 rows in one insert.
  const upserts = []
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT)
    upserts.push(
      db
        .insert(t)
        .values(rows.slice(i, i + ROWS_PER_STATEMENT))
        .onConflictDoUpdate({
          target: [t.day, t.kind, t.key],
          set: { count: sql`${t.count} + excluded.count` },
        }),
    )
  const [first, ...rest] = upserts
  if (first) await db.batch([first, ...rest])
}

const ROWS_PER_STATEMENT = 20

/** Records facts now: to Analytics Engine when it is bound, and to D1; a failure is logged. */
export async function recordNow(c: Context<AppEnv>, facts: readonly Fact[]): Promise<void> {
  if (facts.length === 0) return
  try {
    writeAnalytics(c, facts)
    await recordFacts(c.var.db, facts)
  } catch (error) {
    log('warn', 'insights: not recorded', { error: String(error) })
  }
}

function writeAnalytics(c: Context<AppEnv>, facts: readonly Fact[]) {
  const analytics = (c.env as unknown as WithAnalytics).INSIGHTS
  for (const { kind, key } of facts)
    analytics?.writeDataPoint({ indexes: [kind], blobs: [kind, key], doubles: [1] })
}

// Counts are gathered per isolate and written together: the first counted
// request starts a short timer (kept alive by its waitUntil) and every fact
// until it fires joins the same upsert. Under load that is one D1 statement a
// second per isolate instead of one per view (the bench's "counted visit" run,
// issue 18). A fact is kept at most this long in memory; the owner's report
// writes what is waiting first, so it never shows less than was counted here.
const DEFAULT_BATCH_MS = 1000
const waiting: { day: string; facts: Fact[] }[] = []
let flushTimer: Promise<void> | null = null

/** INSIGHTS_BATCH_MS (unset: 1 s; the Worker tests set 0, which writes after each response). */
function batchMs(env: unknown): number {
  const value = Number((env as { INSIGHTS_BATCH_MS?: string }).INSIGHTS_BATCH_MS)
  return Number.isFinite(value) && value >= 0 ? value : DEFAULT_BATCH_MS
}

/** Writes every waiting fact, one upsert per day; a failure is logged. */
export async function flushInsights(db: Db): Promise<void> {
  const batches = waiting.splice(0)
  for (const { day, facts } of batches) {
    try {
      await recordFacts(db, facts, Date.parse(`${day}T12:00:00Z`))
    } catch (error) {
      log('warn', 'insights: not recorded', { error: String(error) })
    }
  }
}

/** Records facts after the response (waitUntil): the response never waits for them. */
export function recordLater(c: Context<AppEnv>, facts: readonly Fact[]): void {
  if (!facts.length) return
  writeAnalytics(c, facts)
  const day = dayOf(Date.now())
  const batch = waiting.find((b) => b.day === day)
  if (batch) batch.facts.push(...facts)
  else waiting.push({ day, facts: [...facts] })
  if (flushTimer) return
  const db = c.var.db
  const ms = batchMs(c.env)
  flushTimer = (ms > 0 ? scheduler.wait(ms) : Promise.resolve()).then(() => {
    flushTimer = null
    return flushInsights(db)
  })
  inBackground(c, flushTimer)
}

/** Default retention of the daily counts, in months (INSIGHTS_RETENTION_MONTHS). */
export const DEFAULT_RETENTION_MONTHS = 25

export function retentionMonths(env: { INSIGHTS_RETENTION_MONTHS?: string }): number {
  const months = Number(env.INSIGHTS_RETENTION_MONTHS)
  return Number.isInteger(months) && months > 0 ? months : DEFAULT_RETENTION_MONTHS
}

/** Deletes the days older than the retention period; answers how many rows went. */
export async function purgeInsights(db: Db, months: number, now: number): Promise<number> {
  const cutoff = new Date(now)
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months)
  const deleted = await db
    .delete(tables.insightsDaily)
    .where(lt(tables.insightsDaily.day, dayOf(cutoff.getTime())))
    .returning({ day: tables.insightsDaily.day })
  return deleted.length
}
