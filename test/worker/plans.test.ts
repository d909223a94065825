// Managed-service plans (issue 37): plans, subscriptions, usage, period
// invoices, the cron and the usage alerts, with the clock passed in (`now`,
// or the cron's scheduledTime) so month ends, proration and a DST weekend are
// exact. Storage is fresh for every test.
import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { addPeriods } from '../../schema/plans'
import { createDb } from '../../worker/db'
import worker from '../../worker/index'
import { createApiToken } from '../../worker/services/api-tokens'
import { billPeriod } from '../../worker/services/plan-billing'
import { createPlan, firstResponseTarget, updatePlan } from '../../worker/services/plans'
import { createSubscription, periodUsage } from '../../worker/services/subscriptions'
import { gql } from './admin-helpers'
import { asOwner, countRows, type InvoiceBody, json, makeClient, owner } from './billing-fixtures'
import { call } from './helpers'
import { send, supportRequest } from './requests-fixtures'

const db = () => createDb(env.DB)

async function runCron(at: Date) {
  const ctx = createExecutionContext()
  await worker.scheduled(createScheduledController({ scheduledTime: at.getTime() }), env, ctx)
  await waitOnExecutionContext(ctx)
}

/** A time entry on a date, straight into the table (the REST path is tested apart). */
async function entry(clientId: number, date: string, minutes: number, extra: { billable?: boolean } = {}) {
  await env.DB.prepare(
    'insert into time_entries (client_id, date, minutes, description, billable, rate_cents) values (?, ?, ?, ?, ?, 12000)',
  )
    .bind(clientId, date, minutes, 'Support', extra.billable === false ? 0 : 1)
    .run()
}

const basePlan = {
  name: 'Practice Care',
  monthlyFeeCents: 60_000,
  includedMinutes: 600,
  overageRateCents: 15_000,
} as const

async function planAndSub(
  opts: {
    plan?: Partial<Parameters<typeof createPlan>[1]>
    startDate?: string
    rounding?: number
    units?: { description: string; unitPriceCents: number; quantity: number }[]
  } = {},
  now = new Date('2026-01-01T18:00:00Z'),
) {
  const c = await makeClient({ roundingMinutes: opts.rounding ?? 0 })
  const plan = await createPlan(db(), { ...basePlan, ...opts.plan }, now)
  const sub = await createSubscription(
    db(),
    { clientId: c.clientId, planId: plan.id, startDate: opts.startDate ?? '2026-01-01', units: opts.units },
    now,
  )
  return { c, plan, sub }
}

describe('periods and proration', () => {
  it('prorates the first period by days, for months of 28, 29, 30 and 31 days', async () => {
    const cases = [
      ['2026-02-15', '2026-02', 14, 28],
      ['2028-02-15', '2028-02', 15, 29],
      ['2026-04-16', '2026-04', 15, 30],
      ['2026-01-31', '2026-01', 1, 31],
    ] as const
    for (const [startDate, period, days, of] of cases) {
      const { sub } = await planAndSub({ startDate })
      const usage = await periodUsage(db(), sub.id, period)
      expect([usage.days, usage.of]).toEqual([days, of])
      expect(usage.includedMinutes).toBe(Math.round((600 * days) / of))
      // Billed once the period is over (issue 52): noon Central on the 1st of the next month.
      const invoice = await billPeriod(
        db(),
        sub.id,
        period,
        new Date(`${addPeriods(period, 1)}-01T18:00:00Z`),
      )
      expect(invoice.lines[0]!.description).toContain(`prorated: ${days} of ${of} days`)
      expect(invoice.totalCents).toBe(Math.floor((2 * 60_000 * days + of) / (2 * of)))
    }
  })

  it('counts an entry of the last day of a month in that month, the 1st in the next', async () => {
    const { c, sub } = await planAndSub()
    await entry(c.clientId, '2026-01-31', 90)
    await entry(c.clientId, '2026-02-01', 30)
    await entry(c.clientId, '2026-02-28', 15)
    await entry(c.clientId, '2026-03-01', 45, { billable: false })
    expect((await periodUsage(db(), sub.id, '2026-01')).usedMinutes).toBe(90)
    expect((await periodUsage(db(), sub.id, '2026-02')).usedMinutes).toBe(45)
    expect((await periodUsage(db(), sub.id, '2026-03')).usedMinutes).toBe(0)
  })
})

