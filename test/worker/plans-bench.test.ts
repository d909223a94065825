// The bench of issue 37's "done when": one cron run bills 500 subscriptions
// within a Worker invocation's limits. D1 allows 1,000 queries per invocation
// (a batch is one); the run's own count is asserted, and its wall time and
// count are printed for docs/plans.md. Seeded straight into D1 (one batch per
// table), each subscription with three time entries of the month before, a
// third of them with a unit line and a quarter over their included time.
import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from 'cloudflare:test'
import { expect, it } from 'vitest'
import { createDb } from '../../worker/db'
import worker from '../../worker/index'
import { runPlanBilling } from '../../worker/services/plan-billing'

const COUNT = 500
const AT = new Date('2027-03-01T15:00:00Z') // 09:00 Central on 1 March: February (28 days) is billed

it(`one cron run bills ${COUNT} subscriptions in far fewer than 1,000 D1 queries`, async () => {
  const plan = await env.DB.prepare(
    `insert into plans (name, monthly_fee_cents, included_minutes, overage_rate_cents, rollover)
     values ('Bench Care', 45000, 240, 14000, 'next') returning id`,
  ).first<{ id: number }>()
  await env.DB.prepare(
    "insert into plan_prices (plan_id, from_period, monthly_fee_cents, included_minutes, overage_rate_cents, rollover) values (?, '0000-00', 45000, 240, 14000, 'next')",
  )
    .bind(plan!.id)
    .run()
  const clients = await env.DB.batch(
    Array.from({ length: COUNT }, (_, i) =>
      env.DB.prepare(
        'insert into clients (name, default_rate_cents, rounding_minutes) values (?, 12000, ?) returning id',
      ).bind(`Bench clinic ${i}`, i % 2 ? 15 : 0),
    ),
  )
  const ids = clients.map((r) => (r.results[0] as { id: number }).id)
  await env.DB.batch(
    ids.flatMap((clientId, i) => [
      env.DB.prepare('insert into contacts (client_id, name, email) values (?, ?, ?)').bind(
        clientId,
        `Office ${i}`,
        `bench-${i}-${crypto.randomUUID().slice(0, 6)}@example.com`,
      ),
      env.DB.prepare(
        "insert into subscriptions (client_id, plan_id, start_date) values (?, ?, '2027-01-15')",
      ).bind(clientId, plan!.id),
      ...['2027-02-03', '2027-02-14', '2027-02-28'].map((date) =>
        env.DB.prepare(
          'insert into time_entries (client_id, date, minutes, description, rate_cents) values (?, ?, ?, ?, 12000)',
        ).bind(clientId, date, i % 4 === 0 ? 130 : 47, 'Bench support'),
      ),
    ]),
  )
  await env.DB.prepare(
    "insert into subscription_units (subscription_id, position, description, unit_price_cents, quantity) select id, 1, 'Workstations', 2500, 4 from subscriptions where id % 3 = 0",
  ).run()

  const started = Date.now()
  const result = await runPlanBilling(createDb(env.DB), env, AT)
  const ms = Date.now() - started
  console.log(`plan billing bench: ${result.created.length} invoices, ${result.queries} D1 calls, ${ms} ms`)
  expect(result.created).toHaveLength(COUNT)
  expect(result.failed).toBe(0)
  expect(result.queries).toBeLessThan(100)
  const counted = await env.DB.prepare(
    "select count(*) as n, count(distinct i.number) as numbers from invoices i join period_invoices p on p.invoice_id = i.id where p.period = '2027-02'",
  ).first<{ n: number; numbers: number }>()
  expect(counted).toEqual({ n: COUNT, numbers: COUNT })
  expect(
    (await env.DB.prepare(
      "select count(*) as n from time_entries where date like '2027-02-%' and invoice_id is null",
    ).first<{
      n: number
    }>())!.n,
  ).toBe(0)

  // The real cron, again on the 1st: nothing more is made.
  const ctx = createExecutionContext()
  await worker.scheduled(createScheduledController({ scheduledTime: AT.getTime() + 300_000 }), env, ctx)
  await waitOnExecutionContext(ctx)
  expect(
    (await env.DB.prepare("select count(*) as n from period_invoices where period = '2027-02'").first<{
      n: number
    }>())!.n,
  ).toBe(COUNT)
}, 120_000)
