// Time and money (issue 26) through the REST API, in workerd against local D1:
// the issue's "done when" walk, then each rule on its own.
// Invoices: creating, sending, voiding, credit notes and their PDFs.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { addDays } from '../../schema/slot-time'
import { createInvoice } from '../../worker/services/invoices'
import { asOwner, countRows, type InvoiceBody, json, makeClient } from './billing-fixtures'
import { db, invoiceFrom, record } from './billing-rest-fixtures'

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
