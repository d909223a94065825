// Paying (issue 36, point 4): payment instructions set by the owner and shown
// on the portal invoice page, the PDF and the e-mail; a receipt to the client
// and a notice to the owner once per recorded payment (manual, matched,
// Stripe); refunds and disputes told to the owner; credit notes sent like
// invoices and visible to the client (another client's a 404).
import { env } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createDb } from '../../worker/db'
import { NotFound } from '../../worker/services/errors'
import { portalInvoice } from '../../worker/services/invoices'
import { queueMissingPaymentNotices, queuePaymentNotices } from '../../worker/services/payment-notices'
import { portalInvoiceView } from '../../worker/services/portal-invoices'
import { gql } from './admin-helpers'
import { asOwner, checkoutEvent, countRows, json, makeClient, postWebhook } from './billing-fixtures'
import { sentInvoice } from './money-fixtures'
import { pdfText } from './pdf-text'

afterEach(() => vi.restoreAllMocks())

const db = () => createDb(env.DB)
// biome-ignore lint/suspicious/noExplicitAny: JSON answers are read field by field in assertions
type Json = Record<string, any>

const INSTRUCTIONS =
  'Bank transfer: First Example Bank, routing 111000025, account 000123456789.\nChecks payable to Alex Morgan.'

const setInstructions = (paymentInstructions: unknown) =>
  asOwner('/api/billing-settings', { method: 'PUT', json: { paymentInstructions } })

const mailsTo = async (recipient: string) =>
  (
    await env.DB.prepare(
      'select subject, text_body as text, once_key as onceKey from mail_outbox where recipient = ? order by id',
    )
      .bind(recipient)
      .all<{ subject: string; text: string; onceKey: string | null }>()
  ).results

/** The portal invoice page's view without Stripe; null where the page answers 404. */
const portal = (c: { clientId: number }) => ({
  invoice: (id: string) =>
    portalInvoiceView(db(), env, { clientId: c.clientId, clientName: 'Client' }, id, null).catch((err) => {
      if (err instanceof NotFound) return null
      throw err
    }),
})

describe('payment instructions', () => {
  it('are set by the owner and shown on the portal invoice page, the PDF and the invoice e-mail', async () => {
    expect((await setInstructions(INSTRUCTIONS)).status).toBe(200)
    expect(await json(await asOwner('/api/billing-settings'))).toEqual({ paymentInstructions: INSTRUCTIONS })
    const { c, invoice } = await sentInvoice(20_000)
    // The e-mail sent with the invoice.
    const [mail] = (await mailsTo(c.email)).filter((m) => m.subject.includes(invoice.number))
    expect(mail!.text).toContain('routing 111000025')
    // The portal page, without Stripe.
    const view = await portal(c).invoice(String(invoice.id))
    expect(view!.canPay).toBe(false)
    expect(view!.paymentInstructions).toBe(INSTRUCTIONS)
    // The PDF.
    const pdf = await asOwner(`/api/invoices/${invoice.id}/pdf`)
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()))
    expect(text).toContain('routing 111000025')
    expect(text).toContain('Checks payable to Alex Morgan.')
    expect(text).not.toContain('for the details')
  })

  it('GraphQL reads and saves the same; too long is refused with the field named and nothing stored', async () => {
    await setInstructions('Checks to Alex.')
    const g = await gql<{ billingSettings: Json }>('{ billingSettings { paymentInstructions } }')
    expect(g.body.data?.billingSettings.paymentInstructions).toBe('Checks to Alex.')
    const bad = await setInstructions('x'.repeat(2001))
    expect(bad.status).toBe(400)
    expect((await json<Json>(bad)).errors.paymentInstructions).toMatch(/at most 2000/)
    const badGql = await gql(
      'mutation ($p: String) { saveBillingSettings(paymentInstructions: $p) { paymentInstructions } }',
      { p: 'y'.repeat(2001) },
    )
    expect(badGql.body.errors?.[0]?.message).toBeTruthy()
    expect(await json(await asOwner('/api/billing-settings'))).toEqual({
      paymentInstructions: 'Checks to Alex.',
    })
    // Blank is none: the PDF falls back to asking.
    await setInstructions('  ')
    expect(await json(await asOwner('/api/billing-settings'))).toEqual({ paymentInstructions: null })
  })

  it('are the owner’s: no session, 401', async () => {
    const { exports } = await import('cloudflare:workers')
    const res = await exports.default.fetch(
      new Request('http://localhost/api/billing-settings', {
        method: 'PUT',
        headers: { 'content-type': 'application/json', origin: 'http://localhost' },
        body: JSON.stringify({ paymentInstructions: 'Pay me' }),
      }),
    )
    expect(res.status).toBe(401)
  })
})

