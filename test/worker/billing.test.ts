// Time and money (issue 26) through the REST API, in workerd against local D1:
// the issue's "done when" walk, then each rule on its own.
import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { addDays } from '../../schema/slot-time'
import { createDb } from '../../worker/db'
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
import { createPortalSession } from '../../worker/services/portal-sessions'
import {
  asOwner,
  checkoutEvent,
  countRows,
  type InvoiceBody,
  json,
  makeClient,
  owner,
  postWebhook,
} from './billing-fixtures'
import { call } from './helpers'

const db = () => createDb(env.DB)
const DAY = 86_400_000

async function runCron(atMs: number) {
  const ctx = createExecutionContext()
  await worker.scheduled(createScheduledController({ scheduledTime: atMs }), env, ctx)
  await waitOnExecutionContext(ctx)
}

const outboxTo = (email: string) =>
  env.DB.prepare('select subject, text_body as text from mail_outbox where recipient = ? order by id')
    .bind(email)
    .all<{ subject: string; text: string }>()
    .then((r) => r.results)

async function record(clientId: number, minutes: number, extra: Record<string, unknown> = {}) {
  const res = await asOwner('/api/time-entries', {
    method: 'POST',
    json: { clientId, minutes, description: 'Printer queue fixed', ...extra },
  })
  expect(res.status).toBe(201)
  return json<{
    id: number
    rateCents: number
    blockId: number | null
    entries: { id: number; minutes: number; blockId: number | null }[]
  }>(res)
}

async function invoiceFrom(body: Record<string, unknown>) {
  return asOwner('/api/invoices', { method: 'POST', json: body })
}

describe('the done-when walk', () => {
  it('bills 95 minutes at $120/hour once, is paid by a signed webhook once, and reminds once when overdue', async () => {
    const c = await makeClient()
    const entry = await record(c.clientId, 95, { requestReference: c.reference })
    expect(entry.rateCents).toBe(12_000)

    const created = await invoiceFrom({ clientId: c.clientId, source: 'time' })
    expect(created.status).toBe(201)
    const invoice = await json<InvoiceBody>(created)
    expect(invoice.number).toMatch(/^INV-\d{4}-\d{4}$/)
    expect(invoice.totalCents).toBe(19_000)
    expect(invoice.status).toBe('draft')
    expect(invoice.lines).toHaveLength(1)
    expect(invoice.lines[0]!.description).toContain(c.reference)
    expect(invoice.lines[0]!.amountCents).toBe(19_000)

    // The PDF (its text is read by pdftotext in test/node/invoice-pdf.test.ts).
    const pdf = await asOwner(`/api/invoices/${invoice.id}/pdf`)
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-')

    const sent = await asOwner(`/api/invoices/${invoice.id}/send`, { method: 'POST' })
    expect(sent.status).toBe(200)
    expect((await json(sent)).status).toBe('sent')
    const mails = await outboxTo(c.email)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toContain(invoice.number)
    // A portal sign-in link that leads to the invoice.
    const token = /\/portal\/sign-in\/([\w-]+)/.exec(mails[0]!.text)?.[1]
    expect(token).toBeTruthy()
    expect(
      await env.DB.prepare('select next from portal_links where contact_id = ?')
        .bind(c.contactId)
        .first('next'),
    ).toBe(`/portal/invoices/${invoice.id}`)

    // The entry is locked: not invoiced again, not deleted, not changed.
    expect((await invoiceFrom({ clientId: c.clientId, source: 'time' })).status).toBe(409)
    expect((await asOwner(`/api/time-entries/${entry.id}`, { method: 'DELETE' })).status).toBe(409)
    expect(
      (await asOwner(`/api/time-entries/${entry.id}`, { method: 'PATCH', json: { minutes: 5 } })).status,
    ).toBe(409)

    // Paid by Stripe's signed webhook; the replay records nothing more.
    const event = checkoutEvent(invoice.number, 19_000)
    const paid = await postWebhook(event)
    expect(paid.status).toBe(200)
    expect((await json(paid)).recorded).toBe('payment')
    const replay = await postWebhook(event)
    expect(replay.status).toBe(200)
    expect((await json(replay)).recorded).toBe('duplicate')
    const after = await json<InvoiceBody>(await asOwner(`/api/invoices/${invoice.id}`))
    expect(after.status).toBe('paid')
    expect(after.balanceCents).toBe(0)
    expect(after.payments).toHaveLength(1)
    expect(after.payments[0]!.method).toBe('stripe')

    // A second invoice, left unpaid, gets the overdue reminder once (and the paid one none).
    const other = await json<InvoiceBody>(
      await invoiceFrom({
        clientId: c.clientId,
        source: 'manual',
        lines: [{ description: 'Router', quantity: 1, unitPriceCents: 8_000 }],
      }),
    )
    await asOwner(`/api/invoices/${other.id}/send`, { method: 'POST' })
    const overdueAt = Date.parse(`${addDays(other.dueDate, 7)}T18:00:00Z`)
    await runCron(overdueAt)
    await runCron(overdueAt + 60_000)
    await runCron(overdueAt + DAY)
    const reminders = (await outboxTo(c.email)).filter((m) => /overdue|due/i.test(m.subject))
    expect(reminders.map((m) => m.subject)).toEqual([`Invoice ${other.number} is overdue`])
  })
})

