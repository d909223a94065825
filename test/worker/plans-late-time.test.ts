// Plans bill what they show (issue 52): a period is billed only once it has
// ended in the business time zone; time logged into (or moved into) a billed
// period waits for the owner's choice, then goes onto the next period invoice
// as a late line or is not billed; an invoice from time never bills what a
// plan covers; the figures every view shows are the ones billed; a plan
// cancelled at the end of a period ends then and can be taken back until
// then. The clock is passed in (`now`, or the cron's scheduledTime).
import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { createDb } from '../../worker/db'
import worker from '../../worker/index'
import { Conflict, Invalid } from '../../worker/services/errors'
import { createInvoice } from '../../worker/services/invoices'
import { billPeriod } from '../../worker/services/plan-billing'
import { periodFigures } from '../../worker/services/plan-figures'
import { createPlan } from '../../worker/services/plans'
import {
  cancelSubscription,
  createSubscription,
  getSubscription,
  undoCancelSubscription,
} from '../../worker/services/subscriptions'
import { createTimeEntry, getTimer, startTimer, stopTimer, updateTimeEntry } from '../../worker/services/time'
import { gql } from './admin-helpers'
import { asOwner, countRows, json, makeClient } from './billing-fixtures'
import { call } from './helpers'
import { portalCookie } from './portal-fixtures'

const db = () => createDb(env.DB)
/** Noon in the business time zone (US Central) on a date. */
const noon = (date: string) => new Date(`${date}T18:00:00Z`)

async function runCron(at: Date) {
  const ctx = createExecutionContext()
  await worker.scheduled(createScheduledController({ scheduledTime: at.getTime() }), env, ctx)
  await waitOnExecutionContext(ctx)
}

/** A client on a 10-hour plan at $150 an hour over, from November 1, 2025. */
async function subscribed(rollover: 'none' | 'next' = 'none', startDate = '2025-11-01') {
  const c = await makeClient()
  const plan = await createPlan(db(), {
    name: 'Clinic Care',
    monthlyFeeCents: 50_000,
    includedMinutes: 600,
    overageRateCents: 15_000,
    rollover,
  })
  const sub = await createSubscription(db(), { clientId: c.clientId, planId: plan.id, startDate })
  return { c, plan, sub }
}

const log = (clientId: number, date: string, minutes: number, now: Date, lateTime?: 'next' | 'none') =>
  createTimeEntry(
    db(),
    env,
    { clientId, date, minutes, description: 'Workstation support', rateCents: 12_000, lateTime },
    now,
  )

async function refusal(run: () => Promise<unknown>) {
  try {
    await run()
  } catch (err) {
    return err as Conflict | Invalid
  }
  throw new Error('expected a refusal')
}

describe('a period is billed once it has ended in the business time zone', () => {
  it('refuses on its last evening (already the 1st in UTC) and bills just after midnight Central', async () => {
    const { c, sub } = await subscribed()
    await log(c.clientId, '2025-11-10', 150, noon('2025-11-10'))
    // 11:30 pm Central on November 30 is 05:30 UTC on December 1.
    const early = await refusal(() => billPeriod(db(), sub.id, '2025-11', new Date('2025-12-01T05:30:00Z')))
    expect(early).toBeInstanceOf(Conflict)
    expect(early.message).toBe('This period ends on November 30, 2025; it can be billed from December 1.')
    expect(await countRows('select count(*) as n from invoices where client_id = ?', c.clientId)).toBe(0)
    const figures = await periodFigures(db(), sub.id, '2025-11', new Date('2025-12-01T05:30:00Z'))
    expect(figures).toMatchObject({ state: 'open', billableFrom: '2025-12-01', endsOn: '2025-11-30' })
    // Five past midnight Central.
    const invoice = await billPeriod(db(), sub.id, '2025-11', new Date('2025-12-01T06:05:00Z'))
    expect(invoice.totalCents).toBe(50_000)
  })

  it('REST and GraphQL answer 409 naming the end date', async () => {
    const { sub } = await subscribed('none', '2026-01-01')
    const rest = await asOwner(`/api/subscriptions/${sub.id}/invoices`, {
      method: 'POST',
      json: { period: '2098-12' },
    })
    expect(rest.status).toBe(409)
    expect((await json<{ message: string }>(rest)).message).toBe(
      'This period ends on December 31, 2098; it can be billed from January 1.',
    )
    const { body } = await gql(
      'mutation($id: ID!, $period: String!) { billPeriod(subscriptionId: $id, period: $period) { invoiceId } }',
      { id: String(sub.id), period: '2098-12' },
    )
    const errors = body.errors as unknown as { message: string; extensions: { code: string } }[]
    expect(errors[0]!.message).toBe('This period ends on December 31, 2098; it can be billed from January 1.')
    expect(errors[0]!.extensions.code).toBe('CONFLICT')
  })

  it('parallel "Bill this period" calls bill once, with one number taken', async () => {
    const { c, sub } = await subscribed()
    await log(c.clientId, '2025-11-12', 700, noon('2025-11-12'))
    const results = await Promise.allSettled(
      [0, 1, 2].map(() => billPeriod(db(), sub.id, '2025-11', noon('2025-12-02'))),
    )
    const made = results.filter((r) => r.status === 'fulfilled')
    expect(made).toHaveLength(1)
    for (const r of results.filter((x) => x.status === 'rejected'))
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(Conflict)
    expect(await countRows('select count(*) as n from invoices where client_id = ?', c.clientId)).toBe(1)
    expect(
      await countRows(
        'select count(*) as n from time_entries where invoice_id is null and client_id = ?',
        c.clientId,
      ),
    ).toBe(0)
  })
})

