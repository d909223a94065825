// Issue 34, points 1 and 2: one balance in every view, and credit notes bounded
// by what is still owed. A $200 invoice, $50 paid, a $30 credit note: every
// view the owner, the client and the accountant read says $120 (on the old
// code the overview, the CSV and the portal dashboard said $150, the list had
// no balance, and the overview listed the credit note as -$30 outstanding).
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { createDb } from '../../worker/db'
import { queueInvoiceReminders } from '../../worker/services/invoice-reminders'
import { gql } from './admin-helpers'
import { asOwner, json, owner } from './billing-fixtures'
import { call } from './helpers'
import { type Body, sentInvoice } from './money-fixtures'
import { pdfText } from './pdf-text'
import { portalCookie } from './portal-fixtures'

/** Calls the API as the owner with one session (cheap enough for parallel requests). */
async function ownerCaller() {
  const cookie = await owner()
  return (path: string, init: RequestInit & { json?: unknown } = {}) =>
    call(path, { ...init, headers: { ...(init.headers as Record<string, string>), Cookie: cookie } })
}

const pay = (id: number, amountCents: number) =>
  asOwner(`/api/invoices/${id}/payments`, { method: 'POST', json: { amountCents, method: 'check' } })

const credit = (clientId: number, creditForId: number, cents: number, taxRateBp = 0) =>
  asOwner('/api/invoices', {
    method: 'POST',
    json: {
      clientId,
      source: 'credit',
      creditForId,
      taxRateBp,
      lines: [{ description: 'Goodwill', quantity: 1, unitPriceCents: cents }],
    },
  })

describe('one balance in every view', async () => {
  // One scenario, then one row per view; each row says where it read the figure.
  const setUp = async () => {
    const { c, invoice } = await sentInvoice(20_000)
    expect((await pay(invoice.id, 5_000)).status).toBe(201)
    const note = await credit(c.clientId, invoice.id, 3_000)
    expect(note.status).toBe(201)
    return { c, invoice, note: await json<Body>(note) }
  }
  type Scenario = Awaited<ReturnType<typeof setUp>>
  const rowOf = (html: string, number: string) => {
    const at = html.indexOf(number)
    expect(at).toBeGreaterThan(-1)
    return html.slice(at, html.indexOf('</tr>', at))
  }

  const views: [string, (s: Scenario) => Promise<string | number>][] = [
    [
      'REST invoice detail',
      async ({ invoice }) => (await json<Body>(await asOwner(`/api/invoices/${invoice.id}`))).balanceCents,
    ],
    [
      'REST invoice list (with creditedCents and balanceCents)',
      async ({ invoice }) => {
        const rows = await json<Body[]>(await asOwner(`/api/invoices?clientId=${invoice.clientId}`))
        const row = rows.find((r) => r.id === invoice.id)!
        expect([row.creditedCents, row.paidCents]).toEqual([-3_000, 5_000])
        return row.balanceCents
      },
    ],
    [
      'GraphQL invoice',
      async ({ invoice }) =>
        (
          await gql<{ invoice: { balanceCents: number } }>(
            'query($id: ID!) { invoice(id: $id) { balanceCents } }',
            { id: String(invoice.id) },
          )
        ).body.data!.invoice.balanceCents,
    ],
    [
      'GraphQL invoice list (the payment dialog prefills from it)',
      async ({ invoice }) => {
        const res = await gql<{ invoices: { id: string; balanceCents: number; creditedCents: number }[] }>(
          'query($clientId: ID) { invoices(clientId: $clientId) { id balanceCents creditedCents } }',
          { clientId: String(invoice.clientId) },
        )
        const row = res.body.data!.invoices.find((i) => i.id === String(invoice.id))!
        expect(row.creditedCents).toBe(-3_000)
        return row.balanceCents
      },
    ],
    [
      'billing overview (the credit note is not outstanding)',
      async ({ invoice, note }) => {
        const o = await json<{ outstanding: { id: number; balanceCents: number }[] }>(
          await asOwner('/api/invoices/overview'),
        )
        expect(o.outstanding.find((r) => r.id === note.id)).toBeUndefined()
        return o.outstanding.find((r) => r.id === invoice.id)!.balanceCents
      },
    ],
    [
      "accountant's CSV (amounts as numbers)",
      async ({ invoice, note }) => {
        const csv = await (await asOwner('/api/invoices/export/invoices.csv')).text()
        const lines = csv.split('\r\n')
        const header = lines[0]!.split(',')
        const row = lines.find((l) => l.startsWith(`${invoice.number},`))!.split(',')
        const noteRow = lines.find((l) => l.startsWith(`${note.number},`))!
        expect(noteRow).toContain(',-30.00,')
        expect(noteRow).not.toContain("'-")
        return row[header.indexOf('balance')]!
      },
    ],
    [
      'portal dashboard',
      async ({ c, invoice }) => {
        const html = await (
          await call('/portal', { headers: { Cookie: await portalCookie(c.contactId) } })
        ).text()
        return rowOf(html, invoice.number)
      },
    ],
    [
      'portal invoice page',
      async ({ c, invoice }) =>
        (
          await call(`/portal/invoices/${invoice.id}`, {
            headers: { Cookie: await portalCookie(c.contactId) },
          })
        ).text(),
    ],
    [
      'PDF',
      async ({ invoice }) =>
        pdfText(new Uint8Array(await (await asOwner(`/api/invoices/${invoice.id}/pdf`)).arrayBuffer())),
    ],
    [
      'reminder e-mail',
      async ({ c, invoice }) => {
        const due = new Date(`${invoice.dueDate}T17:00:00Z`).getTime()
        await queueInvoiceReminders(createDb(env.DB), env, due)
        const mail = await env.DB.prepare(
          'select text_body as body from mail_outbox where recipient = ? and subject like ? order by id desc',
        )
          .bind(c.email, `%${invoice.number}%due today%`)
          .first<{ body: string }>()
        return mail!.body
      },
    ],
  ]

  it.each(views)('%s shows $120.00', async (_view, read) => {
    const figure = await read(await setUp())
    if (typeof figure === 'number') expect(figure).toBe(12_000)
    else if (/^-?\d+\.\d\d$/.test(figure)) expect(figure).toBe('120.00')
    else {
      expect(figure).toContain('$120.00')
      expect(figure).not.toContain('$150.00')
    }
  })
})