describe('time entries', () => {
  it('takes the client default rate or an override, and refuses bad input with field errors and stores nothing', async () => {
    const c = await makeClient({ rateCents: null })
    const before = await countRows('select count(*) as n from time_entries where client_id = ?', c.clientId)
    // Time without a rate is kept, flagged (issue 36): time-never-lost.test.ts.
    const bad = await asOwner('/api/time-entries', {
      method: 'POST',
      json: {
        clientId: c.clientId,
        minutes: 0,
        description: '',
        date: '2026-02-31',
        requestReference: 'nope',
      },
    })
    expect(bad.status).toBe(400)
    const errors = (await json<{ errors: Record<string, string> }>(bad)).errors
    expect(Object.keys(errors).sort()).toEqual(['date', 'description', 'minutes', 'requestReference'])
    const notTheirs = await asOwner('/api/time-entries', {
      method: 'POST',
      json: { clientId: c.clientId, minutes: 10, description: 'x', rateCents: 100, requestReference: 'S-1' },
    })
    expect(notTheirs.status).toBe(400)
    expect(await countRows('select count(*) as n from time_entries where client_id = ?', c.clientId)).toBe(
      before,
    )
    const ok = await record(c.clientId, 30, { rateCents: 9_000, date: '2026-11-02' })
    expect(ok.rateCents).toBe(9_000)
    const patched = await asOwner(`/api/time-entries/${ok.id}`, { method: 'PATCH', json: { minutes: 45 } })
    expect(patched.status).toBe(200)
    expect((await json(patched)).minutes).toBe(45)
    expect((await asOwner(`/api/time-entries/${ok.id}`, { method: 'DELETE' })).status).toBe(204)
    expect((await asOwner(`/api/time-entries/${ok.id}`, { method: 'DELETE' })).status).toBe(404)
  })

  it('answers 401 without the owner, for reads and writes', async () => {
    expect((await call('/api/time-entries')).status).toBe(401)
    expect(
      (
        await call('/api/time-entries', {
          method: 'POST',
          json: { clientId: 1, minutes: 5, description: 'x' },
        })
      ).status,
    ).toBe(401)
    expect((await call('/api/invoices')).status).toBe(401)
    expect((await call('/api/invoices/1/pdf')).status).toBe(401)
    expect(
      (await call('/api/invoices', { method: 'POST', json: { clientId: 1, source: 'time' } })).status,
    ).toBe(401)
    expect((await call('/api/timer')).status).toBe(401)
    expect((await call('/api/payments/unmatched')).status).toBe(401)
  })

  it('runs one timer at a time and records its time when stopped', async () => {
    const c = await makeClient()
    const start = await asOwner('/api/timer/start', {
      method: 'POST',
      json: { clientId: c.clientId, requestReference: c.reference, description: 'Remote session' },
    })
    expect(start.status).toBe(201)
    expect((await asOwner('/api/timer/start', { method: 'POST', json: {} })).status).toBe(409)
    expect((await json(await asOwner('/api/timer'))).running).toBe(true)
    const stopped = await asOwner('/api/timer/stop', { method: 'POST', json: {} })
    expect(stopped.status).toBe(201)
    const [entry] = await json<{ minutes: number; supportRequestId: number; description: string }[]>(stopped)
    expect(entry!.minutes).toBe(1)
    expect(entry!.supportRequestId).toBe(c.requestId)
    expect(entry!.description).toBe('Remote session')
    expect((await json(await asOwner('/api/timer'))).running).toBe(false)
    expect((await asOwner('/api/timer/stop', { method: 'POST', json: {} })).status).toBe(409)
  })
})

