// Large documents (issue 34.5): D1 binds at most 100 parameters per statement,
// so a document's lines were one multi-row insert too many from 10 invoice
// lines (17 quote lines, 15 on edit) on. The schema allows MAX_LINES (100):
// these create, edit and render documents of that size, and a time invoice of
// 200 entries, end to end through the API, the portal page and the PDF.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { MAX_LINES } from '../../schema/money'
import { rest } from './admin-helpers'
import { asOwner, type InvoiceBody, json, makeClient } from './billing-fixtures'
import { call } from './helpers'
import { pdfText } from './pdf-text'
import { portalCookie } from './portal-fixtures'

// biome-ignore lint/suspicious/noExplicitAny: JSON answers are read field by field in assertions
type Json = Record<string, any>

const lines = (n: number, word: string) =>
  Array.from({ length: n }, (_, i) => ({
    description: `${word} ${i + 1}`,
    quantity: 1,
    unit: 'hours',
    unitPriceCents: 1_000 + i,
  }))

const sum = (n: number) => Array.from({ length: n }, (_, i) => 1_000 + i).reduce((a, b) => a + b, 0)

async function rendered(path: string, cookie: string, needles: string[]) {
  const page = await call(path, { headers: { Cookie: cookie } })
  expect(page.status).toBe(200)
  const html = await page.text()
  for (const n of needles) expect(html).toContain(n)
  const pdf = await call(`${path}/pdf`, { headers: { Cookie: cookie } })
  expect(pdf.status).toBe(200)
  expect(pdf.headers.get('content-type')).toBe('application/pdf')
  return pdfText(new Uint8Array(await pdf.arrayBuffer()))
}

describe('documents of the largest size the schema allows', () => {
  it(`an invoice of ${MAX_LINES} lines is created, listed and rendered`, async () => {
    const a = await makeClient()
    const res = await asOwner('/api/invoices', {
      method: 'POST',
      json: { clientId: a.clientId, source: 'manual', lines: lines(MAX_LINES, 'Task') },
    })
    expect(res.status).toBe(201)
    const invoice = await json<InvoiceBody>(res)
    expect(invoice.lines).toHaveLength(MAX_LINES)
    expect(invoice.lines.map((l) => l.description)).toEqual(
      lines(MAX_LINES, 'Task').map((l) => l.description),
    )
    expect(invoice.totalCents).toBe(sum(MAX_LINES))
    expect((await asOwner(`/api/invoices/${invoice.id}/send`, { method: 'POST' })).status).toBe(200)
    const text = await rendered(`/portal/invoices/${invoice.id}`, await portalCookie(a.contactId), [
      `Task ${MAX_LINES}`,
    ])
    expect(text).toContain('Task 1')
    expect(text).toContain(`Task ${MAX_LINES}`)
  })

  it('a time invoice of 200 entries bills each entry once', async () => {
    const a = await makeClient()
    const now = Date.now()
    const insert = env.DB.prepare(
      `insert into time_entries (client_id, support_request_id, date, minutes, description, billable, rate_cents, created_at, updated_at)
       values (?, ?, '2026-11-02', 15, ?, 1, 12000, ?, ?)`,
    )
    await env.DB.batch(
      Array.from({ length: 200 }, (_, i) => insert.bind(a.clientId, a.requestId, `Entry ${i + 1}`, now, now)),
    )
    const res = await asOwner('/api/invoices', {
      method: 'POST',
      json: { clientId: a.clientId, source: 'time' },
    })
    expect(res.status).toBe(201)
    const invoice = await json<InvoiceBody>(res)
    expect(invoice.lines).toHaveLength(200)
    expect(invoice.totalCents).toBe(200 * 3_000)
    const billed = await env.DB.prepare(
      'select count(*) as n from time_entries where client_id = ? and invoice_id = ?',
    )
      .bind(a.clientId, invoice.id)
      .first<{ n: number }>()
    expect(billed!.n).toBe(200)
    // Nothing is left to bill: a second time invoice is refused, not a double.
    const again = await asOwner('/api/invoices', {
      method: 'POST',
      json: { clientId: a.clientId, source: 'time' },
    })
    expect(again.status).toBe(409)
    expect((await asOwner(`/api/invoices/${invoice.id}/send`, { method: 'POST' })).status).toBe(200)
    const text = await rendered(`/portal/invoices/${invoice.id}`, await portalCookie(a.contactId), [
      'Entry 200',
    ])
    expect(text).toContain('Entry 200')
  })

  it(`a quote of ${MAX_LINES} lines is created, edited and rendered`, async () => {
    const a = await makeClient()
    const body = (word: string) => ({
      clientId: a.clientId,
      title: 'A long quote',
      lines: lines(MAX_LINES, word),
    })
    const res = await rest('POST', '/api/quotes', body('Item'))
    expect(res.status).toBe(201)
    const q = (await res.json()) as Json
    expect(q.lines).toHaveLength(MAX_LINES)
    const edited = await rest('PATCH', `/api/quotes/${q.id}`, body('Edited item'))
    expect(edited.status).toBe(200)
    const e = (await edited.json()) as Json
    expect(e.lines).toHaveLength(MAX_LINES)
    expect(e.lines[MAX_LINES - 1].description).toBe(`Edited item ${MAX_LINES}`)
    const sent = await rest('POST', `/api/quotes/${q.id}/send`)
    expect(sent.status).toBe(200)
    // A revision copies all the lines too.
    const revised = await rest('POST', `/api/quotes/${q.id}/revise`)
    expect(revised.status).toBe(201)
    const r = (await revised.json()) as Json
    expect(r.lines).toHaveLength(MAX_LINES)
    expect((await rest('POST', `/api/quotes/${r.id}/send`)).status).toBe(200)
    const text = await rendered(`/portal/quotes/${r.id}`, await portalCookie(a.contactId), [
      `Edited item ${MAX_LINES}`,
    ])
    expect(text).toContain(`Edited item ${MAX_LINES}`)
  })
})

describe('names in any script through the Worker (fonts from the static assets)', () => {
  it('the invoice PDF carries a Polish and Vietnamese name and a Chinese one', async () => {
    const a = await makeClient()
    await env.DB.prepare('update clients set name = ? where id = ?')
      .bind('Zoë Łukasiewicz-Nguyễn', a.clientId)
      .run()
    const res = await asOwner('/api/invoices', {
      method: 'POST',
      json: {
        clientId: a.clientId,
        source: 'manual',
        lines: [{ description: 'Audit for Alice 李', quantity: 1, unitPriceCents: 10_000 }],
      },
    })
    expect(res.status).toBe(201)
    const invoice = await json<InvoiceBody>(res)
    const pdf = await asOwner(`/api/invoices/${invoice.id}/pdf`)
    expect(pdf.status).toBe(200)
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()))
    expect(text.split('\n')).toContain('Zoë Łukasiewicz-Nguyễn')
    // Drawn in two fonts, so two runs here; test/node/pdf-names.test.ts reads it as one line with pdftotext.
    expect(text).toContain('Audit for Alice \n李')
  })
})
