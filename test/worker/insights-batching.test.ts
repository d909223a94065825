// Issue 18: first-party, cookieless insights. The privacy rules (GPC, DNT,
// robots, the owner), what a page view and a beacon count, the daily
// aggregation, the submissions counted at the intake, the owner's report and
// the retention purge.
// Batching (ADR 065) and the retention purge.
import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from 'cloudflare:test'
import { describe, expect, it, vi } from 'vitest'
import { createDb } from '../../worker/db'
import worker from '../../worker/index'
import {
  batchWindowMs,
  CountBatcher,
  type CountRow,
  DEFAULT_BATCH_MS,
  insightsBatch,
  purgeInsights,
  recordFacts,
  retentionMonths,
  writeCounts,
} from '../../worker/insights/record'
import type { insightsReport } from '../../worker/insights/report'
import { rest } from './admin-helpers'
import { freshIp, ORIGIN } from './helpers'
import { BROWSER, count } from './insights-fixtures'

vi.setConfig({ testTimeout: 30_000 })

describe('batching (ADR 065)', () => {
  const DAY = '2026-05-06'
  const AT = Date.parse(`${DAY}T09:00:00Z`)

  /** A writer whose writes end only when the test lets them: what each write carried, in order. */
  function heldWriter() {
    const writes: CountRow[][] = []
    const ends: (() => void)[] = []
    const write = (rows: CountRow[]) => {
      writes.push(rows.map((row) => ({ ...row })))
      return new Promise<void>((resolve) => ends.push(resolve))
    }
    return { writes, write, endNext: () => ends.shift()?.() }
  }

  it('merges the same day, kind and key into one row, and writes what arrives during a write in the next one', async () => {
    const batcher = new CountBatcher()
    const writer = heldWriter()
    // No window: the first request writes its count at once...
    const first = batcher.add([{ kind: 'view', key: '/a' }], writer.write, 0, AT)
    expect(writer.writes).toEqual([[{ day: DAY, kind: 'view', key: '/a', count: 1 }]])
    // ...and while that write is in flight, two more requests' facts gather.
    const visit = [
      { kind: 'view', key: '/b' },
      { kind: 'device', key: 'desktop' },
    ]
    const second = batcher.add(visit, writer.write, 0, AT)
    const third = batcher.add([...visit, { kind: 'view', key: '/b' }], writer.write, 0, AT)
    await Promise.resolve()
    // One write at a time: the next waits for the one in flight.
    expect(writer.writes).toHaveLength(1)
    writer.endNext()
    await first
    await vi.waitFor(() => expect(writer.writes).toHaveLength(2))
    expect(writer.writes[1]).toEqual([
      { day: DAY, kind: 'view', key: '/b', count: 3 },
      { day: DAY, kind: 'device', key: 'desktop', count: 2 },
    ])
    // Both requests were waiting for that one write; they are done when it is.
    let done = 0
    void Promise.all([second, third]).then(() => done++)
    await Promise.resolve()
    expect(done).toBe(0)
    writer.endNext()
    await Promise.all([second, third])
    expect(writer.writes).toHaveLength(2)
  })

  it("gathers a window's views into one write; each request is done once its batch is written", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: AT })
    try {
      const batcher = new CountBatcher()
      const writes: CountRow[][] = []
      const write = async (rows: CountRow[]) => {
        writes.push(rows)
      }
      const settled: string[] = []
      for (const key of ['/x', '/y', '/x'])
        void batcher.add([{ kind: 'view', key }], write, 1000).then(() => settled.push(key))
      await vi.advanceTimersByTimeAsync(999)
      expect(writes).toEqual([])
      expect(settled).toEqual([])
      await vi.advanceTimersByTimeAsync(1)
      await vi.waitFor(() => expect(settled).toHaveLength(3))
      expect(writes).toEqual([
        [
          { day: DAY, kind: 'view', key: '/x', count: 2 },
          { day: DAY, kind: 'view', key: '/y', count: 1 },
        ],
      ])
    } finally {
      vi.useRealTimers()
    }
  })

  it('a flush (the report) waits for the write in flight and then writes what is waiting', async () => {
    const batcher = new CountBatcher()
    const writer = heldWriter()
    void batcher.add([{ kind: 'view', key: '/in-flight' }], writer.write, 0, AT)
    // Gathering behind the write in flight, with a long window of its own.
    void batcher.add([{ kind: 'view', key: '/waiting' }], writer.write, 60_000, AT)
    let flushed = false
    const flush = batcher.flush(writer.write).then(() => {
      flushed = true
    })
    await Promise.resolve()
    expect(writer.writes).toHaveLength(1)
    writer.endNext()
    // The flush took the waiting batch without waiting for its window.
    await vi.waitFor(() => expect(writer.writes).toHaveLength(2))
    expect(writer.writes[1]).toEqual([{ day: DAY, kind: 'view', key: '/waiting', count: 1 }])
    expect(flushed).toBe(false)
    writer.endNext()
    await flush
    expect(flushed).toBe(true)
    // Nothing waiting and nothing in flight: a flush is done at once.
    await batcher.flush(writer.write)
    expect(writer.writes).toHaveLength(2)
  })

  it('logs a failed write and goes on; the request is never failed by it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      const batcher = new CountBatcher()
      const failing = async () => {
        throw new Error('D1 is unavailable')
      }
      await expect(batcher.add([{ kind: 'view', key: '/f' }], failing, 0, AT)).resolves.toBeUndefined()
      const logged = warn.mock.calls.map(([line]) => JSON.parse(String(line)))
      expect(logged).toContainEqual({
        level: 'warn',
        message: 'insights: not recorded',
        error: 'Error: D1 is unavailable',
        rows: 1,
      })
      // The next batch is written as usual.
      const writes: CountRow[][] = []
      await batcher.add([{ kind: 'view', key: '/g' }], async (rows) => void writes.push(rows), 0, AT)
      expect(writes).toEqual([[{ day: DAY, kind: 'view', key: '/g', count: 1 }]])
    } finally {
      warn.mockRestore()
    }
  })

  it('a write that never ends (its request cut off) holds the next one back for at most the stall time', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      const batcher = new CountBatcher(5_000)
      void batcher.add([{ kind: 'view', key: '/stuck' }], () => new Promise<void>(() => {}), 0, AT)
      const writes: CountRow[][] = []
      let done = false
      void batcher
        .add([{ kind: 'view', key: '/next' }], async (rows) => void writes.push(rows), 0, AT)
        .then(() => {
          done = true
        })
      await vi.advanceTimersByTimeAsync(4_999)
      expect(writes).toEqual([])
      await vi.advanceTimersByTimeAsync(1)
      await vi.waitFor(() => expect(done).toBe(true))
      expect(writes).toEqual([[{ day: DAY, kind: 'view', key: '/next', count: 1 }]])
      expect(warn.mock.calls.map(([line]) => JSON.parse(String(line)).message)).toContain(
        'insights: a write did not end; the next one goes ahead',
      )
    } finally {
      warn.mockRestore()
      vi.useRealTimers()
    }
  })

  it("chunks a large batch under D1's 100 bound parameters per statement, in one round trip", async () => {
    const statements: number[] = []
    const batches: number[] = []
    const d1 = new Proxy(env.DB, {
      get(target, prop) {
        if (prop === 'prepare')
          return (query: string) => {
            statements.push(query.match(/\?/g)?.length ?? 0)
            return target.prepare(query)
          }
        if (prop === 'batch')
          return (list: D1PreparedStatement[]) => {
            batches.push(list.length)
            return target.batch(list)
          }
        const value = Reflect.get(target, prop)
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
    const rows = Array.from({ length: 60 }, (_, i) => ({
      day: '2025-02-03',
      kind: 'view',
      key: `/many-${i}`,
      count: 2,
    }))
    await writeCounts(createDb(d1))(rows)
    expect(statements).toEqual([100, 100, 40])
    expect(batches).toEqual([3])
    const { n, total } = (await env.DB.prepare(
      "select count(*) as n, sum(count) as total from insights_daily where day = '2025-02-03' and key like '/many-%'",
    ).first<{ n: number; total: number }>())!
    expect({ n, total }).toEqual({ n: 60, total: 120 })
  })

  it('reads INSIGHTS_BATCH_MS (unset: the default; at most 10 s)', () => {
    expect(batchWindowMs({})).toBe(DEFAULT_BATCH_MS)
    expect(batchWindowMs({ INSIGHTS_BATCH_MS: '0' })).toBe(0)
    expect(batchWindowMs({ INSIGHTS_BATCH_MS: '250' })).toBe(250)
    expect(batchWindowMs({ INSIGHTS_BATCH_MS: 'soon' })).toBe(DEFAULT_BATCH_MS)
    expect(batchWindowMs({ INSIGHTS_BATCH_MS: '-1' })).toBe(DEFAULT_BATCH_MS)
    expect(batchWindowMs({ INSIGHTS_BATCH_MS: '600000' })).toBe(10_000)
  })

  it("the owner's report shows every view whose request has completed, inside the window; none is written twice", async () => {
    // The beacon: its 204 is the request completed (no page render, so only the batch uses timers here).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      const batched = { ...env, INSIGHTS_BATCH_MS: '60000' } as Env
      const ctx = createExecutionContext()
      const beaconView = () =>
        worker.fetch(
          new Request(`${ORIGIN}/api/insights/events`, {
            method: 'POST',
            body: JSON.stringify({ t: 'view', k: '/about' }),
            headers: {
              Origin: ORIGIN,
              'Sec-Fetch-Site': 'same-origin',
              'cf-connecting-ip': freshIp(),
              'user-agent': BROWSER,
              'content-type': 'text/plain;charset=UTF-8',
            },
          }) as Parameters<typeof worker.fetch>[0],
          batched,
          ctx,
        )
      const before = await count('view', '/about')
      expect((await beaconView()).status).toBe(204)
      expect((await beaconView()).status).toBe(204)
      // Within the window nothing is written yet...
      expect(await count('view', '/about')).toBe(before)
      // ...and the owner's report is never behind what was counted.
      const res = await rest('GET', '/api/insights?days=7')
      expect(res.status).toBe(200)
      const report = (await res.json()) as Awaited<ReturnType<typeof insightsReport>>
      expect(report.pages.find((p) => p.key === '/about')?.count).toBe(before + 2)
      // The two requests' windows then end with nothing left to write: no count twice.
      await vi.advanceTimersByTimeAsync(60_000)
      await waitOnExecutionContext(ctx)
      expect(await count('view', '/about')).toBe(before + 2)
      await insightsBatch.flush(writeCounts(createDb(env.DB)))
      expect(await count('view', '/about')).toBe(before + 2)
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('retention', () => {
  it('the cron purges days older than INSIGHTS_RETENTION_MONTHS (default 25)', async () => {
    expect(retentionMonths({})).toBe(25)
    expect(retentionMonths({ INSIGHTS_RETENTION_MONTHS: '13' })).toBe(13)
    expect(retentionMonths({ INSIGHTS_RETENTION_MONTHS: 'soon' })).toBe(25)
    const db = createDb(env.DB)
    await recordFacts(db, [{ kind: 'view', key: '/old' }], Date.parse('2024-01-01T00:00:00Z'))
    await recordFacts(db, [{ kind: 'view', key: '/kept' }], Date.parse('2024-11-01T00:00:00Z'))
    const ctx = createExecutionContext()
    await worker.scheduled(
      createScheduledController({ scheduledTime: Date.parse('2026-11-22T00:00:00Z') }),
      env,
      ctx,
    )
    await waitOnExecutionContext(ctx)
    expect(await count('view', '/old', '2024-01-01')).toBe(0)
    expect(await count('view', '/kept', '2024-11-01')).toBe(1)
    // A shorter configured period purges more.
    expect(await purgeInsights(db, 12, Date.parse('2026-11-22T00:00:00Z'))).toBeGreaterThan(0)
    expect(await count('view', '/kept', '2024-11-01')).toBe(0)
  })
})
