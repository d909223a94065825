// Writing the counts (issue 18, docs/decisions/065-batched-insights-counts.md):
// each request adds its facts to the isolate's batch after the response and
// keeps its waitUntil until the write that holds them is done; one upsert per
// batch instead of one per view. Optionally one data point per fact goes to
// Workers Analytics Engine when that binding is configured. A failure is
// logged, never shown: a page never waits for, nor breaks on, its count.

import { lt, sql } from 'drizzle-orm'
import type { Context } from 'hono'
import { type Db, tables } from '../db'
import type { AppEnv } from '../env'
import { log } from '../log'
import { inBackground } from '../middleware/background'
import type { Fact } from './rules'

/** The optional Analytics Engine binding (`[[analytics_engine_datasets]] binding = "INSIGHTS"`). */
type WithAnalytics = { INSIGHTS?: AnalyticsEngineDataset }

/** The UTC day of a time, as stored: YYYY-MM-DD. */
export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** One row of `insights_daily` to add: `count` more of a kind and key on a day. */
export type CountRow = { day: string; kind: string; key: string; count: number }

/** Adds rows to the stored counts; made per request, from that request's own D1 handle. */
export type WriteCounts = (rows: CountRow[]) => Promise<void>

/** D1 binds at most 100 parameters per statement; an upserted row binds 4 (day, kind, key, count). */
export const ROWS_PER_STATEMENT = Math.floor(100 / 4)

/** Adds the rows in one round trip: one multi-row upsert per 25 rows, in one D1 batch. */
export const writeCounts =
  (db: Db): WriteCounts =>
  async (rows) => {
    const t = tables.insightsDaily
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

/** Facts as rows of a day: repeated facts add up into one row. */
function addFacts(rows: Map<string, CountRow>, facts: readonly Fact[], day: string) {
  for (const { kind, key } of facts) {
    const id = `${day}\u0000${kind}\u0000${key}`
    const row = rows.get(id)
    if (row) row.count++
    else rows.set(id, { day, kind, key, count: 1 })
  }
}

/** Adds one to each fact's count for the day, now (repeated facts add up). */
export async function recordFacts(db: Db, facts: readonly Fact[], now = Date.now()): Promise<void> {
  const rows = new Map<string, CountRow>()
  addFacts(rows, facts, dayOf(now))
  if (rows.size) await writeCounts(db)([...rows.values()])
}

/** The counts gathered since the last write began; `written` once a request took them to write. */
type Batch = { rows: Map<string, CountRow>; due: number; written: Promise<void> | null }

/** How long a write may take before the next one stops waiting for it (its request was cut off). */
export const WRITE_STALL_MS = 10_000

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * The isolate's counts on their way to D1. Correct by construction, with no
 * timer or promise that has to outlive the request that made it:
 * - every request that adds facts gets a promise for the write of the batch
 *   that holds them, and keeps it in its own waitUntil, so its context lives
 *   until its facts are stored;
 * - a batch is written by a request whose facts are in it (or by the owner's
 *   report), from that request's own context (its own timer, its own D1 handle);
 * - one write at a time: the next write, and the owner's report, wait for the
 *   one in flight instead of racing it; facts that arrive meanwhile gather in
 *   the next batch (under load, one write carries many views);
 * - a batch is written once its window (from its first fact) has passed and
 *   the write before it has ended.
 * Promises of another request are only awaited (which workerd allows), never
 * resolved from here, so no continuation depends on a finished request.
 */
export class CountBatcher {
  private gathering: Batch | null = null
  private writing: { done: Promise<void> } | null = null

  constructor(private readonly stallMs = WRITE_STALL_MS) {}

  /**
   * Adds facts to the batch being gathered (a few map updates: all a request
   * pays before its response goes out). The promise settles once the batch
   * holding them was written, or its failure logged; it never rejects.
   */
  add(facts: readonly Fact[], write: WriteCounts, windowMs: number, now = Date.now()): Promise<void> {
    if (!this.gathering) this.gathering = { rows: new Map(), due: now + windowMs, written: null }
    const batch = this.gathering
    addFacts(batch.rows, facts, dayOf(now))
    return this.settle(batch, write, true)
  }

  /** Writes every fact added so far, after the write in flight (the owner's report calls this first). */
  flush(write: WriteCounts): Promise<void> {
    return this.settle(this.gathering, write, false)
  }

  private async settle(batch: Batch | null, write: WriteCounts, untilDue: boolean): Promise<void> {
    if (batch && untilDue && batch.due > Date.now()) await sleep(batch.due - Date.now())
    for (;;) {
      // Another request took this batch: its write is the one to wait for.
      if (batch?.written) return batch.written
      if (this.writing) {
        await this.writeEnded(this.writing)
        continue
      }
      if (!batch) return
      // Nobody is writing and the batch is still here (an untaken batch is
      // always the one gathering): this request takes it, with whatever joined.
      this.gathering = null
      batch.written = this.write(batch, write)
      return batch.written
    }
  }

  private write(batch: Batch, write: WriteCounts): Promise<void> {
    const entry = { done: Promise.resolve() }
    this.writing = entry
    entry.done = (async () => {
      try {
        await write([...batch.rows.values()])
      } catch (error) {
        log('warn', 'insights: not recorded', { error: String(error), rows: batch.rows.size })
      } finally {
        if (this.writing === entry) this.writing = null
      }
    })()
    return entry.done
  }

  /**
   * Waits for a write to end. A write only hangs when its request was cut
   * off mid-write (the runtime's limit after the response); after stallMs the
   * next write goes ahead rather than every later count waiting behind it.
   */
  private async writeEnded(entry: { done: Promise<void> }): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined
    const ended = await Promise.race([
      entry.done.then(() => true),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), this.stallMs)
      }),
    ])
    clearTimeout(timer)
    if (!ended && this.writing === entry) {
      log('warn', 'insights: a write did not end; the next one goes ahead', { waitedMs: this.stallMs })
      this.writing = null
    }
  }
}

