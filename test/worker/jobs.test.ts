// Issue 54.1: the scheduled jobs cannot stop in silence. Each runs on its own
// (a throwing one does not stop the next), every run is recorded, and the
// owner hears once when a job fails or stalls and once when it recovers. The
// clock is the cron controller's scheduledTime, moved by the tests.
import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { JOBS } from '../../schema/jobs'
import { createDb, type Db } from '../../worker/db'
import worker from '../../worker/index'
import { runScheduled } from '../../worker/scheduled'
import { alertJobHealth, type Job, jobHealth, purgeJobRuns, runJobs } from '../../worker/services/jobs'
import { asOwner, json } from './billing-fixtures'
import { call } from './helpers'

const db = () => createDb(env.DB)
const MIN = 60_000
let clock = Date.parse('2026-12-01T10:00:00Z')
/** A fresh hour for each test, so the runs of one do not age into another's judgement. */
const nextHour = () => {
  clock += 24 * 60 * MIN
  return clock
}

let seq = 0
const uniqueName = (base: string) => `${base}-${++seq}-${Math.random().toString(36).slice(2, 7)}`

const jobMail = (name: string) =>
  env.DB.prepare(
    "select subject, text_body as text from mail_outbox where kind = 'job-alert' and subject like ? order by id",
  )
    .bind(`%${name}%`)
    .all<{ subject: string; text: string }>()
    .then((r) => r.results)

const runsOf = (name: string) =>
  env.DB.prepare('select outcome, error, summary from job_runs where name = ? order by id')
    .bind(name)
    .all<{ outcome: string; error: string | null; summary: string | null }>()
    .then((r) => r.results)

/** Runs the cron with these jobs at `at` (the same path as worker.scheduled, with a test list). */
async function cronWith(jobs: (d: Db) => Job[], at: number) {
  await runScheduled(createScheduledController({ scheduledTime: at }), env, (d) => jobs(d))
}

afterEach(() => vi.useRealTimers())