describe('prepaid blocks', () => {
  it('draw billable time first, split what does not fit, and send the low notice once', async () => {
    const c = await makeClient()
    const block = await asOwner('/api/prepaid-blocks', {
      method: 'POST',
      json: { clientId: c.clientId, minutes: 600, priceCents: 100_000 },
    })
    expect(block.status).toBe(201)
    const first = await record(c.clientId, 450)
    expect(first.blockId).not.toBeNull()
    expect(await outboxTo(c.email)).toHaveLength(0)
    const second = await record(c.clientId, 200)
    expect(second.entries.map((e) => [e.minutes, e.blockId !== null])).toEqual([
      [150, true],
      [50, false],
    ])
    const left = await json<{ remainingMinutes: number }[]>(
      await asOwner(`/api/prepaid-blocks?clientId=${c.clientId}`),
    )
    expect(left.map((b) => b.remainingMinutes)).toEqual([0])
    await record(c.clientId, 10)
    expect(
      (await outboxTo(c.email)).filter((m) => m.subject.startsWith('Prepaid hours running low')),
    ).toHaveLength(1)
    // Only the time past the block is billed as time.
    const invoice = await json<InvoiceBody>(await invoiceFrom({ clientId: c.clientId, source: 'time' }))
    expect(invoice.totalCents).toBe(12_000) // 50 + 10 minutes at $120/hour
    // The block itself is invoiced once.
    const blockId = (await json<{ id: number }>(block)).id
    const blockInvoice = await invoiceFrom({ clientId: c.clientId, source: 'block', blockId })
    expect(blockInvoice.status).toBe(201)
    expect((await json<InvoiceBody>(blockInvoice)).totalCents).toBe(100_000)
    expect((await invoiceFrom({ clientId: c.clientId, source: 'block', blockId })).status).toBe(409)
  })
})