describe('late time: logged into a billed period, it waits for the choice', () => {
  it("the issue's month: billed at 2.5 h, 8 h logged for the 30th go onto the next invoice as 0.5 h over", async () => {
    const { c, sub } = await subscribed()
    await log(c.clientId, '2025-11-10', 150, noon('2025-11-10'))
    const november = await billPeriod(db(), sub.id, '2025-11', noon('2025-12-01'))
    expect(november.totalCents).toBe(50_000)

    // Without a choice: 409 naming the period, its invoice and both choices; nothing stored.
    const entriesBefore = await countRows(
      'select count(*) as n from time_entries where client_id = ?',
      c.clientId,
    )
    const asked = await refusal(() => log(c.clientId, '2025-11-30', 480, noon('2025-12-02')))
    expect(asked).toBeInstanceOf(Conflict)
    expect(asked.message).toBe(
      `November 2025 is already invoiced (${november.number}). Choose where this time goes: onto the next plan invoice as late time, labelled with its date, or not billed.`,
    )
    expect(asked.errors).toHaveProperty('lateTime')
    expect(await countRows('select count(*) as n from time_entries where client_id = ?', c.clientId)).toBe(
      entriesBefore,
    )
    const rest = await asOwner('/api/time-entries', {
      method: 'POST',
      json: { clientId: c.clientId, date: '2025-11-30', minutes: 480, description: 'Server move' },
    })
    expect(rest.status).toBe(409)
    expect(Object.keys((await json<{ errors: Record<string, string> }>(rest)).errors)).toEqual(['lateTime'])

    await log(c.clientId, '2025-11-30', 480, noon('2025-12-02'), 'next')
    // November still shows what its invoice billed; the late time is apart, going onto the next invoice.
    const nov = await periodFigures(db(), sub.id, '2025-11', noon('2025-12-02'))
    expect(nov).toMatchObject({ state: 'billed', usedMinutes: 150, overageMinutes: 0, overageCents: 0 })
    expect(nov.invoice?.number).toBe(november.number)
    expect(nov.late).toMatchObject({
      pendingMinutes: 480,
      pendingOverageMinutes: 30,
      pendingOverageCents: 7_500,
    })
    const dec = await periodFigures(db(), sub.id, '2025-12', noon('2025-12-02'))
    expect(dec.state).toBe('open')
    expect(dec.carriedIn).toEqual([
      {
        period: '2025-11',
        label: 'November 2025',
        minutes: 480,
        overageMinutes: 30,
        overageCents: 7_500,
        detail: 'November 30: 8 h',
      },
    ])

    // An invoice from time leaves the plan's time out, and says so.
    const fromTime = await asOwner('/api/invoices', {
      method: 'POST',
      json: { clientId: c.clientId, source: 'time' },
    })
    expect(fromTime.status).toBe(409)
    expect((await json<{ message: string }>(fromTime)).message).toContain(
      '8 h covered by the Clinic Care plan are left out',
    )

    // December's invoice carries the late line, labelled with its period and date, at the plan's rate.
    const december = await billPeriod(db(), sub.id, '2025-12', noon('2026-01-01'))
    const late = december.lines.find((l) => l.description.startsWith('Late time'))
    expect(late?.description).toBe(
      'Late time from November 2025, logged after its invoice (November 30: 8 h): 0.5 h over the included hours',
    )
    expect(late?.amountCents).toBe(7_500)
    expect(december.totalCents).toBe(57_500)
    const after = await periodFigures(db(), sub.id, '2025-11', noon('2026-01-02'))
    expect(after.late).toMatchObject({
      pendingMinutes: 0,
      billedMinutes: 480,
      billedOverageCents: 7_500,
      billedOn: [{ invoiceId: december.id, number: december.number }],
    })
    // Billed once: January has no late line.
    const january = await billPeriod(db(), sub.id, '2026-01', noon('2026-02-01'))
    expect(january.lines.some((l) => l.description.startsWith('Late time'))).toBe(false)
    expect(january.totalCents).toBe(50_000)
  })

  it('"not billed" keeps it off every invoice; moving time into a billed period asks too', async () => {
    const { c, sub } = await subscribed()
    await log(c.clientId, '2025-11-10', 600, noon('2025-11-10'))
    await billPeriod(db(), sub.id, '2025-11', noon('2025-12-01'))
    await log(c.clientId, '2025-11-29', 60, noon('2025-12-03'), 'none')
    const [december] = await log(c.clientId, '2025-12-02', 90, noon('2025-12-03'))
    const moved = await refusal(() => updateTimeEntry(db(), december!.id, { date: '2025-11-28' }))
    expect(moved).toBeInstanceOf(Conflict)
    expect(moved.errors).toHaveProperty('lateTime')
    expect((await getEntryDate(december!.id)).date).toBe('2025-12-02')
    await updateTimeEntry(db(), december!.id, { date: '2025-11-28', lateTime: 'none' })
    const nov = await periodFigures(db(), sub.id, '2025-11', noon('2025-12-03'))
    expect(nov.late).toMatchObject({ pendingMinutes: 0, notBilledMinutes: 150 })
    const invoice = await billPeriod(db(), sub.id, '2025-12', noon('2026-01-01'))
    expect(invoice.lines.some((l) => l.description.startsWith('Late time'))).toBe(false)
    expect(
      await countRows(
        'select count(*) as n from time_entries where invoice_id is null and client_id = ?',
        c.clientId,
      ),
    ).toBe(2)
  })

  it('a timer stopped after its month was billed asks too, and keeps running until answered', async () => {
    const { c, sub } = await subscribed()
    await startTimer(
      db(),
      { clientId: c.clientId, description: 'Night call' },
      new Date('2025-11-30T23:00:00Z'),
    )
    await billPeriod(db(), sub.id, '2025-11', noon('2025-12-01'))
    const asked = await refusal(() => stopTimer(db(), env, {}, noon('2025-12-01')))
    expect(asked).toBeInstanceOf(Conflict)
    expect(asked.errors).toHaveProperty('lateTime')
    expect(await getTimer(db())).not.toBeNull()
    const [entry] = await stopTimer(db(), env, { lateTime: 'next' }, noon('2025-12-01'))
    expect(entry!.date).toBe('2025-11-30')
    expect(await getTimer(db())).toBeNull()
    expect((await periodFigures(db(), sub.id, '2025-11', noon('2025-12-01'))).late.pendingMinutes).toBe(
      entry!.minutes,
    )
  })

  it('late time uses what its period had left, never what rolled over to the next period', async () => {
    const { c, sub } = await subscribed('next')
    await log(c.clientId, '2025-11-10', 150, noon('2025-11-10'))
    await billPeriod(db(), sub.id, '2025-11', noon('2025-12-01'))
    // November's 7.5 h left rolled into December, so 2 h late are all over.
    await log(c.clientId, '2025-11-30', 120, noon('2025-12-02'), 'next')
    const nov = await periodFigures(db(), sub.id, '2025-11', noon('2025-12-02'))
    expect(nov.late).toMatchObject({
      pendingMinutes: 120,
      pendingOverageMinutes: 120,
      pendingOverageCents: 30_000,
    })
    expect((await periodFigures(db(), sub.id, '2025-12', noon('2025-12-02'))).rolloverMinutes).toBe(450)
  })

  it('a plan that ends with the period has no next invoice: only "not billed"', async () => {
    const { c, sub } = await subscribed()
    await cancelSubscription(db(), sub.id, noon('2025-11-20'))
    await billPeriod(db(), sub.id, '2025-11', noon('2025-12-01'))
    const refused = await refusal(() => log(c.clientId, '2025-11-30', 60, noon('2025-12-02'), 'next'))
    expect(refused).toBeInstanceOf(Invalid)
    expect(refused.errors).toHaveProperty('lateTime')
    await log(c.clientId, '2025-11-30', 60, noon('2025-12-02'), 'none')
  })
})

