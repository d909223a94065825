// Autopay of plan invoices (issue 37, ADR 139), with Stripe stubbed only at
// the network edge (fetch): the portal saves a card through a setup Checkout
// Session, the webhook stores it, the cron charges a sent period invoice
// once (idempotency key = the invoice number), the webhook records the
// payment once, and a declined card is retried on days 1, 3 and 7, then stops
// and tells the owner.
import { env } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { app } from '../../worker/app'
import { createDb } from '../../worker/db'
import { stripeAutopayGateway } from '../../worker/payments/stripe-autopay'
import { runAutopay } from '../../worker/services/autopay'
import { billPeriod } from '../../worker/services/plan-billing'
import { createPlan } from '../../worker/services/plans'
import { createSubscription } from '../../worker/services/subscriptions'
import { asOwner, countRows, makeClient, postWebhook } from './billing-fixtures'
import { ORIGIN } from './helpers'
import { portalCookie } from './portal-fixtures'

afterEach(() => vi.restoreAllMocks())

const db = () => createDb(env.DB)
const KEY = 'sk_test_autopay'
const keyed = { ...env, STRIPE_SECRET_KEY: KEY } as Env
const DAY = 86_400_000

type StripeCall = { path: string; body: string; idempotencyKey: string | null }

/** Stripe's API as the network edge: records each call, answers as Stripe would. */
function stubStripe(opts: { decline?: boolean } = {}) {
  const calls: StripeCall[] = []
  const real = globalThis.fetch
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    if (url.hostname !== 'api.stripe.com') return real(input, init)
    const headers = new Headers(init?.headers)
    calls.push({
      path: url.pathname,
      body: String(init?.body ?? ''),
      idempotencyKey: headers.get('idempotency-key'),
    })
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
    if (url.pathname === '/v1/checkout/sessions')
      return json(200, {
        id: 'cs_test_setup',
        object: 'checkout.session',
        url: 'https://checkout.stripe.com/c/pay/cs_test_setup',
      })
    if (url.pathname === '/v1/payment_intents') {
      const n = calls.filter((c) => c.path === url.pathname).length
      return opts.decline
        ? json(402, {
            error: {
              type: 'card_error',
              code: 'card_declined',
              message: 'Your card was declined.',
              payment_intent: {
                id: `pi_declined_${n}`,
                object: 'payment_intent',
                currency: 'usd',
                status: 'requires_payment_method',
              },
            },
          })
        : json(200, {
            id: `pi_ok_${n}`,
            object: 'payment_intent',
            currency: 'usd',
            status: 'succeeded',
            amount_received: 0,
          })
    }
    return json(404, { error: { type: 'invalid_request_error', message: `No stub for ${url.pathname}` } })
  })
  return calls
}

const event = (type: string, object: Record<string, unknown>) => ({
  id: `evt_${crypto.randomUUID().replaceAll('-', '')}`,
  object: 'event',
  type,
  api_version: '2025-01-27.acacia',
  created: Math.floor(Date.now() / 1000),
  livemode: false,
  data: { object },
})

