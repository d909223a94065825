// The bench of issue 54's "done when": one cron run queues 1,000 monitors, and
// the consumer checks them a batch at a time (20 batches measured), each invocation within a
// Worker's limits (1,000 subrequests: D1 statements, fetches and queue sends
// together). Counts D1 statements through a counting D1 binding, the queue's
// sends through a stand-in queue, the targets' fetches through the stubbed
// network edge; prints the figures for docs/monitors.md (npm run bench).
import { env } from 'cloudflare:test'
import { afterEach, expect, it, vi } from 'vitest'
import { createDb } from '../../worker/db'
import { type CheckMessage, consumeChecks, enqueueDueChecks } from '../../worker/services/monitors'

const COUNT = 1_000
/** As wrangler.toml's [[queues.consumers]] max_batch_size. */
const BATCH = 10
const INVOCATIONS = 20
const NOW = Date.parse('2027-05-03T15:00:00Z')

/** env.DB, counting each statement it runs (a batch counts as one call, as D1 bills it). */
function countingD1() {
  const counts = { calls: 0 }
  const d1 = new Proxy(env.DB, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target)
      if (prop === 'batch')
        return (...args: unknown[]) => {
          counts.calls++
          return (value as (...a: unknown[]) => unknown).apply(target, args)
        }
      if (prop === 'prepare')
        return (query: string) => {
          const stmt = target.prepare(query)
          const wrap = (s: D1PreparedStatement): D1PreparedStatement =>
            new Proxy(s, {
              get(t, p) {
                const v = Reflect.get(t, p, t)
                if (p === 'bind')
                  return (...a: unknown[]) =>
                    wrap((v as (...b: unknown[]) => D1PreparedStatement).apply(t, a))
                if (p === 'all' || p === 'run' || p === 'raw' || p === 'first')
                  return (...a: unknown[]) => {
                    counts.calls++
                    return (v as (...b: unknown[]) => unknown).apply(t, a)
                  }
                return typeof v === 'function' ? v.bind(t) : v
              },
            })
          return wrap(stmt)
        }
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
  return { d1, counts }
}

afterEach(() => vi.restoreAllMocks())

it(`one cron run queues ${COUNT} monitors; each consumer batch stays far inside a Worker's limits`, async () => {
  const client = await env.DB.prepare(
    "insert into clients (name) values ('Bench clinic group') returning id",
  ).first<{
    id: number
  }>()
  for (let i = 0; i < COUNT; i += 250)
    await env.DB.batch(
      Array.from({ length: Math.min(250, COUNT - i) }, (_, k) =>
        env.DB.prepare(
          "insert into monitors (client_id, kind, name, url, next_check_at) values (?, 'http', ?, ?, ?)",
        ).bind(client!.id, `Site ${i + k}`, `https://site-${i + k}.bench.example/`, NOW - 60_000),
      ),
    )

  const sent: CheckMessage[] = []
  let sends = 0
  const queue = {
    sendBatch: async (msgs: Iterable<{ body: CheckMessage }>) => {
      sends++
      for (const m of msgs) sent.push(m.body)
    },
  }
  const cron = countingD1()
  const started = Date.now()
  const queued = await enqueueDueChecks(
    createDb(cron.d1),
    { ...env, MONITOR_CHECKS: queue } as unknown as Env,
    NOW,
  )
  const enqueueMs = Date.now() - started
  expect(queued).toBe(COUNT)
  expect(new Set(sent.map((s) => s.monitorId)).size).toBe(COUNT)
  const cronSubrequests = cron.counts.calls + sends
  expect(cronSubrequests).toBeLessThan(50)
  // Their next checks moved on: the next run queues none of them.
  expect(
    await enqueueDueChecks(
      createDb(env.DB),
      { ...env, MONITOR_CHECKS: queue } as unknown as Env,
      NOW + 60_000,
    ),
  ).toBe(0)

  // The consumer: the targets answer (the network edge is stubbed), a batch per invocation.
  // Twenty invocations (200 checks) measure one invocation's cost; all 100 would add
  // half a minute to every \`npm test\` for the same figure (each batch does the same work).
  let fetches = 0
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => {
    fetches++
    return new Response('ok')
  })
  let worst = 0
  let consumerMs = 0
  for (let i = 0; i < INVOCATIONS; i += 1) {
    const batch = sent.slice(i * BATCH, (i + 1) * BATCH)
    const counting = countingD1()
    const before = fetches
    const messages = batch.map((body) => ({ body, ack: () => {}, retry: () => {} }))
    const t = Date.now()
    const { checked } = await consumeChecks(
      createDb(counting.d1),
      env,
      { messages } as never,
      () => NOW + 1_000,
    )
    consumerMs += Date.now() - t
    expect(checked).toBe(batch.length)
    worst = Math.max(worst, counting.counts.calls + (fetches - before))
  }
  const checks = (await env.DB.prepare('select count(*) as n from monitor_checks').first<{ n: number }>())!.n
  expect(checks).toBe(INVOCATIONS * BATCH)
  expect(worst).toBeLessThan(100)
  console.log(
    `monitor bench: ${COUNT} queued in ${cronSubrequests} subrequests (${cron.counts.calls} D1, ${sends} sends), ${enqueueMs} ms; consumer batch of ${BATCH}: at most ${worst} subrequests, ${Math.round(consumerMs / INVOCATIONS)} ms on average`,
  )
}, 180_000)