describe('every view shows the same figures', () => {
  it('the usage e-mail and the portal say what is billed and what goes onto the next invoice', async () => {
    const { c, sub } = await subscribed()
    const contact = await portalCookie(c.contactId)
    await log(c.clientId, '2025-11-10', 630, noon('2025-11-10'))
    const text = await env.DB.prepare(
      "select text_body as t from mail_outbox where subject = 'Plan hours: 100 % used in November 2025' order by id desc limit 1",
    ).first<{ t: string }>()
    expect(text?.t).toContain(
      '0.5 h over the included hours so far: $75.00 at $150.00 an hour, billed on the plan invoice for November 2025, made from December 1.',
    )
    const november = await billPeriod(db(), sub.id, '2025-11', noon('2025-12-01'))
    expect((await asOwner(`/api/invoices/${november.id}/send`, { method: 'POST' })).status).toBe(200)
    await log(c.clientId, '2025-11-30', 120, noon('2025-12-02'), 'next')
    const page = await (await call('/portal/plan?period=2025-11', { headers: { Cookie: contact } })).text()
    expect(page).toContain('Hours in November 2025')
    expect(page).toContain(
      `Invoiced on ${november.number} ($575.00): 0.5 h over the included hours, $75.00 at $150.00 an hour.`,
    )
    expect(page).toContain(
      '2 h logged after the invoice goes onto the next plan invoice as late time: 2 h over the included hours, $300.00.',
    )
    const usage = await json<{ late: { pendingOverageCents: number } }>(
      await asOwner(`/api/subscriptions/${sub.id}/usage?period=2025-11`),
    )
    expect(usage.late.pendingOverageCents).toBe(30_000)
    const before = await asOwner(`/api/subscriptions/${sub.id}/usage?period=2025-10`)
    expect(before.status).toBe(400)
    expect((await json<{ errors: Record<string, string> }>(before)).errors).toEqual({
      period: 'The subscription starts in November 2025',
    })
    // Another client's contact never sees it.
    const other = await makeClient()
    const res = await call('/portal/plan?period=2025-11', {
      headers: { Cookie: await portalCookie(other.contactId) },
    })
    expect(res.status).toBe(404)
  })
})

