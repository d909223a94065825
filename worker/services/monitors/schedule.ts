// The monitors' schedule (issue 54, ADR 198): the cron puts each monitor due
// a check on the MONITOR_CHECKS queue and moves its next check on; the
// queue's consumer (this same Worker) checks them, a few at a time. A cron
// run makes 1 read, 1 write and one sendBatch per 100 monitors, so 1,000
// monitors fit a single invocation's subrequest limit easily, and each
// consumer invocation does only a batch of checks.
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm'
import type { Db } from '../../db'
import { tables } from '../../db'
import { log } from '../../log'
import { checkMonitor, DEFAULT_LOOKUPS, type Lookups } from './checks'

/** One queued check: the monitor and the due time it was queued for (its slot: a retry checks once). */
export type CheckMessage = { monitorId: number; slot: string }

/** Messages per sendBatch (the Queues limit is 100 per call). */
const SEND_BATCH = 100
/** Monitors queued per cron run at most; the rest go in the next run. */
export const MAX_ENQUEUE_PER_RUN = 5_000
/** Checks a consumer runs at once. */
const CONCURRENCY = 6

type QueueLike = Pick<Queue<CheckMessage>, 'sendBatch'>

const queueOf = (env: Env) => (env as Env & { MONITOR_CHECKS?: QueueLike }).MONITOR_CHECKS

/**
 * Queues every active monitor whose next check is due at `now`, then moves
 * each one's next check an interval on. Sent before the move: a run that dies
 * in between queues the same slots again next time, and the slot key makes
 * the second delivery a no-op. Answers how many were queued.
 */
export async function enqueueDueChecks(db: Db, env: Env, now: number): Promise<number> {
  const queue = queueOf(env)
  if (!queue) throw new Error('The MONITOR_CHECKS queue is not bound')
  const m = tables.monitors
  const due = and(eq(m.paused, false), isNull(m.deletedAt), lte(m.nextCheckAt, new Date(now)))
  const rows = await db
    .select({ id: m.id, nextCheckAt: m.nextCheckAt })
    .from(m)
    .where(due)
    .orderBy(asc(m.nextCheckAt), asc(m.id))
    .limit(MAX_ENQUEUE_PER_RUN)
  if (!rows.length) return 0
  for (let i = 0; i < rows.length; i += SEND_BATCH) {
    await queue.sendBatch(
      rows.slice(i, i + SEND_BATCH).map((r) => ({
        body: { monitorId: r.id, slot: `due:${r.nextCheckAt.getTime()}` } satisfies CheckMessage,
        contentType: 'json' as const,
      })),
    )
  }
  const last = rows[rows.length - 1]!
  // One statement for all of them (no list of ids: D1 binds at most 100 values).
  await db
    .update(m)
    .set({ nextCheckAt: sql`${now} + ${m.intervalMinutes} * 60000` })
    .where(
      and(
        due,
        sql`(${m.nextCheckAt} < ${last.nextCheckAt.getTime()} or (${m.nextCheckAt} = ${last.nextCheckAt.getTime()} and ${m.id} <= ${last.id}))`,
      ),
    )
  return rows.length
}

/**
 * The queue consumer: each message is checked on its own; one that fails is
 * retried by the queue (and, if its check was recorded meanwhile, changes
 * nothing the second time). `now` is read per check: checks take time.
 */
export async function consumeChecks(
  db: Db,
  env: Env,
  batch: MessageBatch<CheckMessage>,
  clock: () => number = Date.now,
  lookups: Lookups = DEFAULT_LOOKUPS,
): Promise<{ checked: number; retried: number }> {
  let checked = 0
  let retried = 0
  const messages = [...batch.messages]
  const worker = async () => {
    for (let msg = messages.shift(); msg; msg = messages.shift()) {
      try {
        const body = msg.body
        await checkMonitor(db, env, Number(body.monitorId), String(body.slot), clock(), lookups)
        msg.ack()
        checked++
      } catch (err) {
        // A monitor deleted since it was queued needs no retry.
        if (err instanceof Error && err.name === 'NotFound') {
          msg.ack()
          continue
        }
        log('error', 'monitor check failed', {
          monitorId: msg.body?.monitorId,
          error: err instanceof Error ? err.message : String(err),
        })
        msg.retry()
        retried++
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, messages.length) }, worker))
  return { checked, retried }
}