describe('overage and rollover', () => {
  it('bills the overage after the client rounding rule, with the fee and the unit lines', async () => {
    const { c, sub } = await planAndSub({
      rounding: 15,
      units: [
        { description: 'Workstations', unitPriceCents: 2500, quantity: 8 },
        { description: 'Users', unitPriceCents: 1000, quantity: 0 },
      ],
    })
    // 10 entries of 61 minutes round up to 75 each: 750 minutes, 150 over the 600 included.
    for (let d = 1; d <= 10; d++) await entry(c.clientId, `2026-01-${String(d).padStart(2, '0')}`, 61)
    const usage = await periodUsage(db(), sub.id, '2026-01')
    expect(usage).toMatchObject({ usedMinutes: 750, overageMinutes: 150, remainingMinutes: 0 })
    const invoice = await billPeriod(db(), sub.id, '2026-01', new Date('2026-02-01T18:00:00Z'))
    expect(invoice.lines.map((l) => l.amountCents)).toEqual([60_000, 8 * 2500, 37_500])
    expect(invoice.totalCents).toBe(60_000 + 20_000 + 37_500)
    expect(invoice.status).toBe('draft')
    // Every entry of the period is marked with the period invoice.
    expect(
      await countRows(
        'select count(*) as n from time_entries where client_id = ? and invoice_id = ?',
        c.clientId,
        invoice.id,
      ),
    ).toBe(10)
  })

  it('rolls unused minutes into the next period only, capped at one period, used first', async () => {
    const { c, plan, sub } = await planAndSub({ plan: { rollover: 'next' } })
    await entry(c.clientId, '2026-01-10', 200) // 400 unused -> February
    await entry(c.clientId, '2026-02-10', 900) // 400 rolled over used first, 500 of 600: 100 unused
    await entry(c.clientId, '2026-03-10', 800)
    const feb = await periodUsage(db(), sub.id, '2026-02')
    expect(feb).toMatchObject({
      includedMinutes: 600,
      rolloverMinutes: 400,
      remainingMinutes: 100,
      overageMinutes: 0,
    })
    const mar = await periodUsage(db(), sub.id, '2026-03')
    expect(mar).toMatchObject({ rolloverMinutes: 100, overageMinutes: 100 })
    // Nothing used in April: at most one period's included minutes roll into May (the new, lower terms).
    await updatePlan(db(), plan.id, { includedMinutes: 300 }, new Date('2026-04-10T18:00:00Z'))
    const may = await periodUsage(db(), sub.id, '2026-05')
    expect(may.includedMinutes).toBe(300)
    expect(may.rolloverMinutes).toBe(300)
    const none = await planAndSub({ plan: { rollover: 'none' } })
    await entry(none.c.clientId, '2026-01-10', 100)
    expect((await periodUsage(db(), none.sub.id, '2026-02')).rolloverMinutes).toBe(0)
  })

  it('applies a price change from the next period; the current one keeps the old fee', async () => {
    const { plan, sub } = await planAndSub()
    const changed = await updatePlan(
      db(),
      plan.id,
      { monthlyFeeCents: 80_000 },
      new Date('2026-03-15T18:00:00Z'),
    )
    expect(changed.termsFrom).toBe('2026-04')
    const march = await billPeriod(db(), sub.id, '2026-03', new Date('2026-04-01T18:00:00Z'))
    expect(march.totalCents).toBe(60_000)
    const april = await billPeriod(db(), sub.id, '2026-04', new Date('2026-05-01T18:00:00Z'))
    expect(april.totalCents).toBe(80_000)
  })
})