describe('cancel at the end of the period', () => {
  it('waits for the period to end, can be taken back until then, and the cron ends it after', async () => {
    const { c, sub } = await subscribed()
    await cancelSubscription(db(), sub.id, noon('2025-11-15'))
    await runCron(noon('2025-11-20'))
    expect((await getSubscription(db(), sub.id)).status).toBe('active')
    const undone = await undoCancelSubscription(db(), sub.id, noon('2025-11-20'))
    expect(undone).toMatchObject({ cancelAtPeriodEnd: false, endsPeriod: null, status: 'active' })
    await cancelSubscription(db(), sub.id, noon('2025-11-25'))
    // Were the run of the 1st missed, the next run still ends it (and a run on the 1st bills November).
    await runCron(noon('2025-12-02'))
    expect((await getSubscription(db(), sub.id)).status).toBe('cancelled')
    const late = await refusal(() => undoCancelSubscription(db(), sub.id, noon('2025-12-02')))
    expect(late).toBeInstanceOf(Conflict)
    await runCron(new Date('2025-12-01T18:00:00Z'))
    expect(await countRows('select count(*) as n from invoices where client_id = ?', c.clientId)).toBe(1)
  })

  it('REST: undo-cancel answers 409 when nothing is to be undone', async () => {
    const { sub } = await subscribed('none', '2026-01-01')
    const res = await asOwner(`/api/subscriptions/${sub.id}/undo-cancel`, { method: 'POST' })
    expect(res.status).toBe(409)
    expect((await json<{ message: string }>(res)).message).toBe('This plan is not set to end')
    expect((await asOwner(`/api/subscriptions/${sub.id}/cancel`, { method: 'POST' })).status).toBe(200)
    const undo = await asOwner(`/api/subscriptions/${sub.id}/undo-cancel`, { method: 'POST' })
    expect(undo.status).toBe(200)
    expect((await json<{ cancelAtPeriodEnd: boolean }>(undo)).cancelAtPeriodEnd).toBe(false)
  })
})

describe('invoice from time', () => {
  it("leaves out a subscribed client's plan time and says so, and bills time outside the plan", async () => {
    const { c } = await subscribed('none', '2025-11-01')
    await log(c.clientId, '2025-10-20', 60, noon('2025-10-20'))
    await log(c.clientId, '2025-11-05', 720, noon('2025-11-05'))
    const invoice = await createInvoice(db(), { clientId: c.clientId, source: 'time' }, noon('2025-11-06'))
    expect(invoice.totalCents).toBe(12_000)
    expect((invoice as { planTimeLeftOut?: string }).planTimeLeftOut).toBe(
      "12 h covered by the Clinic Care plan are left out: the plan's period invoices bill them.",
    )
  })
})

async function getEntryDate(id: number) {
  return (await env.DB.prepare('select date from time_entries where id = ?')
    .bind(id)
    .first<{ date: string }>())!
}