describe('a receipt and an owner notice on every payment, once', () => {
  it('a manual payment: the receipt to the client and the notice to the owner', async () => {
    const { c, invoice } = await sentInvoice(20_000)
    const res = await asOwner(`/api/invoices/${invoice.id}/payments`, {
      method: 'POST',
      json: { amountCents: 5_000, method: 'check', reference: 'Check 1042' },
    })
    expect(res.status).toBe(201)
    const receipts = (await mailsTo(c.email)).filter((m) => m.subject.startsWith('Receipt'))
    expect(receipts).toHaveLength(1)
    expect(receipts[0]!.text).toContain('$50.00')
    expect(receipts[0]!.text).toContain('$150.00 is left to pay')
    const notices = (await mailsTo(env.NOTIFY_EMAIL)).filter((m) =>
      m.subject.includes(`invoice ${invoice.number}`),
    )
    expect(notices.map((m) => m.subject)).toEqual([expect.stringMatching(/^Payment of \$50\.00/)])
    expect(notices[0]!.text).toContain('Check 1042')
  })

  it('a Stripe payment (and its replay) gets one receipt and one notice', async () => {
    const { c, invoice } = await sentInvoice(10_000)
    const event = checkoutEvent(invoice.number, 10_000)
    expect((await postWebhook(event)).status).toBe(200)
    expect((await postWebhook({ ...event, id: `${event.id}_again` })).status).toBe(200)
    const receipts = (await mailsTo(c.email)).filter((m) => m.subject.startsWith('Receipt'))
    expect(receipts).toHaveLength(1)
    expect(receipts[0]!.text).toContain('paid in full')
    expect(
      (await mailsTo(env.NOTIFY_EMAIL)).filter((m) => m.subject.includes(`invoice ${invoice.number}`)),
    ).toHaveLength(1)
  })

  it('GraphQL recordPayment and matching an unmatched payment notify too', async () => {
    const { c, invoice } = await sentInvoice(10_000)
    const g = await gql(
      'mutation ($id: ID!, $input: PaymentInput!) { recordPayment(id: $id, input: $input) { id } }',
      { id: String(invoice.id), input: { amountCents: 1_000, method: 'CASH' } },
    )
    expect(g.body.errors).toBeUndefined()
    // A Stripe payment naming no known invoice is kept unmatched; matched, it is recorded and announced.
    expect((await postWebhook(checkoutEvent('INV-1999-9999', 2_000))).status).toBe(200)
    const [kept] = await json<Json[]>(await asOwner('/api/payments/unmatched'))
    const matched = await gql(
      'mutation ($p: ID!, $i: ID!) { matchPayment(paymentId: $p, invoiceId: $i) { balanceCents } }',
      { p: String(kept!.id), i: String(invoice.id) },
    )
    expect(matched.body.errors).toBeUndefined()
    expect((matched.body.data as Json).matchPayment.balanceCents).toBe(7_000)
    expect((await mailsTo(c.email)).filter((m) => m.subject.startsWith('Receipt'))).toHaveLength(2)
  })

  it('queues each payment’s notices once, even when asked at the same time (the database decides)', async () => {
    const { invoice } = await sentInvoice(10_000)
    await asOwner(`/api/invoices/${invoice.id}/payments`, {
      method: 'POST',
      json: { amountCents: 3_000, method: 'cash' },
    })
    const payment = await env.DB.prepare('select id from payments where invoice_id = ?')
      .bind(invoice.id)
      .first<{ id: number }>()
    const again = await Promise.all([1, 2, 3].map(() => queuePaymentNotices(db(), env, payment!.id)))
    expect(again.flat()).toEqual([])
    expect(await queueMissingPaymentNotices(db(), env)).toEqual([])
    expect(
      await countRows(
        'select count(*) as n from mail_outbox where once_key like ?',
        `payment:${payment!.id}:%`,
      ),
    ).toBe(2)
  })

  it('the cron sweep queues the notices a stopped Worker left out', async () => {
    const { invoice } = await sentInvoice(10_000)
    const now = Date.now()
    const row = await env.DB.prepare(
      "insert into payments (invoice_id, amount_cents, currency, date, method, created_at, updated_at) values (?, 2500, 'USD', '2026-11-26', 'cash', ?, ?) returning id",
    )
      .bind(invoice.id, now, now)
      .first<{ id: number }>()
    const queued = await queueMissingPaymentNotices(db(), env)
    expect(queued.length).toBe(2)
    expect(await queueMissingPaymentNotices(db(), env)).toEqual([])
    expect(
      await countRows('select count(*) as n from mail_outbox where once_key like ?', `payment:${row!.id}:%`),
    ).toBe(2)
  })
})

