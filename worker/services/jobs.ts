// The scheduled jobs' runner and health board (issue 54, ADR 197). Before it,
// one cron ran about twenty jobs in a row and the first that threw stopped all
// after it, with a log line as the only trace. Now each job runs on its own
// (its own try/catch and time bound), each run is a row in job_runs, and the
// owner hears once when a job starts failing or stalls, and once when it
// recovers (the job_alerts row is the compare-and-set; the outbox's once key
// keeps the e-mail single even when a run dies between the two).
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm'
import { formatBusinessDateTime } from '../../schema/business-time'
import { JOB_RUN_RETENTION_DAYS, type JobInfo, STALLED_AFTER_PERIODS } from '../../schema/jobs'
import type { JobAlert, JobOutcome, JobState } from '../../schema/monitors'
import type { Db } from '../db'
import { tables } from '../db'
import { log } from '../log'
import { letterHtml } from '../mail/letter-html'
import { queueMailOnce } from '../mail/outbox'
import { headerSafe } from '../mail/templates'

const MINUTE = 60_000
/** A job still running after this long is abandoned and recorded as timed out; the next job starts. */
export const DEFAULT_JOB_TIMEOUT_MS = 60_000

/** What a job reports: counts, one count, or nothing (a job with nothing to say is `async () => { ... }`). */
// biome-ignore lint/suspicious/noConfusingVoidType: a job's work may be a function that returns nothing.
export type JobResult = Record<string, unknown> | number | undefined | null | void
export type Job = JobInfo & {
  run: () => Promise<JobResult>
  timeoutMs?: number
}

export type JobRunOutcome = { name: string; outcome: JobOutcome; error?: string }

class JobTimeout extends Error {}

/** Waits for the job or its time bound, whichever comes first; the timer never outlives the race. */
async function bounded<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new JobTimeout(`Did not finish within ${Math.round(ms / 1000)} s`)), ms)
  })
  try {
    return await Promise.race([work, limit])
  } finally {
    clearTimeout(timer)
  }
}

const summaryOf = (result: JobResult): Record<string, unknown> | null => {
  if (typeof result === 'number') return result ? { count: result } : null
  if (result && typeof result === 'object' && Object.keys(result).length) return result
  return null
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 1000)

/**
 * Runs every job on its own, in order: a job that throws or overruns is
 * recorded and the next one still runs. `now` is the cron's scheduledTime
 * (the clock tests move); every job runs on every cron, as before.
 */
export async function runJobs(db: Db, jobs: readonly Job[], now: number): Promise<JobRunOutcome[]> {
  const outcomes: JobRunOutcome[] = []
  for (const job of jobs) outcomes.push(await runOne(db, job, now))
  return outcomes
}

async function runOne(db: Db, job: Job, now: number): Promise<JobRunOutcome> {
  const r = tables.jobRuns
  const started = Date.now()
  let runId: number | null = null
  try {
    const [row] = await db
      .insert(r)
      .values({ name: job.name, startedAt: new Date(now) })
      .returning({ id: r.id })
    runId = row?.id ?? null
  } catch (err) {
    log('error', 'job run not recorded', { job: job.name, error: errorText(err) })
  }
  let outcome: JobOutcome = 'ok'
  let error: string | undefined
  let summary: Record<string, unknown> | null = null
  try {
    summary = summaryOf(await bounded(job.run(), job.timeoutMs ?? DEFAULT_JOB_TIMEOUT_MS))
  } catch (err) {
    outcome = err instanceof JobTimeout ? 'timeout' : 'error'
    error = errorText(err)
    log('error', 'scheduled job failed', { job: job.name, outcome, error })
  }
  // Only runs that did something are logged (the run row holds every one).
  if (summary && Object.values(summary).some((v) => v !== 0)) log('info', `job ${job.name}`, summary)
  if (runId !== null) {
    try {
      await db
        .update(r)
        .set({ outcome, error: error ?? null, summary, endedAt: new Date(now + (Date.now() - started)) })
        .where(eq(r.id, runId))
    } catch (err) {
      log('error', 'job run end not recorded', { job: job.name, error: errorText(err) })
    }
  }
  return { name: job.name, outcome, ...(error ? { error } : {}) }
}

export type JobHealth = {
  name: string
  label: string
  periodMinutes: number
  lastRunAt: Date | null
  lastOkAt: Date | null
  state: JobState
  lastError: string | null
  /** The id of the last successful run: names a trouble episode in the once-only e-mail keys. */
  lastOkRunId: number | null
}

/**
 * Each job's health at `now`: failing when its last finished run failed,
 * stalled when it has not succeeded within three periods (counted from its
 * first run when it never has; a job never run is not judged).
 */