describe('credit notes bounded by what is still owed', () => {
  it('lets at most the balance through when 10 are asked at once, 5 rounds in a row', async () => {
    const req = await ownerCaller()
    for (let round = 0; round < 5; round++) {
      const { c, invoice } = await sentInvoice(10_000)
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          req('/api/invoices', {
            method: 'POST',
            json: {
              clientId: c.clientId,
              source: 'credit',
              creditForId: invoice.id,
              lines: [{ description: 'Goodwill', quantity: 1, unitPriceCents: 6_000 }],
            },
          }),
        ),
      )
      const codes = answers.map((a) => a.status)
      expect(codes.filter((s) => s === 201)).toHaveLength(1)
      expect(codes.every((s) => s === 201 || s === 400)).toBe(true)
      const after = await json<Body>(await asOwner(`/api/invoices/${invoice.id}`))
      expect([after.creditedCents, after.balanceCents]).toEqual([-6_000, 4_000])
    }
  })

  it('counts tax in the cap', async () => {
    const { c, invoice } = await sentInvoice(10_000)
    // $95 + 10 % tax = $104.50: more than the $100 owed, though the lines alone are less.
    const taxed = await credit(c.clientId, invoice.id, 9_500, 1_000)
    expect(taxed.status).toBe(400)
    expect((await json<{ errors: Record<string, string> }>(taxed)).errors.lines).toContain('$100.00')
    const fits = await credit(c.clientId, invoice.id, 9_000, 1_000)
    expect(fits.status).toBe(201)
    expect((await json<Body>(fits)).totalCents).toBe(-9_900)
  })

  it('caps at what is left after payments', async () => {
    const { c, invoice } = await sentInvoice(10_000)
    expect((await pay(invoice.id, 3_000)).status).toBe(201)
    const all = await credit(c.clientId, invoice.id, 10_000)
    expect(all.status).toBe(400)
    expect((await json<{ errors: Record<string, string> }>(all)).errors.lines).toContain('$70.00')
    expect((await credit(c.clientId, invoice.id, 7_000)).status).toBe(201)
    const after = await json<Body>(await asOwner(`/api/invoices/${invoice.id}`))
    expect([after.status, after.balanceCents]).toEqual(['paid', 0])
  })

  it('is refused by the database itself, whatever the caller', async () => {
    const { c, invoice } = await sentInvoice(10_000)
    const insert = env.DB.prepare(
      `insert into invoices (client_id, number, source, credit_for_id, status, issue_date, due_date, subtotal_cents, total_cents)
       values (?, ?, 'credit', ?, 'draft', '2026-11-26', '2026-12-11', -10001, -10001)`,
    ).bind(c.clientId, `CN-TEST-${invoice.id}`, invoice.id)
    await expect(insert.run()).rejects.toThrow(/credit note exceeds the balance/)
  })
})