/** The window used when INSIGHTS_BATCH_MS is unset. */
export const DEFAULT_BATCH_MS = 1000

/** INSIGHTS_BATCH_MS: how long a batch gathers before it is written (0: right after each response). */
export function batchWindowMs(env: { INSIGHTS_BATCH_MS?: string }): number {
  const ms = Number(env.INSIGHTS_BATCH_MS ?? Number.NaN)
  return Number.isFinite(ms) && ms >= 0 ? Math.min(ms, 10_000) : DEFAULT_BATCH_MS
}

/** This isolate's batch (module state lives as long as the isolate). */
export const insightsBatch = new CountBatcher()

/**
 * Counts facts: to Analytics Engine at once when it is bound, and into the
 * isolate's batch for D1. Resolves once they are stored (or the failure
 * logged); never rejects.
 */
export function record(c: Context<AppEnv>, facts: readonly Fact[]): Promise<void> {
  if (facts.length === 0) return Promise.resolve()
  const analytics = (c.env as unknown as WithAnalytics).INSIGHTS
  try {
    for (const { kind, key } of facts)
      analytics?.writeDataPoint({ indexes: [kind], blobs: [kind, key], doubles: [1] })
  } catch (error) {
    log('warn', 'insights: not sent to Analytics Engine', { error: String(error) })
  }
  return insightsBatch.add(
    facts,
    writeCounts(c.var.db),
    batchWindowMs(c.env as { INSIGHTS_BATCH_MS?: string }),
  )
}

/** Records facts after the response: the request's waitUntil holds until they are stored. */
export function recordLater(c: Context<AppEnv>, facts: readonly Fact[]): void {
  if (facts.length) inBackground(c, record(c, facts))
}

/** Stores what this isolate counted and has not written yet (the owner's report is never behind it). */
export const flushInsights = (db: Db) => insightsBatch.flush(writeCounts(db))

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
