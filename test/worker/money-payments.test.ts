// Issue 34, point 3: payments are checked against the invoice. The webhook
// validates the event's shape (a signed event of the wrong shape is a 400 and a
// log line, never a 500), refuses times more than five minutes away either
// way, and records a payment only on a sent, unpaid invoice, in its currency,
// for at most what is left; anything else is kept unmatched with the reason and
// the invoice is not touched. One payment per Checkout Session or
// PaymentIntent, whatever the event id. Manual payments follow the same rules.
import { env } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { gql } from './admin-helpers'
import { asOwner, checkoutEvent, countRows, type InvoiceBody, json, postWebhook } from './billing-fixtures'
import { sentInvoice } from './money-fixtures'

afterEach(() => vi.restoreAllMocks())

type Event = ReturnType<typeof checkoutEvent>
const paymentsOn = (id: number) => countRows('select count(*) as n from payments where invoice_id = ?', id)
const invoiceNow = async (id: number) => json<InvoiceBody>(await asOwner(`/api/invoices/${id}`))
const withSession = (e: Event, patch: Record<string, unknown>) => ({
  ...e,
  data: { object: { ...e.data.object, ...patch } },
})

describe('the webhook refuses what is not a Stripe event', () => {
  const base = () => checkoutEvent('INV-2026-0001', 1_000)
  const { created: _c, ...noCreated } = base()
  const malformed: [string, () => unknown][] = [
    ['missing created', () => noCreated],
    ['missing data.object', () => ({ ...base(), data: {} })],
    ['text created', () => ({ ...base(), created: 'yesterday' })],
    ['text amount', () => withSession(base(), { amount_total: 'lots' })],
    ['fractional amount', () => withSession(base(), { amount_total: 12.5 })],
    ['missing id', () => ({ ...base(), id: undefined })],
    ['data.object not an object', () => ({ ...base(), data: { object: 'cs_test' } })],
    ['missing currency', () => withSession(base(), { currency: undefined })],
    ['session id a number', () => withSession(base(), { id: 42 })],
  ]

  it.each(malformed)('%s: 400 and a log line, nothing stored', async (_kind, event) => {
    const warn = vi.spyOn(console, 'warn')
    const before = await countRows('select count(*) as n from payments')
    const res = await postWebhook(event())
    expect(res.status).toBe(400)
    expect(warn.mock.calls.some(([line]) => String(line).includes('stripe webhook malformed'))).toBe(true)
    expect(await countRows('select count(*) as n from payments')).toBe(before)
  })

  it.each([
    ['an hour', 3_600],
    ['a year', 365 * 86_400],
  ])('refuses a signature %s in the future', async (_when, ahead) => {
    const { invoice } = await sentInvoice(10_000)
    const res = await postWebhook(checkoutEvent(invoice.number, 10_000), {
      timestamp: Math.floor(Date.now() / 1000) + ahead,
    })
    expect(res.status).toBe(400)
    expect(await paymentsOn(invoice.id)).toBe(0)
  })

  it('refuses an event created in the future', async () => {
    const { invoice } = await sentInvoice(10_000)
    const res = await postWebhook({
      ...checkoutEvent(invoice.number, 10_000),
      created: Math.floor(Date.now() / 1000) + 3_600,
    })
    expect(res.status).toBe(400)
    expect(await paymentsOn(invoice.id)).toBe(0)
  })
})