describe('once only', () => {
  it('two parallel "Bill this period" make one invoice; the other is 409 with its id', async () => {
    const { c, sub } = await planAndSub({ startDate: '2025-01-01' })
    const period = '2025-06'
    await entry(c.clientId, '2025-06-03', 700)
    const [a, b] = await Promise.all(
      [0, 1].map(() =>
        asOwner(`/api/subscriptions/${sub.id}/invoices`, { method: 'POST', json: { period } }),
      ),
    )
    const statuses = [a!.status, b!.status].sort()
    expect(statuses).toEqual([201, 409])
    const created = await json<InvoiceBody>(a!.status === 201 ? a! : b!)
    const refused = await json<{ invoiceId: number }>(a!.status === 409 ? a! : b!)
    expect(refused.invoiceId).toBe(created.id)
    expect(await countRows('select count(*) as n from invoices where client_id = ?', c.clientId)).toBe(1)
    // The refused batch took no number: the counter stands at the invoice's number.
    expect(
      await countRows(
        "select last as n from document_counters where kind = 'invoice' and year = ?",
        Number(created.number.slice(4, 8)),
      ),
    ).toBe(Number(created.number.slice(-4)))
    // The same period again, later: 409 naming the same invoice.
    const again = await asOwner(`/api/subscriptions/${sub.id}/invoices`, { method: 'POST', json: { period } })
    expect(again.status).toBe(409)
    expect((await json<{ invoiceId: number }>(again)).invoiceId).toBe(created.id)
    // The time the period invoice covers is not billed again from time.
    const fromTime = await asOwner('/api/invoices', {
      method: 'POST',
      json: { clientId: c.clientId, source: 'time' },
    })
    expect(fromTime.status).toBe(409)
  })

  it('the cron on the 1st (a DST weekend) makes the month before once; a second run makes nothing', async () => {
    const auto = await planAndSub({ plan: { autoSend: true }, startDate: '2026-10-01' })
    const review = await planAndSub({ startDate: '2026-10-20' })
    await entry(auto.c.clientId, '2026-10-31', 60)
    // 23:59 on Saturday 31 October, Central daylight time: still October, nothing made.
    const mine = `select count(*) as n from invoices where client_id in (${auto.c.clientId}, ${review.c.clientId})`
    await runCron(new Date('2026-11-01T04:59:00Z'))
    expect(await countRows(mine)).toBe(0)
    // 00:30 on Sunday 1 November, the night the clocks go back: October is billed.
    await runCron(new Date('2026-11-01T05:30:00Z'))
    await runCron(new Date('2026-11-01T08:30:00Z'))
    expect(await countRows(mine)).toBe(2)
    expect(
      await countRows(
        `select count(*) as n from period_invoices where period = '2026-10' and subscription_id in (${auto.sub.id}, ${review.sub.id})`,
      ),
    ).toBe(2)
    const sent = await env.DB.prepare(
      'select i.status as status from invoices i join period_invoices p on p.invoice_id = i.id where p.subscription_id = ?',
    )
      .bind(auto.sub.id)
      .first<{ status: string }>()
    expect(sent!.status).toBe('sent')
    const draft = await env.DB.prepare(
      'select i.status as status, i.total_cents as total from invoices i join period_invoices p on p.invoice_id = i.id where p.subscription_id = ?',
    )
      .bind(review.sub.id)
      .first<{ status: string; total: number }>()
    // 12 of 31 days of $600.00.
    expect(draft).toEqual({ status: 'draft', total: Math.round((60_000 * 12) / 31) })
    expect(
      await countRows(
        'select count(*) as n from time_entries where client_id = ? and invoice_id is not null',
        auto.c.clientId,
      ),
    ).toBe(1)
  })

  it('the cron writes the same invoice as "Bill this period" (lines, totals, time), in bulk', async () => {
    const units = [{ description: 'Workstations', unitPriceCents: 2500, quantity: 3 }]
    const byHand = await planAndSub({ startDate: '2026-05-10', rounding: 6, units })
    const byCron = await planAndSub({ startDate: '2026-05-10', rounding: 6, units })
    for (const { c } of [byHand, byCron]) {
      await entry(c.clientId, '2026-05-11', 301)
      await entry(c.clientId, '2026-05-31', 301)
      await entry(c.clientId, '2026-06-01', 30)
    }
    const hand = await billPeriod(db(), byHand.sub.id, '2026-05', new Date('2026-06-01T12:00:00Z'))
    await runCron(new Date('2026-06-01T12:00:00Z'))
    const row = await env.DB.prepare('select invoice_id as id from period_invoices where subscription_id = ?')
      .bind(byCron.sub.id)
      .first<{ id: number }>()
    const cron = await json<InvoiceBody>(await asOwner(`/api/invoices/${row!.id}`))
    const shape = (i: InvoiceBody) => ({
      total: i.totalCents,
      lines: i.lines.map((l) => [l.amountCents, l.quantityMilli, l.unitPriceCents]),
    })
    expect(shape(cron)).toEqual(shape(hand))
    // 22 of 31 days of $600 and of 3 x $25; 612 of 426 included minutes over: 186 min at $150/h.
    expect(hand.lines.map((l) => l.amountCents)).toEqual([42_581, 3 * 1774, 46_500])
    for (const { c } of [byHand, byCron])
      expect(
        await countRows(
          'select count(*) as n from time_entries where client_id = ? and invoice_id is not null',
          c.clientId,
        ),
      ).toBe(2)
  })

  it('at most one live subscription per client (the database refuses a second)', async () => {
    const { c, plan } = await planAndSub()
    const res = await asOwner('/api/subscriptions', {
      method: 'POST',
      json: { clientId: c.clientId, planId: plan.id, startDate: '2026-02-01' },
    })
    expect(res.status).toBe(409)
    await expect(
      env.DB.prepare("insert into subscriptions (client_id, plan_id, start_date) values (?, ?, '2026-03-01')")
        .bind(c.clientId, plan.id)
        .run(),
    ).rejects.toThrow(/UNIQUE/)
  })

  it('voiding a period invoice frees its period and its time', async () => {
    const { c, sub } = await planAndSub()
    await entry(c.clientId, '2026-01-05', 30)
    const first = await billPeriod(db(), sub.id, '2026-01', new Date('2026-02-01T18:00:00Z'))
    const voided = await asOwner(`/api/invoices/${first.id}/void`, { method: 'POST' })
    expect(voided.status).toBe(200)
    const second = await billPeriod(db(), sub.id, '2026-01', new Date('2026-02-02T18:00:00Z'))
    expect(second.id).not.toBe(first.id)
    expect(await countRows('select count(*) as n from time_entries where invoice_id = ?', second.id)).toBe(1)
  })
})