describe('invoices', () => {
  it('applies the rounding rule per entry and shows it, grouping per request when asked', async () => {
    const c = await makeClient({ roundingMinutes: 15 })
    await record(c.clientId, 95, { requestReference: c.reference })
    await record(c.clientId, 20, { requestReference: c.reference })
    const invoice = await json<InvoiceBody>(
      await invoiceFrom({ clientId: c.clientId, source: 'time', grouping: 'request' }),
    )
    expect(invoice.lines).toHaveLength(1)
    // 105 + 30 minutes at $120/hour.
    expect(invoice.totalCents).toBe(27_000)
    expect(invoice.lines[0]!.description).toContain('rounded up to 15 min')
    // Net 15 by default; the number's year is the (Central) issue date's.
    expect(invoice.dueDate).toBe(addDays(invoice.issueDate, 15))
    expect(invoice.number.slice(4, 8)).toBe(invoice.issueDate.slice(0, 4))
  })

  it("bills an accepted quote's deposit, then its remainder, once each", async () => {
    const c = await makeClient()
    const quote = async (status: string) =>
      (await env.DB.prepare(
        `insert into quotes (client_id, number, title, deposit_percent, valid_until, status, subtotal_cents, total_cents)
         values (?, ?, 'Clinic network', 30, '2099-01-01', ?, 280000, 280000) returning id`,
      )
        .bind(c.clientId, `Q-2026-${Math.floor(Math.random() * 9000) + 1000}`, status)
        .first<{ id: number }>())!.id
    const draft = await quote('sent')
    expect((await invoiceFrom({ clientId: c.clientId, source: 'quote', quoteId: draft })).status).toBe(409)
    const accepted = await quote('accepted')
    expect(
      (await invoiceFrom({ clientId: c.clientId, source: 'quote', quoteId: accepted, part: 'remainder' }))
        .status,
    ).toBe(409)
    const deposit = await json<InvoiceBody>(
      await invoiceFrom({ clientId: c.clientId, source: 'quote', quoteId: accepted }),
    )
    expect(deposit.totalCents).toBe(84_000)
    expect(deposit.lines[0]!.description).toContain('Deposit (30%)')
    expect((await invoiceFrom({ clientId: c.clientId, source: 'quote', quoteId: accepted })).status).toBe(409)
    const rest = await invoiceFrom({
      clientId: c.clientId,
      source: 'quote',
      quoteId: accepted,
      part: 'remainder',
    })
    expect((await json<InvoiceBody>(rest)).totalCents).toBe(196_000)
    expect(
      (await invoiceFrom({ clientId: c.clientId, source: 'quote', quoteId: accepted, part: 'remainder' }))
        .status,
    ).toBe(409)
    // Another client's quote is not this client's to bill.
    const other = await makeClient()
    expect((await invoiceFrom({ clientId: other.clientId, source: 'quote', quoteId: accepted })).status).toBe(
      400,
    )
  })

  it('answers 409 for time invoices without unbilled time, and 400 with field errors for bad input', async () => {
    const c = await makeClient()
    expect((await invoiceFrom({ clientId: c.clientId, source: 'time' })).status).toBe(409)
    const before = await countRows('select count(*) as n from invoices')
    const bad = await invoiceFrom({ clientId: 'x', source: 'cheque', from: '2026-13-01' })
    expect(bad.status).toBe(400)
    expect(Object.keys((await json<{ errors: Record<string, string> }>(bad)).errors).sort()).toEqual([
      'clientId',
      'from',
      'source',
    ])
    expect((await invoiceFrom({ clientId: c.clientId, source: 'manual', lines: [] })).status).toBe(400)
    expect(
      (
        await invoiceFrom({
          clientId: 999_999,
          source: 'manual',
          lines: [{ description: 'x', quantity: 1, unitPriceCents: 1 }],
        })
      ).status,
    ).toBe(400)
    expect(await countRows('select count(*) as n from invoices')).toBe(before)
    expect((await asOwner('/api/invoices/999999')).status).toBe(404)
    expect((await asOwner('/api/invoices/abc')).status).toBe(400)
  })

  it('bills the same entries once when two invoices are made from them at the same moment', async () => {
    const c = await makeClient()
    await record(c.clientId, 60)
    await record(c.clientId, 30)
    const results = await Promise.allSettled([
      createInvoice(db(), { clientId: c.clientId, source: 'time' }),
      createInvoice(db(), { clientId: c.clientId, source: 'time' }),
    ])
    const ok = results.filter((r) => r.status === 'fulfilled')
    const failed = results.filter((r) => r.status === 'rejected')
    expect(ok).toHaveLength(1)
    expect(failed).toHaveLength(1)
    expect(String((failed[0] as PromiseRejectedResult).reason)).toMatch(/invoiced meanwhile|No unbilled time/)
    expect(await countRows('select count(*) as n from invoices where client_id = ?', c.clientId)).toBe(1)
    const winner = (ok[0] as PromiseFulfilledResult<{ id: number }>).value.id
    expect(
      await countRows(
        'select count(*) as n from time_entries where client_id = ? and invoice_id = ?',
        c.clientId,
        winner,
      ),
    ).toBe(2)
  })

  it('numbers invoices made at once consecutively, without gaps', async () => {
    const c = await makeClient()
    const made = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        createInvoice(db(), {
          clientId: c.clientId,
          source: 'manual',
          lines: [{ description: `Item ${i}`, quantity: 1, unitPriceCents: 100 }],
        }),
      ),
    )
    const numbers = made.map((m) => Number(m.number.slice(-4))).sort((a, b) => a - b)
    expect(new Set(numbers).size).toBe(5)
    expect(numbers.at(-1)! - numbers[0]!).toBe(4)
  })

  it('voids: keeps the number, returns the time to unbilled; an invoice with payments needs a credit note', async () => {
    const c = await makeClient()
    const entry = await record(c.clientId, 60)
    const invoice = await json<InvoiceBody>(await invoiceFrom({ clientId: c.clientId, source: 'time' }))
    const voided = await asOwner(`/api/invoices/${invoice.id}/void`, { method: 'POST' })
    expect(voided.status).toBe(200)
    const v = await json<InvoiceBody>(voided)
    expect(v.status).toBe('void')
    expect(v.number).toBe(invoice.number)
    expect((await asOwner(`/api/invoices/${invoice.id}/void`, { method: 'POST' })).status).toBe(409)
    // Unbilled again: it can be changed and invoiced anew.
    expect(
      (await asOwner(`/api/time-entries/${entry.id}`, { method: 'PATCH', json: { minutes: 90 } })).status,
    ).toBe(200)
    const again = await json<InvoiceBody>(await invoiceFrom({ clientId: c.clientId, source: 'time' }))
    expect(again.totalCents).toBe(18_000)
    expect(again.number).not.toBe(invoice.number)
    // Only a sent invoice takes a payment (issue 34).
    await asOwner(`/api/invoices/${again.id}/send`, { method: 'POST' })
    await asOwner(`/api/invoices/${again.id}/payments`, {
      method: 'POST',
      json: { amountCents: 1_000, method: 'check' },
    })
    expect((await asOwner(`/api/invoices/${again.id}/void`, { method: 'POST' })).status).toBe(409)
    // A credit note for the rest settles it.
    const credit = await invoiceFrom({
      clientId: c.clientId,
      source: 'credit',
      creditForId: again.id,
      lines: [{ description: 'Goodwill', quantity: 1, unitPriceCents: 17_000 }],
    })
    expect(credit.status).toBe(201)
    const creditNote = await json<InvoiceBody>(credit)
    expect(creditNote.totalCents).toBe(-17_000)
    const settled = await json<InvoiceBody>(await asOwner(`/api/invoices/${again.id}`))
    expect(settled.balanceCents).toBe(0)
    expect(settled.status).toBe('paid')
    const tooMuch = await invoiceFrom({
      clientId: c.clientId,
      source: 'credit',
      creditForId: again.id,
      lines: [{ description: 'More', quantity: 1, unitPriceCents: 2_000 }],
    })
    expect(tooMuch.status).toBe(400)
    // Voiding the credit note makes the rest owed again.
    expect((await asOwner(`/api/invoices/${creditNote.id}/void`, { method: 'POST' })).status).toBe(200)
    const owedAgain = await json<InvoiceBody>(await asOwner(`/api/invoices/${again.id}`))
    expect([owedAgain.status, owedAgain.balanceCents]).toEqual(['partially_paid', 17_000])
  })

  it('records partial payments with a balance, and refuses more than what is left', async () => {
    const c = await makeClient()
    const invoice = await json<InvoiceBody>(
      await invoiceFrom({
        clientId: c.clientId,
        source: 'manual',
        lines: [{ description: 'Setup', quantity: 2, unitPriceCents: 5_000 }],
      }),
    )
    await asOwner(`/api/invoices/${invoice.id}/send`, { method: 'POST' })
    const bad = await asOwner(`/api/invoices/${invoice.id}/payments`, {
      method: 'POST',
      json: { amountCents: -5, method: 'barter' },
    })
    expect(bad.status).toBe(400)
    expect(Object.keys((await json<{ errors: Record<string, string> }>(bad)).errors).sort()).toEqual([
      'amountCents',
      'method',
    ])
    const part = await json<InvoiceBody>(
      await asOwner(`/api/invoices/${invoice.id}/payments`, {
        method: 'POST',
        json: { amountCents: 4_000, method: 'bank transfer', reference: 'TX-1' },
      }),
    )
    expect([part.status, part.balanceCents]).toEqual(['partially_paid', 6_000])
    // Issue 34: more than the balance is refused with the field named, and nothing is stored.
    const over = await asOwner(`/api/invoices/${invoice.id}/payments`, {
      method: 'POST',
      json: { amountCents: 7_000, method: 'check', date: '2026-11-20' },
    })
    expect(over.status).toBe(400)
    expect((await json<{ errors: Record<string, string> }>(over)).errors.amountCents).toContain('$60.00')
    const after = await json<InvoiceBody>(await asOwner(`/api/invoices/${invoice.id}`))
    expect([after.status, after.balanceCents, after.payments.length]).toEqual(['partially_paid', 6_000, 1])
  })

  it('gives an overview and the CSV files for the accountant', async () => {
    const c = await makeClient()
    await record(c.clientId, 30)
    const overview = await json<{ unbilled: { clientId: number; minutes: number; amountCents: number }[] }>(
      await asOwner('/api/invoices/overview'),
    )
    expect(overview.unbilled.find((u) => u.clientId === c.clientId)).toMatchObject({
      minutes: 30,
      amountCents: 6_000,
    })
    const csv = await asOwner('/api/invoices/export/invoices.csv')
    expect(csv.headers.get('content-type')).toContain('text/csv')
    expect((await csv.text()).split('\r\n')[0]).toBe(
      'number,client,source,status,issue_date,due_date,subtotal,discount,tax,total,credited,paid,balance,currency',
    )
    expect(
      (await (await asOwner('/api/invoices/export/payments.csv')).text()).startsWith(
        'date,invoice,client,amount',
      ),
    ).toBe(true)
  })
})

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