describe('background jobs', () => {
  it('a job that throws is recorded and the next one still runs', async () => {
    const at = nextHour()
    const broken = uniqueName('broken')
    const after = uniqueName('after')
    const ran: string[] = []
    const jobs = (): Job[] => [
      {
        name: broken,
        label: `Broken ${broken}`,
        periodMinutes: 5,
        run: async () => {
          ran.push(broken)
          throw new Error('D1 said no')
        },
      },
      {
        name: after,
        label: `After ${after}`,
        periodMinutes: 5,
        run: async () => {
          ran.push(after)
          return { queued: 2 }
        },
      },
    ]
    await cronWith(jobs, at)
    expect(ran).toEqual([broken, after])
    expect(await runsOf(broken)).toEqual([{ outcome: 'error', error: 'D1 said no', summary: null }])
    expect(await runsOf(after)).toEqual([{ outcome: 'ok', error: null, summary: '{"queued":2}' }])
    const health = await jobHealth(db(), jobs(), at)
    expect(health.map((h) => [h.name, h.state, h.lastError])).toEqual([
      [broken, 'failing', 'D1 said no'],
      [after, 'ok', null],
    ])
  })

  it('a job past its time bound is recorded as timed out and the next still runs', async () => {
    vi.useFakeTimers()
    const at = nextHour()
    const slow = uniqueName('slow')
    const next = uniqueName('next')
    let nextRan = false
    const jobs: Job[] = [
      { name: slow, label: slow, periodMinutes: 5, timeoutMs: 2_000, run: () => new Promise(() => {}) },
      {
        name: next,
        label: next,
        periodMinutes: 5,
        run: async () => {
          nextRan = true
        },
      },
    ]
    const done = runJobs(db(), jobs, at)
    // Let the slow job start, then move the timers past its bound.
    await vi.waitFor(async () => expect((await runsOf(slow)).length).toBe(1), { interval: 5 })
    await vi.advanceTimersByTimeAsync(2_001)
    const outcomes = await done
    expect(outcomes.map((o) => o.outcome)).toEqual(['timeout', 'ok'])
    expect(nextRan).toBe(true)
    expect((await runsOf(slow))[0]).toMatchObject({ outcome: 'timeout', error: 'Did not finish within 2 s' })
  })

  it('mails the owner once when a job starts failing and once when it recovers', async () => {
    const start = nextHour()
    const name = uniqueName('flaky')
    let fail = true
    const jobs = (): Job[] => [
      {
        name,
        label: `Flaky ${name}`,
        periodMinutes: 5,
        run: async () => {
          if (fail) throw new Error('upstream timeout')
        },
      },
    ]
    await cronWith(jobs, start)
    await cronWith(jobs, start + 5 * MIN)
    let mail = await jobMail(name)
    expect(mail.map((x) => x.subject)).toEqual([`Background job failing: Flaky ${name}`])
    expect(mail[0]!.text).toContain('Last error: upstream timeout')
    // Still failing past three periods: stalled on the board, no second e-mail.
    await cronWith(jobs, start + 20 * MIN)
    expect((await jobHealth(db(), jobs(), start + 20 * MIN))[0]!.state).toBe('stalled')
    expect(await jobMail(name)).toHaveLength(1)
    fail = false
    await cronWith(jobs, start + 25 * MIN)
    await cronWith(jobs, start + 30 * MIN)
    mail = await jobMail(name)
    expect(mail.map((x) => x.subject)).toEqual([
      `Background job failing: Flaky ${name}`,
      `Background job recovered: Flaky ${name}`,
    ])
    // A new episode later is told again, once.
    fail = true
    await cronWith(jobs, start + 35 * MIN)
    await cronWith(jobs, start + 40 * MIN)
    expect((await jobMail(name)).map((x) => x.subject.split(':')[0])).toEqual([
      'Background job failing',
      'Background job recovered',
      'Background job failing',
    ])
  })

  it('flags a job that stopped running as stalled and mails once; recovery once', async () => {
    const start = nextHour()
    const name = uniqueName('quiet')
    const jobs = (): Job[] => [
      { name, label: `Quiet ${name}`, periodMinutes: 5, run: async () => ({ n: 1 }) },
    ]
    await cronWith(jobs, start)
    // The cron keeps running other work, but this job is not run (a Worker killed before it).
    const list = jobs()
    expect(await alertJobHealth(db(), env, list, start + 10 * MIN)).toEqual([])
    const first = await alertJobHealth(db(), env, list, start + 16 * MIN)
    const second = await alertJobHealth(db(), env, list, start + 21 * MIN)
    expect(first).toHaveLength(1)
    expect(second).toEqual([])
    const health = (await jobHealth(db(), list, start + 21 * MIN))[0]!
    expect(health).toMatchObject({ state: 'stalled', lastError: 'No successful run in three periods' })
    expect((await jobMail(name)).map((x) => x.subject)).toEqual([`Background job stalled: Quiet ${name}`])
    await cronWith(jobs, start + 25 * MIN)
    await cronWith(jobs, start + 30 * MIN)
    expect((await jobMail(name)).map((x) => x.subject)).toEqual([
      `Background job stalled: Quiet ${name}`,
      `Background job recovered: Quiet ${name}`,
    ])
  })

  it('keeps runs 30 days', async () => {
    const at = nextHour()
    const name = uniqueName('old')
    await env.DB.prepare(
      "insert into job_runs (name, started_at, ended_at, outcome) values (?, ?, ?, 'ok'), (?, ?, ?, 'ok')",
    )
      .bind(
        name,
        at - 31 * 24 * 60 * MIN,
        at - 31 * 24 * 60 * MIN,
        name,
        at - 29 * 24 * 60 * MIN,
        at - 29 * 24 * 60 * MIN,
      )
      .run()
    expect(await purgeJobRuns(db(), at)).toBeGreaterThanOrEqual(1)
    expect(await runsOf(name)).toHaveLength(1)
  })

  it('the real cron runs every job in the list and records each', async () => {
    const at = nextHour()
    const ctx = createExecutionContext()
    await worker.scheduled(createScheduledController({ scheduledTime: at }), env, ctx)
    await waitOnExecutionContext(ctx)
    const rows = await env.DB.prepare(
      'select name, outcome, error from job_runs where started_at = ? order by id',
    )
      .bind(at)
      .all<{ name: string; outcome: string; error: string | null }>()
    expect(rows.results.map((r) => r.name)).toEqual(JOBS.map((j) => j.name))
    expect(rows.results.filter((r) => r.outcome !== 'ok')).toEqual([])
  })

  it('GET /api/jobs answers the board for the owner only', async () => {
    expect((await call('/api/jobs')).status).toBe(401)
    const res = await asOwner('/api/jobs')
    expect(res.status).toBe(200)
    const body = await json<{ name: string; periodMinutes: number; state: string }[]>(res)
    expect(body.map((j) => j.name)).toEqual(JOBS.map((j) => j.name))
    expect(body[0]).toMatchObject({ periodMinutes: 5 })
    expect(['ok', 'failing', 'stalled']).toContain(body[0]!.state)
  })
})