describe('pause and cancel', () => {
  it('a paused period has no fee and its time stays unbilled; cancel ends after this period', async () => {
    const { c, sub } = await planAndSub()
    const paused = await asOwner(`/api/subscriptions/${sub.id}/pause`, { method: 'POST' })
    expect(paused.status).toBe(200)
    expect((await json<{ status: string }>(paused)).status).toBe('paused')
    const period = (await json<{ period: string }>(await asOwner(`/api/subscriptions/${sub.id}/usage`)))
      .period
    const bill = await asOwner(`/api/subscriptions/${sub.id}/invoices`, { method: 'POST', json: { period } })
    expect(bill.status).toBe(409)
    expect(await countRows('select count(*) as n from invoices where client_id = ?', c.clientId)).toBe(0)
    expect((await asOwner(`/api/subscriptions/${sub.id}/resume`, { method: 'POST' })).status).toBe(200)
    const cancelled = await json<{ cancelAtPeriodEnd: boolean; endsPeriod: string }>(
      await asOwner(`/api/subscriptions/${sub.id}/cancel`, { method: 'POST' }),
    )
    expect(cancelled).toMatchObject({ cancelAtPeriodEnd: true, endsPeriod: period })
  })
})

describe('REST input', () => {
  it('names the field of bad input and stores nothing', async () => {
    const bad = [
      [{ ...basePlan, monthlyFeeCents: -1 }, 'monthlyFeeCents'],
      [{ ...basePlan, rollover: 'always' }, 'rollover'],
      [{ ...basePlan, includedMinutes: 1.5 }, 'includedMinutes'],
      [{ ...basePlan, slaHours: { urgent: 0 } }, 'slaHours'],
      [{ ...basePlan, name: '' }, 'name'],
      [{ ...basePlan, units: [{ description: 'Users', unitPriceCents: 'ten' }] }, 'units'],
    ] as const
    const plansBefore = await countRows('select count(*) as n from plans')
    for (const [input, field] of bad) {
      const res = await asOwner('/api/plans', { method: 'POST', json: input })
      expect(res.status).toBe(400)
      expect(Object.keys((await json<{ errors: Record<string, string> }>(res)).errors)).toContain(field)
    }
    expect(await countRows('select count(*) as n from plans')).toBe(plansBefore)
    const c = await makeClient()
    const plan = await json<{ id: number }>(await asOwner('/api/plans', { method: 'POST', json: basePlan }))
    for (const [input, field] of [
      [{ clientId: c.clientId, planId: plan.id, startDate: '2026-02-30' }, 'startDate'],
      [{ clientId: 999_999, planId: plan.id, startDate: '2026-02-01' }, 'clientId'],
      [{ clientId: c.clientId, planId: 999_999, startDate: '2026-02-01' }, 'planId'],
    ] as const) {
      const res = await asOwner('/api/subscriptions', { method: 'POST', json: input })
      expect(res.status).toBe(400)
      expect(Object.keys((await json<{ errors: Record<string, string> }>(res)).errors)).toContain(field)
    }
    expect(await countRows('select count(*) as n from subscriptions where client_id = ?', c.clientId)).toBe(0)
    const sub = await json<{ id: number }>(
      await asOwner('/api/subscriptions', {
        method: 'POST',
        json: { clientId: c.clientId, planId: plan.id, startDate: '2026-01-01' },
      }),
    )
    for (const period of ['2026-13', 'June', '2025-12']) {
      const res = await asOwner(`/api/subscriptions/${sub.id}/invoices`, { method: 'POST', json: { period } })
      expect(res.status).toBe(400)
      expect(Object.keys((await json<{ errors: Record<string, string> }>(res)).errors)).toEqual(['period'])
    }
    // A period not over yet is a conflict with the clock, not bad input (issue 52).
    const future = await asOwner(`/api/subscriptions/${sub.id}/invoices`, {
      method: 'POST',
      json: { period: '2099-01' },
    })
    expect(future.status).toBe(409)
    expect((await json<{ message: string }>(future)).message).toBe(
      'This period ends on January 31, 2099; it can be billed from February 1.',
    )
    expect(await countRows('select count(*) as n from invoices where client_id = ?', c.clientId)).toBe(0)
    expect((await asOwner('/api/subscriptions/abc/usage')).status).toBe(400)
    expect((await asOwner('/api/subscriptions/999999/usage')).status).toBe(404)
  })

  it('needs the owner', async () => {
    const res = await asOwner('/api/plans')
    expect(res.status).toBe(200)
    const anonymous = await call('/api/plans')
    expect(anonymous.status).toBe(401)
  })
})