export async function jobHealth(db: Db, jobs: readonly JobInfo[], now: number): Promise<JobHealth[]> {
  const r = tables.jobRuns
  const names = jobs.map((j) => j.name)
  const [lastRuns, lastOks, firsts, lastFinished] = await db.batch([
    db
      .select({ name: r.name, at: sql<number>`max(${r.startedAt})` })
      .from(r)
      .where(inArray(r.name, names))
      .groupBy(r.name),
    db
      .select({ name: r.name, at: sql<number>`max(${r.startedAt})`, id: sql<number>`max(${r.id})` })
      .from(r)
      .where(and(inArray(r.name, names), eq(r.outcome, 'ok')))
      .groupBy(r.name),
    db
      .select({ name: r.name, at: sql<number>`min(${r.startedAt})` })
      .from(r)
      .where(inArray(r.name, names))
      .groupBy(r.name),
    // The newest finished run of each job (a run still going says nothing yet).
    db
      .select({ name: r.name, outcome: r.outcome, error: r.error })
      .from(r)
      .where(
        sql`${r.id} in (select max(id) from job_runs where outcome != 'running' and name in ${names} group by name)`,
      ),
  ])
  const by = <T extends { name: string }>(rows: T[]) => new Map(rows.map((x) => [x.name, x]))
  const runs = by(lastRuns)
  const oks = by(lastOks)
  const first = by(firsts)
  const finished = by(lastFinished)
  return jobs.map((job) => {
    const lastRun = runs.get(job.name)
    const ok = oks.get(job.name)
    const end = finished.get(job.name)
    const since = ok ? Number(ok.at) : first.has(job.name) ? Number(first.get(job.name)!.at) : null
    const failed = end !== undefined && end.outcome !== 'ok'
    const stalled = since !== null && now - since > STALLED_AFTER_PERIODS * job.periodMinutes * MINUTE
    return {
      name: job.name,
      label: job.label,
      periodMinutes: job.periodMinutes,
      lastRunAt: lastRun ? new Date(Number(lastRun.at)) : null,
      lastOkAt: ok ? new Date(Number(ok.at)) : null,
      state: stalled ? 'stalled' : failed ? 'failing' : 'ok',
      lastError: failed ? (end.error ?? 'Failed') : stalled ? 'No successful run in three periods' : null,
      lastOkRunId: ok ? Number(ok.id) : null,
    }
  })
}

const troubleMail = (env: Env, h: JobHealth) => {
  const what = h.state === 'stalled' ? 'has stalled' : 'is failing'
  const paragraphs = [
    `The background job "${h.label}" ${what}.`,
    h.lastError ? `Last error: ${h.lastError}` : '',
    h.lastOkAt ? `It last succeeded at ${formatBusinessDateTime(h.lastOkAt)}.` : 'It has not succeeded yet.',
    'The other jobs keep running. You will get one more e-mail when it recovers.',
    `${env.SITE_URL.replace(/\/$/, '')}/admin`,
  ].filter(Boolean)
  return {
    subject: headerSafe(`Background job ${h.state === 'stalled' ? 'stalled' : 'failing'}: ${h.label}`),
    paragraphs,
  }
}

const recoveryMail = (h: JobHealth) => ({
  subject: headerSafe(`Background job recovered: ${h.label}`),
  paragraphs: [`The background job "${h.label}" ran successfully again.`],
})

/**
 * Compares each job's health with what the owner was last told and e-mails
 * the changes: trouble (failing or stalled) once, recovery once. Answers the
 * outbox ids queued, for the caller to send now.
 */
export async function alertJobHealth(
  db: Db,
  env: Env,
  jobs: readonly JobInfo[],
  now: number,
): Promise<number[]> {
  const health = await jobHealth(db, jobs, now)
  const a = tables.jobAlerts
  const told = new Map(
    (
      await db
        .select()
        .from(a)
        .where(
          inArray(
            a.name,
            health.map((h) => h.name),
          ),
        )
    ).map((x) => [x.name, x.alert]),
  )
  const at = new Date(now)
  const queued: number[] = []
  for (const h of health) {
    const was: JobAlert = told.get(h.name) ?? 'ok'
    if (was === h.state) continue
    const episode = h.lastOkRunId ?? 'never'
    if (was === 'ok' || h.state === 'ok') {
      const mail = h.state === 'ok' ? recoveryMail(h) : troubleMail(env, h)
      // Queue first, then mark: a run that dies in between queues nothing twice (the once key).
      const ids = await queueMailOnce(
        db,
        [
          {
            recipient: env.NOTIFY_EMAIL,
            replyTo: null,
            subject: mail.subject,
            textBody: mail.paragraphs.join('\n\n'),
            htmlBody: letterHtml({ paragraphs: mail.paragraphs }),
            kind: 'job-alert',
            onceKey: `job:${h.name}:${h.state === 'ok' ? 'recovered' : 'trouble'}:${episode}`,
          },
        ],
        at,
      )
      queued.push(...ids.map((x) => x.id))
    }
    // Failing -> stalled changes the board, not the owner's inbox: one e-mail per episode.
    await db
      .insert(a)
      .values({ name: h.name, alert: h.state, changedAt: at })
      .onConflictDoUpdate({
        target: a.name,
        set: { alert: h.state, changedAt: at },
        setWhere: eq(a.alert, was),
      })
  }
  return queued
}

/** Runs older than JOB_RUN_RETENTION_DAYS go. */
export async function purgeJobRuns(db: Db, now: number): Promise<number> {
  const gone = await db
    .delete(tables.jobRuns)
    .where(lt(tables.jobRuns.startedAt, new Date(now - JOB_RUN_RETENTION_DAYS * 24 * 60 * MINUTE)))
    .returning({ id: tables.jobRuns.id })
  return gone.length
}

/** The newest runs of one job, for the admin. */
export async function recentRuns(db: Db, name: string, limit = 20) {
  return db
    .select()
    .from(tables.jobRuns)
    .where(eq(tables.jobRuns.name, name))
    .orderBy(desc(tables.jobRuns.startedAt), desc(tables.jobRuns.id))
    .limit(limit)
}