describe('the webhook checks the payment against the invoice', () => {
  const kept = async (event: unknown, reason: string) => {
    const res = await postWebhook(event)
    expect(res.status).toBe(200)
    const body = await json<{ recorded: string; reason: string; paymentId: number }>(res)
    expect([body.recorded, body.reason]).toEqual(['unmatched', reason])
    const row = await env.DB.prepare('select invoice_id, unmatched_reason from payments where id = ?')
      .bind(body.paymentId)
      .first<{ invoice_id: number | null; unmatched_reason: string }>()
    expect(row).toEqual({ invoice_id: null, unmatched_reason: reason })
  }

  it.each([
    ['10x the amount', (n: string) => checkoutEvent(n, 100_000), 'exceeds_balance'],
    ['a negative amount', (n: string) => checkoutEvent(n, -10_000), 'not_positive'],
    [
      'another currency',
      (n: string) => withSession(checkoutEvent(n, 10_000), { currency: 'eur' }),
      'wrong_currency',
    ],
  ])('keeps %s unmatched and leaves the invoice as it was', async (_kind, event, reason) => {
    const { invoice } = await sentInvoice(10_000)
    await kept(event(invoice.number), reason)
    const after = await invoiceNow(invoice.id)
    expect([after.status, after.balanceCents, after.payments.length]).toEqual(['sent', 10_000, 0])
  })

  it('keeps a payment on a draft, a void invoice, a credit note or an unknown number unmatched', async () => {
    const { c, invoice } = await sentInvoice(10_000)
    const draft = await json<InvoiceBody>(
      await asOwner('/api/invoices', {
        method: 'POST',
        json: {
          clientId: c.clientId,
          source: 'manual',
          lines: [{ description: 'x', quantity: 1, unitPriceCents: 5_000 }],
        },
      }),
    )
    await kept(checkoutEvent(draft.number, 5_000), 'not_open')
    expect((await invoiceNow(draft.id)).status).toBe('draft')
    const note = await json<InvoiceBody>(
      await asOwner('/api/invoices', {
        method: 'POST',
        json: {
          clientId: c.clientId,
          source: 'credit',
          creditForId: invoice.id,
          lines: [{ description: 'x', quantity: 1, unitPriceCents: 1_000 }],
        },
      }),
    )
    await asOwner(`/api/invoices/${note.id}/send`, { method: 'POST' })
    await kept(checkoutEvent(note.number, 1_000), 'not_open')
    await asOwner(`/api/invoices/${draft.id}/void`, { method: 'POST' })
    await kept(checkoutEvent(draft.number, 5_000), 'not_open')
    expect((await invoiceNow(draft.id)).status).toBe('void')
    await kept(checkoutEvent('INV-1999-0042', 5_000), 'unknown_invoice')
  })

  it('records a payment once per Checkout Session and PaymentIntent, whatever the event id, even at once', async () => {
    const { invoice } = await sentInvoice(10_000)
    const first = checkoutEvent(invoice.number, 4_000)
    expect((await json(await postWebhook(first))).recorded).toBe('payment')
    // The same session under a new event id, and the same PaymentIntent under another session.
    const replay = { ...first, id: 'evt_replay_1' }
    const sameIntent = withSession({ ...first, id: 'evt_replay_2' }, { id: 'cs_test_other' })
    expect((await json(await postWebhook(replay))).recorded).toBe('duplicate')
    expect((await json(await postWebhook(sameIntent))).recorded).toBe('duplicate')
    // Five replays of a new session at once: one payment.
    const second = checkoutEvent(invoice.number, 6_000)
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => postWebhook({ ...second, id: `${second.id}_${i}` })),
    )
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200])
    expect(await paymentsOn(invoice.id)).toBe(2)
    expect(
      await countRows(
        'select count(*) as n from payments where stripe_session_id = ?',
        second.data.object.id,
      ),
    ).toBe(1)
    const after = await invoiceNow(invoice.id)
    expect([after.status, after.balanceCents]).toEqual(['paid', 0])
  })

  it('records at most what is left when two sessions pay at once', async () => {
    const { invoice } = await sentInvoice(10_000)
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => postWebhook(checkoutEvent(invoice.number, 10_000))),
    )
    const outcomes = await Promise.all(answers.map((a) => json<{ recorded: string }>(a)))
    expect(outcomes.filter((o) => o.recorded === 'payment')).toHaveLength(1)
    expect(outcomes.filter((o) => o.recorded === 'unmatched')).toHaveLength(3)
    expect((await invoiceNow(invoice.id)).balanceCents).toBe(0)
  })
})

