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

/** Adds one to each fact's count for the day, in one statement (repeated facts add up). */
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
  await db
    .insert(t)
    .values([...merged.values()].map((row) => ({ day, ...row })))
    .onConflictDoUpdate({ target: [t.day, t.kind, t.key], set: { count: sql`${t.count} + excluded.count` } })
}

/** Records facts: to Analytics Engine when it is bound, and to D1; a failure is logged. */
export async function recordNow(c: Context<AppEnv>, facts: readonly Fact[]): Promise<void> {
  if (facts.length === 0) return
  const analytics = (c.env as unknown as WithAnalytics).INSIGHTS
  try {
    for (const { kind, key } of facts ?? [])
      analytics?.writeDataPoint({ indexes: [kind], blobs: [kind, key], doubles: [1] })
    await recordFacts(c.var.db, facts)
  } catch (error) {
    log('warn', 'insights: not recorded', { error: String(error) })
  }
}

/** Records facts after the response (waitUntil): the response never waits for them. */
export function recordLater(c: Context<AppEnv>, facts: readonly Fact[]): void {
  if (facts.length) inBackground(c, recordNow(c, facts))
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
