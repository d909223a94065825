// The accountant's files (issue 56, point 1): a month with taxed lines, a
// discount, a credit note, a partial payment, a void invoice, a draft, names
// that are not ASCII and a description a spreadsheet would run as a formula.
// Each file is read back with a real CSV parser (Papa Parse), its header is
// the product's template column for column, and its amounts add up to the
// receivables report for the same range.
import { env } from 'cloudflare:test'
import Papa from 'papaparse'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  QUICKBOOKS_CREDIT_MEMO_HEADER,
  QUICKBOOKS_INVOICE_HEADER,
  QUICKBOOKS_PAYMENT_HEADER,
  XERO_CREDIT_NOTE_HEADER,
  XERO_INVOICE_HEADER,
} from '../../schema/accounting-export'
import { parseCents } from '../../schema/money'
import { businessToday } from '../../schema/slot-time'
import { createDb } from '../../worker/db'
import { receivables } from '../../worker/services/accounting-export'
import { asOwner, countRows, json, makeClient } from './billing-fixtures'

const today = businessToday()
const range = `from=${today}&to=${today}`

async function invoice(clientId: number, body: Record<string, unknown>, send = true) {
  const res = await asOwner('/api/invoices', { method: 'POST', json: { clientId, ...body } })
  expect(res.status).toBe(201)
  const created = await json<{ id: number; number: string }>(res)
  if (send) expect((await asOwner(`/api/invoices/${created.id}/send`, { method: 'POST' })).status).toBe(200)
  return created
}

/** The month: what a real month holds, every case the importers must get right. */
async function aMonth() {
  const c = await makeClient()
  await env.DB.prepare('update clients set name = ? where id = ?')
    .bind('Przychodnia Łódź Nguyễn 李', c.clientId)
    .run()
  const taxed = await invoice(c.clientId, {
    source: 'manual',
    taxRateBp: 825,
    discountCents: 1_000,
    lines: [
      { description: 'Network audit', quantity: 2, unitPriceCents: 15_000 },
      { description: '=HYPERLINK("http://evil.example","Click")', quantity: 1, unitPriceCents: 4_999 },
    ],
  })
  const plain = await invoice(c.clientId, {
    source: 'manual',
    lines: [{ description: 'Wi-Fi survey, "on site"', quantity: 1.5, unitPriceCents: 10_000 }],
  })
  const voided = await invoice(c.clientId, {
    source: 'manual',
    lines: [{ description: 'Billed by mistake', quantity: 1, unitPriceCents: 7_000 }],
  })
  expect((await asOwner(`/api/invoices/${voided.id}/void`, { method: 'POST' })).status).toBe(200)
  await invoice(
    c.clientId,
    { source: 'manual', lines: [{ description: 'Not sent yet', quantity: 1, unitPriceCents: 900 }] },
    false,
  )
  const credit = await asOwner('/api/invoices', {
    method: 'POST',
    json: {
      clientId: c.clientId,
      source: 'credit',
      creditForId: plain.id,
      lines: [{ description: 'Goodwill', quantity: 1, unitPriceCents: 2_500 }],
    },
  })
  expect(credit.status).toBe(201)
  const note = await json<{ id: number; number: string }>(credit)
  const paid = await asOwner(`/api/invoices/${taxed.id}/payments`, {
    method: 'POST',
    json: { amountCents: 10_000, method: 'check', reference: 'Check 1042' },
  })
  expect(paid.status).toBe(201)
  return { taxed, plain, voided, note }
}

async function file(path: string) {
  const res = await asOwner(`/api/exports/${path}?${range}`)
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
  const bytes = new Uint8Array(await res.arrayBuffer())
  // UTF-8 with the byte order mark both importers expect.
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  const text = new TextDecoder().decode(bytes.slice(3))
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: true })
  expect(parsed.errors).toEqual([])
  const [header, ...rows] = parsed.data
  return {
    header,
    rows,
    records: res.headers.get('x-export-records') ?? '',
    name: res.headers.get('content-disposition') ?? '',
  }
}