describe('usage alerts and SLA', () => {
  it('sends 80 % and 100 % once each per period, to the owner and the opted-in contact', async () => {
    const c = await makeClient()
    const plan = await createPlan(db(), { ...basePlan, includedMinutes: 100 })
    const sub = await createSubscription(db(), {
      clientId: c.clientId,
      planId: plan.id,
      startDate: '2020-01-01',
      alertContactId: c.contactId,
    })
    const record = (minutes: number) =>
      asOwner('/api/time-entries', {
        method: 'POST',
        json: { clientId: c.clientId, minutes, description: 'Support' },
      })
    const alerts = () =>
      env.DB.prepare(
        "select recipient, subject from mail_outbox where subject like 'Plan hours%' and text_body like ? order by id",
      )
        .bind(`%${c.email.split('@')[0]}%`)
        .all<{ recipient: string; subject: string }>()
        .then((r) => r.results)
    expect((await record(50)).status).toBe(201)
    expect(await alerts()).toHaveLength(0)
    await Promise.all([record(15), record(15)])
    expect((await alerts()).map((a) => a.subject)).toEqual([
      expect.stringContaining('80 %'),
      expect.stringContaining('80 %'),
    ])
    expect(new Set((await alerts()).map((a) => a.recipient))).toEqual(new Set(['owner@example.com', c.email]))
    await record(5)
    expect(await alerts()).toHaveLength(2)
    await record(20)
    await record(20)
    expect((await alerts()).filter((a) => a.subject.includes('100 %'))).toHaveLength(2)
    expect(await countRows('select count(*) as n from usage_alerts where subscription_id = ?', sub.id)).toBe(
      2,
    )
  })

  it("a plan's SLA targets replace the default for its client", async () => {
    const c = await makeClient()
    const other = await makeClient()
    const plan = await createPlan(db(), { ...basePlan, slaHours: { urgent: 1, high: 2 } })
    await createSubscription(db(), { clientId: c.clientId, planId: plan.id, startDate: '2026-01-01' })
    expect(await firstResponseTarget(db(), c.clientId, 'critical')).toMatchObject({ hours: 1, basis: 'plan' })
    expect(await firstResponseTarget(db(), c.clientId, 'medium')).toMatchObject({
      hours: 16,
      basis: 'default',
    })
    expect(await firstResponseTarget(db(), other.clientId, 'critical')).toMatchObject({
      hours: 4,
      basis: 'default',
    })
    // The inbox's due clock takes the plan's target for that client's new requests (critical: wall clock).
    const submit = async (email: string) => {
      const before = Date.now()
      const res = await send('/api/consultation', { json: supportRequest({ email, urgency: 'critical' }) })
      expect(res.status).toBe(201)
      const row = await env.DB.prepare(
        'select due_at as dueAt from support_requests where email = ? order by id desc',
      )
        .bind(email)
        .first<{ dueAt: number }>()
      return row!.dueAt - before
    }
    const planned = await submit(c.email)
    expect(planned).toBeGreaterThanOrEqual(3_600_000 - 5_000)
    expect(planned).toBeLessThanOrEqual(3_600_000 + 60_000)
    const unplanned = await submit(other.email)
    expect(unplanned).toBeGreaterThanOrEqual(4 * 3_600_000 - 5_000)
  })
})

