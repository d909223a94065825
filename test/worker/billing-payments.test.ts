// Time and money (issue 26) through the REST API, in workerd against local D1:
// the "done when" walk, then each rule on its own.
// The Stripe webhook, the portal view and Pay now.
import { createExecutionContext, env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import worker from '../../worker/index'
import { stripeGateway } from '../../worker/payments/stripe'
import { NotFound } from '../../worker/services/errors'
import {
  createInvoice,
  portalInvoice,
  portalInvoicePdf,
  portalInvoices,
  sendInvoice,
} from '../../worker/services/invoices'
import { checkoutForInvoice } from '../../worker/services/payments'
import {
  asOwner,
  checkoutEvent,
  countRows,
  type InvoiceBody,
  json,
  makeClient,
  postWebhook,
} from './billing-fixtures'
import { db, invoiceFrom } from './billing-rest-fixtures'

describe('the Stripe webhook', () => {
  async function sentInvoice(totalCents = 5_000) {
    const c = await makeClient()
    const invoice = await json<InvoiceBody>(
      await invoiceFrom({
        clientId: c.clientId,
        source: 'manual',
        lines: [{ description: 'Work', quantity: 1, unitPriceCents: totalCents }],
      }),
    )
    await asOwner(`/api/invoices/${invoice.id}/send`, { method: 'POST' })
    return invoice
  }
  const paymentsOf = (id: number) => countRows('select count(*) as n from payments where invoice_id = ?', id)

  it('refuses a bad, tampered or stale signature with 400 and changes nothing', async () => {
    const invoice = await sentInvoice()
    const event = checkoutEvent(invoice.number, 5_000)
    expect((await postWebhook(event, { secret: 'whsec_someone_else' })).status).toBe(400)
    expect((await postWebhook(event, { tamper: true })).status).toBe(400)
    expect((await postWebhook(event, { timestamp: Math.floor(Date.now() / 1000) - 3_600 })).status).toBe(400)
    const unsigned = await worker.fetch(
      new Request('http://localhost:8787/api/payments/stripe/webhook', {
        method: 'POST',
        body: JSON.stringify(event),
      }),
      env,
      createExecutionContext(),
    )
    expect(unsigned.status).toBe(400)
    expect(await paymentsOf(invoice.id)).toBe(0)
    expect((await json<InvoiceBody>(await asOwner(`/api/invoices/${invoice.id}`))).status).toBe('sent')
  })

  it('records a partial payment, and keeps a payment for an unknown number unmatched for the owner', async () => {
    const invoice = await sentInvoice(10_000)
    expect((await json(await postWebhook(checkoutEvent(invoice.number, 2_500)))).recorded).toBe('payment')
    const after = await json<InvoiceBody>(await asOwner(`/api/invoices/${invoice.id}`))
    expect([after.status, after.balanceCents]).toEqual(['partially_paid', 7_500])
    const stray = checkoutEvent('INV-1999-0042', 1_234)
    const res = await postWebhook(stray)
    expect(res.status).toBe(200)
    expect((await json(res)).recorded).toBe('unmatched')
    const unmatched = await json<{ id: number; unmatchedNumber: string; amountCents: number }[]>(
      await asOwner('/api/payments/unmatched'),
    )
    const kept = unmatched.find((p) => p.unmatchedNumber === 'INV-1999-0042')
    expect(kept?.amountCents).toBe(1_234)
    const matched = await asOwner(`/api/payments/${kept!.id}/match`, {
      method: 'POST',
      json: { invoiceId: invoice.id },
    })
    expect((await json<InvoiceBody>(matched)).balanceCents).toBe(7_500 - 1_234)
  })

  it('acknowledges events it does not handle without recording anything', async () => {
    const before = await countRows('select count(*) as n from payments')
    const res = await postWebhook({ ...checkoutEvent('INV-2000-0001', 1), type: 'customer.created' })
    expect(res.status).toBe(200)
    expect((await json(res)).recorded).toBe('ignored')
    expect(await countRows('select count(*) as n from payments')).toBe(before)
  })
})

describe('the portal view', () => {
  it("shows a client its own sent invoices only: another client's, or a draft, is not found like a missing one", async () => {
    const a = await makeClient()
    const b = await makeClient()
    const mine = await createInvoice(db(), {
      clientId: a.clientId,
      source: 'manual',
      lines: [{ description: 'x', quantity: 1, unitPriceCents: 500 }],
    })
    const theirs = await createInvoice(db(), {
      clientId: b.clientId,
      source: 'manual',
      lines: [{ description: 'y', quantity: 1, unitPriceCents: 700 }],
    })
    // A draft is not the client's to see yet.
    await expect(portalInvoice(db(), { clientId: a.clientId }, mine.id)).rejects.toBeInstanceOf(NotFound)
    expect(await portalInvoices(db(), { clientId: a.clientId })).toEqual([])
    await sendInvoice(db(), env, mine.id)
    await sendInvoice(db(), env, theirs.id)
    await expect(portalInvoice(db(), { clientId: a.clientId }, theirs.id)).rejects.toBeInstanceOf(NotFound)
    await expect(
      portalInvoicePdf(db(), env, { clientId: a.clientId }, theirs.id, false),
    ).rejects.toBeInstanceOf(NotFound)
    await expect(portalInvoice(db(), { clientId: a.clientId }, 987_654)).rejects.toBeInstanceOf(NotFound)
    const seen = await portalInvoice(db(), { clientId: a.clientId }, mine.id)
    expect([seen.number, seen.status, seen.balanceCents]).toEqual([mine.number, 'viewed', 500])
    expect((await portalInvoices(db(), { clientId: a.clientId })).map((i) => i.number)).toEqual([mine.number])
    const pdf = await portalInvoicePdf(db(), env, { clientId: a.clientId }, mine.id, false)
    expect(pdf.filename).toBe(`${mine.number}.pdf`)
  })
})

describe('Pay now (a Stripe Checkout Session)', () => {
  it('is not offered without a secret key', async () => {
    expect(stripeGateway(env)).toBeNull()
    const invoice = await createInvoice(db(), {
      clientId: (await makeClient()).clientId,
      source: 'manual',
      lines: [{ description: 'x', quantity: 1, unitPriceCents: 100 }],
    })
    await expect(checkoutForInvoice(db(), env, null, invoice.id)).rejects.toBeInstanceOf(NotFound)
  })

  it('creates a session for the balance carrying the invoice number as client_reference_id', async () => {
    const c = await makeClient()
    const invoice = await json<InvoiceBody>(
      await invoiceFrom({
        clientId: c.clientId,
        source: 'manual',
        lines: [{ description: 'Work', quantity: 1, unitPriceCents: 19_000 }],
      }),
    )
    await asOwner(`/api/invoices/${invoice.id}/send`, { method: 'POST' })
    await asOwner(`/api/invoices/${invoice.id}/payments`, {
      method: 'POST',
      json: { amountCents: 4_000, method: 'check' },
    })
    const calls: { url: string; body: URLSearchParams }[] = []
    // The one network call, stubbed at its edge: Stripe's API answers a session.
    const stubFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(input), body: new URLSearchParams(String(init?.body)) })
      return new Response(
        JSON.stringify({
          id: 'cs_test_1',
          object: 'checkout.session',
          url: 'https://checkout.stripe.com/c/pay/cs_test_1',
        }),
        {
          status: 200,
          headers: { 'Content-Type': 'application/json', 'Request-Id': 'req_1' },
        },
      )
    }) as typeof fetch
    const gateway = stripeGateway({ ...env, STRIPE_SECRET_KEY: 'sk_test_123' } as Env, stubFetch)
    const session = await checkoutForInvoice(db(), env, gateway, invoice.id, c.email)
    expect(session.url).toBe('https://checkout.stripe.com/c/pay/cs_test_1')
    expect(calls).toHaveLength(1)
    expect(calls[0]!.url).toBe('https://api.stripe.com/v1/checkout/sessions')
    expect(calls[0]!.body.get('client_reference_id')).toBe(invoice.number)
    expect(calls[0]!.body.get('line_items[0][price_data][unit_amount]')).toBe('15000')
    expect(calls[0]!.body.get('mode')).toBe('payment')
  })
})