const cents = (s: string) => parseCents(s)!
const col = (header: readonly string[] | undefined, name: string) => header!.indexOf(name)

describe('the accountant files', () => {
  // One month for the whole file (storage is kept between a file's tests).
  let m: Awaited<ReturnType<typeof aMonth>>
  beforeAll(async () => {
    m = await aMonth()
  }, 60_000)

  it('QuickBooks invoices: the template, one row a line, void and draft left out, totals reconcile', async () => {
    const f = await file('quickbooks/invoices.csv')
    expect(f.header).toEqual([...QUICKBOOKS_INVOICE_HEADER])
    expect(f.records).toBe([m.taxed.number, m.plain.number].sort().join(', '))
    expect(f.name).toContain(`quickbooks-invoices-${today}-to-${today}`)
    const numbers = new Set(f.rows.map((r) => r[0]))
    expect(numbers).toEqual(new Set([m.taxed.number, m.plain.number]))
    // Names as typed; the formula neutralised; the dates in the stated format.
    const taxedRows = f.rows.filter((r) => r[0] === m.taxed.number)
    expect(taxedRows[0]![1]).toBe('Przychodnia Łódź Nguyễn 李')
    expect(taxedRows.map((r) => r[col(f.header, 'ItemDescription')])).toEqual([
      'Network audit',
      `'=HYPERLINK("http://evil.example","Click")`,
      'Discount',
    ])
    const [y, mo, d] = today.split('-')
    expect(taxedRows[0]![col(f.header, 'InvoiceDate')]).toBe(`${mo}/${d}/${y}`)
    expect(taxedRows[0]![col(f.header, 'Taxable')]).toBe('Y')
    expect(taxedRows[0]![col(f.header, 'TaxRate')]).toBe('8.25%')
    // Every amount a plain number with two decimals.
    for (const r of f.rows) expect(r[col(f.header, 'ItemAmount')]).toMatch(/^-?\d+\.\d{2}$/)
    // What QuickBooks computes from the file equals the receivables report.
    const report = await receivables(createDb(env.DB), { from: today, to: today })
    let total = 0
    for (const n of numbers) {
      const rows = f.rows.filter((r) => r[0] === n)
      const net = rows.reduce((s, r) => s + cents(r[col(f.header, 'ItemAmount')]!), 0)
      const rate = rows[0]![col(f.header, 'TaxRate')]
        ? Number.parseFloat(rows[0]![col(f.header, 'TaxRate')]!)
        : 0
      total += net + Math.round((net * rate) / 100)
    }
    expect(total).toBe(report.invoicedCents)
    expect(report.invoices).toBe(2)
  })

  it('QuickBooks credit memos and payments reconcile too', async () => {
    const report = await receivables(createDb(env.DB), { from: today, to: today })
    const memos = await file('quickbooks/credit-memos.csv')
    expect(memos.header).toEqual([...QUICKBOOKS_CREDIT_MEMO_HEADER])
    expect(memos.records).toBe(m.note.number)
    expect(memos.rows.reduce((s, r) => s + cents(r[col(memos.header, 'ItemAmount')]!), 0)).toBe(
      report.creditedCents,
    )
    expect(report.creditedCents).toBe(2_500)
    expect(memos.rows[0]![col(memos.header, 'Memo')]).toBe(`Credit for invoice ${m.plain.number}`)
    const payments = await file('quickbooks/payments.csv')
    expect(payments.header).toEqual([...QUICKBOOKS_PAYMENT_HEADER])
    expect(payments.rows).toHaveLength(1)
    expect(payments.rows[0]![col(payments.header, 'InvoiceNo')]).toBe(m.taxed.number)
    expect(payments.rows[0]![col(payments.header, 'Amount')]).toBe('100.00')
    expect(payments.rows[0]![col(payments.header, 'ReferenceNo')]).toBe('Check 1042')
    expect(report.receivedCents).toBe(10_000)
  })

  it('Xero invoices and credit notes: its templates, the codes set once in billing settings', async () => {
    const codes = { xeroAccountCode: '4000', xeroTaxType: 'Sales Tax 8.25%', xeroTaxTypeNone: 'Tax Exempt' }
    const saved = await asOwner('/api/billing-settings/accounting-codes', { method: 'PUT', json: codes })
    expect(saved.status).toBe(200)
    const f = await file('xero/invoices.csv')
    expect(f.header).toEqual([...XERO_INVOICE_HEADER])
    const taxed = f.rows.filter((r) => r[col(f.header, '*InvoiceNumber')] === m.taxed.number)
    expect(taxed.map((r) => r[col(f.header, '*AccountCode')])).toEqual(['4000', '4000', '4000'])
    expect(taxed.map((r) => r[col(f.header, '*TaxType')])).toEqual(Array(3).fill('Sales Tax 8.25%'))
    const plain = f.rows.filter((r) => r[col(f.header, '*InvoiceNumber')] === m.plain.number)
    expect(plain[0]![col(f.header, '*TaxType')]).toBe('Tax Exempt')
    expect(plain[0]![col(f.header, '*Quantity')]).toBe('1.5')
    expect(plain[0]![col(f.header, '*Description')]).toBe('Wi-Fi survey, "on site"')
    expect(plain[0]![col(f.header, 'Currency')]).toBe('USD')
    const notes = await file('xero/credit-notes.csv')
    expect(notes.header).toEqual([...XERO_CREDIT_NOTE_HEADER])
    expect(notes.rows.map((r) => r[col(notes.header, '*CreditNoteNumber')])).toEqual([m.note.number])
    // Xero takes a credit note's amounts as positive numbers.
    expect(notes.rows[0]![col(notes.header, '*UnitAmount')]).toBe('25.00')
  })

  it('a bad range is a 400 naming the field; no file without the owner', async () => {
    const bad = async (query: string, field: string) => {
      const res = await asOwner(`/api/exports/quickbooks/invoices.csv?${query}`)
      expect(res.status).toBe(400)
      const body = await json<{ errors: Record<string, string> }>(res)
      expect(Object.keys(body.errors)).toContain(field)
    }
    await bad(`to=${today}`, 'from')
    await bad(`from=2026-02-30&to=${today}`, 'from')
    await bad('from=2026-11-30&to=2026-11-01', 'to')
    await bad('from=2000-01-01&to=2026-11-01', 'to')
    expect((await asOwner(`/api/exports/xero/payments.csv?${range}`)).status).toBe(400)
    const anonymous = await (await import('cloudflare:workers')).exports.default.fetch(
      new Request(`http://localhost/api/exports/quickbooks/invoices.csv?${range}`),
    )
    expect(anonymous.status).toBe(401)
  })

  it('a bad accounting code is a 400 naming the field; nothing is stored', async () => {
    const res = await asOwner('/api/billing-settings/accounting-codes', {
      method: 'PUT',
      json: { xeroAccountCode: ' ', xeroTaxType: 'x'.repeat(61), xeroTaxTypeNone: 'Tax Exempt' },
    })
    expect(res.status).toBe(400)
    const body = await json<{ errors: Record<string, string> }>(res)
    expect(Object.keys(body.errors).sort()).toEqual(['xeroAccountCode', 'xeroTaxType'])
    // What the Xero test saved stands.
    expect(await json(await asOwner('/api/billing-settings/accounting-codes'))).toEqual({
      xeroAccountCode: '4000',
      xeroTaxType: 'Sales Tax 8.25%',
      xeroTaxTypeNone: 'Tax Exempt',
    })
    expect(
      await countRows("select count(*) as n from billing_settings where xero_account_code = '4000'"),
    ).toBe(1)
  })
})