describe('access', () => {
  const script = (method: string, path: string, token: string, body?: unknown) =>
    call(path, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  const tokenOf = async (scope: 'read' | 'billing') => {
    await owner()
    const user = await env.DB.prepare('select id from users limit 1').first<{ id: number }>()
    return (await createApiToken(db(), user!.id, { name: `plans ${scope}`, scope, expiresInDays: 30 })).token
  }

  it('a billing token writes plans and subscriptions, and nothing outside billing', async () => {
    const token = await tokenOf('billing')
    const created = await script('POST', '/api/plans', token, basePlan)
    expect(created.status).toBe(201)
    expect((await script('GET', '/api/subscriptions', token)).status).toBe(200)
    expect((await script('GET', '/api/invoices', token)).status).toBe(200)
    expect((await script('GET', '/api/clients', token)).status).toBe(403)
    expect((await script('POST', '/api/projects', token, {})).status).toBe(403)
    const read = await tokenOf('read')
    expect((await script('POST', '/api/plans', read, basePlan)).status).toBe(403)
    expect((await script('GET', '/api/plans', read)).status).toBe(200)
    expect((await call('/api/plans')).status).toBe(401)
  })

  it('GraphQL: the owner makes a plan, subscribes a client, reads usage and bills a period', async () => {
    const c = await makeClient()
    await entry(c.clientId, '2025-03-04', 30)
    const plan = await gql<{ createPlan: { id: string; rollover: string } }>(
      'mutation($input: PlanInput!) { createPlan(input: $input) { id rollover } }',
      { input: { ...basePlan, rollover: 'NEXT', slaHours: { urgent: 2 } } },
    )
    expect(plan.body.data?.createPlan.rollover).toBe('NEXT')
    const sub = await gql<{ createSubscription: { id: string; status: string } }>(
      'mutation($input: SubscriptionInput!) { createSubscription(input: $input) { id status } }',
      {
        input: {
          clientId: String(c.clientId),
          planId: plan.body.data!.createPlan.id,
          startDate: '2025-03-01',
        },
      },
    )
    expect(sub.body.data?.createSubscription.status).toBe('ACTIVE')
    const id = sub.body.data!.createSubscription.id
    const usage = await gql<{ subscriptions: { usage: { usedMinutes: number } }[] }>(
      'query($clientId: ID) { subscriptions(clientId: $clientId) { usage(period: "2025-03") { usedMinutes } } }',
      { clientId: String(c.clientId) },
    )
    expect(usage.body.data?.subscriptions[0]?.usage.usedMinutes).toBe(30)
    const bill =
      'mutation($id: ID!, $period: String!) { billPeriod(subscriptionId: $id, period: $period) { invoiceId number totalCents } }'
    const billed = await gql<{ billPeriod: { totalCents: number } }>(bill, { id, period: '2025-03' })
    expect(billed.body.data?.billPeriod.totalCents).toBe(60_000)
    const twice = await gql(bill, { id, period: '2025-03' })
    expect(twice.body.errors?.[0]?.message).toMatch(/already invoiced/)
    const bad = await gql(bill, { id, period: '2025-3' })
    expect(bad.body.errors?.[0]?.extensions?.errors).toHaveProperty('period')
    const badPlan = await gql('mutation($input: PlanInput!) { createPlan(input: $input) { id } }', {
      input: { ...basePlan, monthlyFeeCents: -5 },
    })
    expect(badPlan.body.errors?.[0]?.extensions?.errors).toHaveProperty('monthlyFeeCents')
    const anonymous = await gql('{ plans { id } }', {}, false)
    expect(anonymous.body.data?.plans ?? null).toBeNull()
  })
})

describe('client merge', () => {
  const merge = (targetId: number, sourceId: number) =>
    gql<{ mergeClients: { id: string } }>(
      'mutation($t: ID!, $s: ID!) { mergeClients(targetId: $t, sourceId: $s) { id } }',
      {
        t: String(targetId),
        s: String(sourceId),
      },
    )

  it('moves the plan with its client, and refuses to merge two clients on plans', async () => {
    const a = await planAndSub()
    const b = await makeClient()
    expect((await merge(b.clientId, a.c.clientId)).body.data?.mergeClients.id).toBe(String(b.clientId))
    const moved = await env.DB.prepare('select client_id as clientId from subscriptions where id = ?')
      .bind(a.sub.id)
      .first<{ clientId: number }>()
    expect(moved!.clientId).toBe(b.clientId)
    const c = await planAndSub()
    const refused = await merge(b.clientId, c.c.clientId)
    expect(refused.body.errors?.[0]?.message).toMatch(/Both clients are on a plan/)
    expect(await countRows('select count(*) as n from clients where id = ?', c.c.clientId)).toBe(1)
  })
})