describe('refunds and disputes', () => {
  const chargeEvent = (type: string, object: Json) => ({
    id: `evt_${crypto.randomUUID().replaceAll('-', '')}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  })

  it('are not synced back; the owner is told once per event', async () => {
    const { invoice } = await sentInvoice(10_000)
    const paid = checkoutEvent(invoice.number, 10_000)
    await postWebhook(paid)
    const intent = paid.data.object.payment_intent
    const refund = chargeEvent('charge.refunded', {
      id: 'ch_1',
      amount_refunded: 4_000,
      currency: 'usd',
      payment_intent: intent,
    })
    expect((await postWebhook(refund)).status).toBe(200)
    expect((await postWebhook(refund)).status).toBe(200)
    const dispute = chargeEvent('charge.dispute.created', {
      id: 'dp_1',
      amount: 10_000,
      currency: 'usd',
      reason: 'fraudulent',
      payment_intent: intent,
    })
    expect((await postWebhook(dispute)).status).toBe(200)
    const notices = (await mailsTo(env.NOTIFY_EMAIL)).filter((m) => m.subject.startsWith('Stripe'))
    expect(notices.map((m) => m.subject)).toEqual([
      `Stripe refund of $40.00 on invoice ${invoice.number}`,
      `Stripe dispute of $100.00 on invoice ${invoice.number}`,
    ])
    expect(notices[0]!.text).toMatch(/not synced back.*credit note/s)
    expect(notices[1]!.text).toContain('fraudulent')
    // The invoice stays as recorded.
    expect((await json<Json>(await asOwner(`/api/invoices/${invoice.id}`))).paidCents).toBe(10_000)
    // A refund of the wrong shape is refused like any malformed event.
    const bad = await postWebhook(chargeEvent('charge.refunded', { id: 'ch_2', currency: 'usd' }))
    expect(bad.status).toBe(400)
  })
})

describe('credit notes', () => {
  async function creditNote() {
    const { c, invoice } = await sentInvoice(20_000)
    const created = await asOwner('/api/invoices', {
      method: 'POST',
      json: {
        clientId: c.clientId,
        source: 'credit',
        creditForId: invoice.id,
        lines: [{ description: 'Goodwill', quantity: 1, unitPriceCents: 3_000 }],
      },
    })
    expect(created.status).toBe(201)
    return { c, invoice, credit: await json<Json>(created) }
  }

  it('are sent like invoices, e-mailed naming the invoice they correct, and visible to their client', async () => {
    const { c, invoice, credit } = await creditNote()
    // Before: a draft the client cannot see.
    await expect(portalInvoice(db(), { clientId: c.clientId }, credit.id)).rejects.toThrow(/not found/i)
    const sent = await asOwner(`/api/invoices/${credit.id}/send`, { method: 'POST' })
    expect(sent.status).toBe(200)
    expect((await json<Json>(sent)).status).toBe('sent')
    const [mail] = (await mailsTo(c.email)).filter((m) => m.subject.startsWith('Credit note'))
    expect(mail!.text).toContain(`reduces what is owed on invoice ${invoice.number}`)
    expect(mail!.text).toContain('Left to pay on invoice')
    expect(mail!.text).toContain('$170.00')
    const view = await portal(c).invoice(String(credit.id))
    expect(view!.title).toBe('Credit note')
    expect(view!.creditFor).toEqual({ number: invoice.number, href: `/portal/invoices/${invoice.id}` })
    expect(view!.paymentInstructions).toBeNull()
  })

  it('is a 404 for another client', async () => {
    const { credit } = await creditNote()
    await asOwner(`/api/invoices/${credit.id}/send`, { method: 'POST' })
    const other = await makeClient()
    expect(await portal(other).invoice(String(credit.id))).toBeNull()
  })
})

describe('the invoice send step', () => {
  it('previews the e-mail with its recipients and sends to the chosen contacts only', async () => {
    const c = await makeClient()
    const second = await env.DB.prepare(
      "insert into contacts (client_id, name, email, role) values (?, 'Maria Lopez', ?, 'Billing') returning id",
    )
      .bind(c.clientId, `maria-${crypto.randomUUID().slice(0, 8)}@example.com`)
      .first<{ id: number }>()
    const created = await json<Json>(
      await asOwner('/api/invoices', {
        method: 'POST',
        json: {
          clientId: c.clientId,
          source: 'manual',
          lines: [{ description: 'Setup', quantity: 1, unitPriceCents: 10_000 }],
        },
      }),
    )
    const preview = await json<Json>(await asOwner(`/api/invoices/${created.id}/send-preview`))
    expect(preview.recipients.map((r: Json) => r.name)).toEqual(['Dana Ruiz', 'Maria Lopez'])
    expect(preview.subject).toContain(created.number)
    const res = await asOwner(`/api/invoices/${created.id}/send`, {
      method: 'POST',
      json: { recipientContactIds: [c.contactId, second!.id] },
    })
    expect(res.status).toBe(200)
    expect((await mailsTo(c.email)).filter((m) => m.subject.includes(created.number))).toHaveLength(1)
    const other = await makeClient()
    const refused = await asOwner(`/api/invoices/${created.id}/send`, {
      method: 'POST',
      json: { recipientContactIds: [other.contactId] },
    })
    expect(refused.status).toBe(400)
    expect(await mailsTo(other.email)).toEqual([])
  })
})