describe('who may call', () => {
  it("refuses a client's portal session on the owner's routes (the portal cookie is not the owner's)", async () => {
    const c = await makeClient()
    const session = await createPortalSession(db(), c.contactId)
    const cookie = `portal_session=${session!.token}; __Host-portal_session=${session!.token}`
    for (const [path, init] of [
      ['/api/invoices', {}],
      ['/api/time-entries', { method: 'POST', json: { clientId: c.clientId, minutes: 5, description: 'x' } }],
      ['/api/invoices', { method: 'POST', json: { clientId: c.clientId, source: 'time' } }],
    ] as const) {
      const res = await call(path, { ...init, headers: { Cookie: cookie } })
      expect(res.status, path).toBe(401)
    }
    expect(await countRows('select count(*) as n from time_entries where client_id = ?', c.clientId)).toBe(0)
  })

  it('answers GraphQL only to the owner, with the same field errors as REST', async () => {
    const c = await makeClient()
    const mutation =
      'mutation($input: TimeEntryInput!) { createTimeEntry(input: $input) { id minutes rateCents } }'
    const gql = (cookie: string | null, variables: unknown) =>
      call('/graphql', {
        method: 'POST',
        headers: { 'x-graphql-yoga-csrf': '1', ...(cookie ? { Cookie: cookie } : {}) },
        json: { query: mutation, variables },
      })
    const input = { clientId: String(c.clientId), minutes: 95, description: 'Printer queue fixed' }
    expect((await gql(null, { input })).status).toBe(401)
    const cookie = await owner()
    const bad = await gql(cookie, { input: { ...input, minutes: 0, date: 'soon' } })
    const badBody = await json<{ errors: { extensions: { errors: Record<string, string> } }[] }>(bad)
    expect(Object.keys(badBody.errors[0]!.extensions.errors).sort()).toEqual(['date', 'minutes'])
    const ok = await json<{ data: { createTimeEntry: { minutes: number; rateCents: number }[] } }>(
      await gql(cookie, { input }),
    )
    expect(ok.data.createTimeEntry[0]).toMatchObject({ minutes: 95, rateCents: 12_000 })
  })

  it('refuses every webhook when no webhook secret is configured', async () => {
    const invoice = await createInvoice(db(), {
      clientId: (await makeClient()).clientId,
      source: 'manual',
      lines: [{ description: 'x', quantity: 1, unitPriceCents: 100 }],
    })
    const event = checkoutEvent(invoice.number, 100)
    const res = await worker.fetch(
      new Request('http://localhost:8787/api/payments/stripe/webhook', {
        method: 'POST',
        headers: { 'Stripe-Signature': 't=1,v1=00' },
        body: JSON.stringify(event),
      }),
      { ...env, STRIPE_WEBHOOK_SECRET: '' } as Env,
      createExecutionContext(),
    )
    expect(res.status).toBe(400)
    expect(await countRows('select count(*) as n from payments where invoice_id = ?', invoice.id)).toBe(0)
  })
})