describe('manual payments follow the same rules', () => {
  const payOn = (id: number, body: Record<string, unknown>) =>
    asOwner(`/api/invoices/${id}/payments`, { method: 'POST', json: { method: 'check', ...body } })
  const errorsOf = async (res: Response) =>
    (await json<{ errors?: Record<string, string> }>(res)).errors ?? {}

  it('refuses more than what is left, another currency, a draft, a void invoice and a credit note', async () => {
    const { c, invoice } = await sentInvoice(10_000)
    const over = await payOn(invoice.id, { amountCents: 100_000 })
    expect(over.status).toBe(400)
    expect(Object.keys(await errorsOf(over))).toEqual(['amountCents'])
    const eur = await payOn(invoice.id, { amountCents: 1_000, currency: 'EUR' })
    expect(eur.status).toBe(400)
    expect(Object.keys(await errorsOf(eur))).toEqual(['currency'])
    const negative = await payOn(invoice.id, { amountCents: -1_000 })
    expect(negative.status).toBe(400)
    expect(Object.keys(await errorsOf(negative))).toEqual(['amountCents'])
    const draft = await json<InvoiceBody>(
      await asOwner('/api/invoices', {
        method: 'POST',
        json: {
          clientId: c.clientId,
          source: 'manual',
          lines: [{ description: 'x', quantity: 1, unitPriceCents: 5_000 }],
        },
      }),
    )
    const onDraft = await payOn(draft.id, { amountCents: 1_000 })
    expect(onDraft.status).toBe(409)
    expect(Object.keys(await errorsOf(onDraft))).toEqual(['invoiceId'])
    const note = await json<InvoiceBody>(
      await asOwner('/api/invoices', {
        method: 'POST',
        json: {
          clientId: c.clientId,
          source: 'credit',
          creditForId: invoice.id,
          lines: [{ description: 'x', quantity: 1, unitPriceCents: 1_000 }],
        },
      }),
    )
    expect((await payOn(note.id, { amountCents: 500 })).status).toBe(409)
    await asOwner(`/api/invoices/${draft.id}/void`, { method: 'POST' })
    expect((await payOn(draft.id, { amountCents: 1_000 })).status).toBe(409)
    expect(await paymentsOn(invoice.id)).toBe(0)
    const after = await invoiceNow(invoice.id)
    expect([after.status, after.balanceCents]).toEqual(['sent', 9_000])
  })

  it('lets at most the balance through when payments arrive at once', async () => {
    const { invoice } = await sentInvoice(10_000)
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => payOn(invoice.id, { amountCents: 6_000 })),
    )
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400, 400, 400, 400])
    expect((await invoiceNow(invoice.id)).balanceCents).toBe(4_000)
  })

  it('answers the same field over GraphQL', async () => {
    const { invoice } = await sentInvoice(10_000)
    const res = await gql(
      'mutation($id: ID!, $input: PaymentInput!) { recordPayment(id: $id, input: $input) { id balanceCents } }',
      { id: String(invoice.id), input: { amountCents: 20_000, method: 'CHECK' } },
    )
    const error = res.body.errors?.[0] as { extensions?: { errors?: Record<string, string> } } | undefined
    expect(Object.keys(error?.extensions?.errors ?? {})).toEqual(['amountCents'])
    expect(await paymentsOn(invoice.id)).toBe(0)
  })
})

describe('unmatched payments for the owner', () => {
  it('lists them with the reason over REST and GraphQL, for the owner only', async () => {
    const { invoice } = await sentInvoice(10_000)
    await postWebhook(checkoutEvent(invoice.number, 99_900))
    const rest = await json<
      { unmatchedNumber: string; unmatchedReason: string; reasonText: string; amountCents: number }[]
    >(await asOwner('/api/payments/unmatched'))
    expect(rest.find((p) => p.unmatchedNumber === invoice.number)).toMatchObject({
      amountCents: 99_900,
      unmatchedReason: 'exceeds_balance',
      reasonText: 'It is more than what is left to pay',
    })
    const q = '{ unmatchedPayments { amountCents currency unmatchedNumber reason reasonCode method } }'
    const res = await gql<{ unmatchedPayments: Record<string, unknown>[] }>(q)
    expect(res.body.data!.unmatchedPayments.find((p) => p.unmatchedNumber === invoice.number)).toEqual({
      amountCents: 99_900,
      currency: 'USD',
      unmatchedNumber: invoice.number,
      reason: 'It is more than what is left to pay',
      reasonCode: 'exceeds_balance',
      method: 'STRIPE',
    })
    expect((await gql(q, {}, false)).body.data?.unmatchedPayments).toBeFalsy()
  })
})