/** A client on an autopay plan with a card saved through the portal and the webhook, and a sent period invoice. */
async function autopayClient() {
  const c = await makeClient()
  const plan = await createPlan(db(), {
    name: 'Autopay Care',
    monthlyFeeCents: 40_000,
    includedMinutes: 300,
    overageRateCents: 12_000,
  })
  const sub = await createSubscription(db(), {
    clientId: c.clientId,
    planId: plan.id,
    startDate: '2025-01-01',
    autopay: true,
  })
  const calls = stubStripe()
  const cookie = await portalCookie(c.contactId)
  const saved = await app.request(
    `${ORIGIN}/portal/plan`,
    {
      method: 'POST',
      redirect: 'manual',
      headers: {
        Cookie: cookie,
        Origin: ORIGIN,
        'Sec-Fetch-Site': 'same-origin',
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: '',
    },
    keyed,
  )
  expect(saved.status).toBe(302)
  expect(saved.headers.get('location')).toBe('https://checkout.stripe.com/c/pay/cs_test_setup')
  expect(calls[0]!.body).toContain('mode=setup')
  const reference = `subscription-${sub.id}`
  expect(calls[0]!.body).toContain(reference)
  const stored = await postWebhook(
    event('setup_intent.succeeded', {
      id: 'seti_1',
      object: 'setup_intent',
      status: 'succeeded',
      customer: 'cus_123',
      payment_method: 'pm_123',
      metadata: { subscription: reference },
    }),
  )
  expect(((await stored.json()) as { recorded: string }).recorded).toBe('card')
  const invoice = await billPeriod(db(), sub.id, '2025-02', new Date('2025-03-01T18:00:00Z'))
  expect((await asOwner(`/api/invoices/${invoice.id}/send`, { method: 'POST' })).status).toBe(200)
  vi.restoreAllMocks()
  return { c, sub, invoice }
}

describe('autopay', () => {
  it('a card is stored only for a subscription waiting for one', async () => {
    const c = await makeClient()
    const plan = await createPlan(db(), {
      name: 'No autopay',
      monthlyFeeCents: 1000,
      includedMinutes: 60,
      overageRateCents: 1000,
    })
    const sub = await createSubscription(db(), {
      clientId: c.clientId,
      planId: plan.id,
      startDate: '2025-01-01',
    })
    const res = await postWebhook(
      event('setup_intent.succeeded', {
        id: 'seti_x',
        object: 'setup_intent',
        customer: 'cus_evil',
        payment_method: 'pm_evil',
        metadata: { subscription: `subscription-${sub.id}` },
      }),
    )
    expect(((await res.json()) as { recorded: string }).recorded).toBe('ignored')
    expect(
      await countRows(
        'select count(*) as n from subscriptions where id = ? and stripe_payment_method_id is not null',
        sub.id,
      ),
    ).toBe(0)
  })

  it('charges a sent period invoice once, keyed by its number; the webhook records the payment once', async () => {
    const { invoice } = await autopayClient()
    const calls = stubStripe()
    const gateway = stripeAutopayGateway(keyed)
    const now = new Date('2025-03-02T18:00:00Z')
    await Promise.all([runAutopay(db(), keyed, gateway, now), runAutopay(db(), keyed, gateway, now)])
    await runAutopay(db(), keyed, gateway, new Date(now.getTime() + 3 * DAY))
    const charges = calls.filter((c) => c.path === '/v1/payment_intents')
    expect(charges).toHaveLength(1)
    expect(charges[0]!.idempotencyKey).toBe(invoice.number)
    expect(charges[0]!.body).toContain('off_session=true')
    expect(charges[0]!.body).toContain(`amount=${invoice.totalCents}`)
    const succeeded = event('payment_intent.succeeded', {
      id: 'pi_ok_1',
      object: 'payment_intent',
      currency: 'usd',
      amount_received: invoice.totalCents,
      status: 'succeeded',
      metadata: { invoice_number: invoice.number },
    })
    const first = await postWebhook(succeeded)
    expect(((await first.json()) as { recorded: string }).recorded).toBe('payment')
    const replay = await postWebhook(succeeded)
    expect(((await replay.json()) as { recorded: string }).recorded).toBe('duplicate')
    expect(await countRows('select count(*) as n from payments where invoice_id = ?', invoice.id)).toBe(1)
    const status = await env.DB.prepare('select status from invoices where id = ?')
      .bind(invoice.id)
      .first<{ status: string }>()
    expect(status!.status).toBe('paid')
    // A PaymentIntent none of our attempts made is not believed.
    const stranger = await postWebhook(
      event('payment_intent.succeeded', {
        id: 'pi_other',
        object: 'payment_intent',
        currency: 'usd',
        amount_received: 100,
        metadata: { invoice_number: invoice.number },
      }),
    )
    expect(((await stranger.json()) as { recorded: string }).recorded).toBe('ignored')
  })

  it('a declined card: the pay link each time, retried on days 1, 3 and 7, then stopped and the owner told', async () => {
    const { c, invoice } = await autopayClient()
    const calls = stubStripe({ decline: true })
    const gateway = stripeAutopayGateway(keyed)
    const start = new Date('2025-03-02T18:00:00Z').getTime()
    for (const day of [0, 0.5, 1, 2, 3, 5, 7, 8, 30])
      await runAutopay(db(), keyed, gateway, new Date(start + day * DAY))
    const keys = calls.filter((x) => x.path === '/v1/payment_intents').map((x) => x.idempotencyKey)
    expect(keys).toEqual([
      invoice.number,
      `${invoice.number}-retry-1`,
      `${invoice.number}-retry-2`,
      `${invoice.number}-retry-3`,
    ])
    const mails = await env.DB.prepare(
      'select recipient, subject, text_body as text from mail_outbox where subject like ? order by id',
    )
      .bind(`%${invoice.number}%`)
      .all<{ recipient: string; subject: string; text: string }>()
    const toClient = mails.results.filter(
      (m) => m.recipient === c.email && /did not go through/.test(m.subject),
    )
    expect(toClient).toHaveLength(4)
    expect(toClient[0]!.text).toContain(`/portal/invoices/${invoice.id}`)
    expect(mails.results.filter((m) => m.subject.startsWith('Autopay stopped'))).toHaveLength(1)
    expect(await countRows('select count(*) as n from payments where invoice_id = ?', invoice.id)).toBe(0)
  })
})