describe('reminders', () => {
  it('go 3 days before, on the due date and 7 days after, each once, and not for a paid invoice', async () => {
    const c = await makeClient()
    const invoice = await createInvoice(db(), {
      clientId: c.clientId,
      source: 'manual',
      lines: [{ description: 'Support plan', quantity: 1, unitPriceCents: 30_000 }],
    })
    await sendInvoice(db(), env, invoice.id)
    const paid = await createInvoice(db(), {
      clientId: c.clientId,
      source: 'manual',
      lines: [{ description: 'x', quantity: 1, unitPriceCents: 100 }],
    })
    await sendInvoice(db(), env, paid.id)
    await asOwner(`/api/invoices/${paid.id}/payments`, {
      method: 'POST',
      json: { amountCents: 100, method: 'cash' },
    })
    const at = (offset: number) => Date.parse(`${addDays(invoice.dueDate, offset)}T18:00:00Z`)
    await runCron(at(-5))
    await runCron(at(-3))
    await runCron(at(-3) + 300_000)
    await runCron(at(0))
    await runCron(at(2))
    await runCron(at(7))
    await runCron(at(30))
    // The reminders among the client's mails (the two invoices' own mails say "from", the paid one's
    // receipt starts "Receipt"); none for the paid one.
    const subjects = (await outboxTo(c.email))
      .map((m) => m.subject)
      .filter((s) => !s.includes(' from ') && !s.startsWith('Receipt'))
    expect(subjects).toEqual([
      `Reminder: invoice ${invoice.number} is due on ${invoice.dueDate}`,
      `Invoice ${invoice.number} is due today`,
      `Invoice ${invoice.number} is overdue`,
    ])
  })
})
