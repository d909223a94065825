// What an acceptance starts (issue 25 with issue 26's invoices): a quote with
// a deposit issues its deposit invoice, numbered, totalled by schema/money.ts,
// sent the normal way and shown in the portal; exactly once however the
// acceptance is retried or raced; a quote without a deposit issues nothing;
// the remainder invoice afterwards is the total less the deposit.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { depositCents } from '../../schema/money'
import { createDb } from '../../worker/db'
import { createInvoice, portalInvoices } from '../../worker/services/invoices'
import { linkTokenHash } from '../../worker/services/portal-links'
import { portalQuoteView } from '../../worker/services/portal-quotes'
import {
  acceptQuote,
  getQuote,
  offerHash,
  onQuoteAccepted,
  type PortalScope,
  portalQuote,
} from '../../worker/services/quotes'
import { rest } from './admin-helpers'

const db = () => createDb(env.DB)
// biome-ignore lint/suspicious/noExplicitAny: JSON answers are read field by field in assertions
type Json = Record<string, any>

let seq = 0
async function clientWithContact(): Promise<PortalScope & { email: string }> {
  seq++
  const now = Date.now()
  const client = await env.DB.prepare(
    'insert into clients (name, created_at, updated_at) values (?, ?, ?) returning id',
  )
    .bind(`Lakeside Clinic ${seq}`, now, now)
    .first<{ id: number }>()
  // A first contact who is not the signer: the deposit invoice must go to the one who signed.
  await env.DB.prepare(
    'insert into contacts (client_id, name, email, created_at, updated_at) values (?, ?, ?, ?, ?)',
  )
    .bind(
      client!.id,
      'Front Desk',
      `desk${seq}-${crypto.randomUUID().slice(0, 8)}@lakeside.example`,
      now,
      now,
    )
    .run()
  const email = `lee${seq}-${crypto.randomUUID().slice(0, 8)}@lakeside.example`
  const contact = await env.DB.prepare(
    'insert into contacts (client_id, name, email, created_at, updated_at) values (?, ?, ?, ?, ?) returning id',
  )
    .bind(client!.id, `Lee Ortega ${seq}`, email, now, now)
    .first<{ id: number }>()
  return { clientId: client!.id, contactId: contact!.id, email }
}

/** A sent quote for the contact: $1,500 + 6.5 h at $120 = $2,280, and an optional $190 line. */
async function sentQuote(scope: PortalScope, depositPercent: number) {
  const created = await rest('POST', '/api/quotes', {
    clientId: scope.clientId,
    contactId: scope.contactId,
    title: 'Clinic network',
    lines: [
      { description: 'Router and firewall', quantity: 1, unitPriceCents: 150_000 },
      { description: 'Installation', quantity: 6.5, unit: 'hours', unitPriceCents: 12_000 },
      { description: 'Staff training', quantity: 2, unit: 'hours', unitPriceCents: 9_500, optional: true },
    ],
    depositPercent,
  })
  expect(created.status).toBe(201)
  const { id } = (await created.json()) as Json
  expect((await rest('POST', `/api/quotes/${id}/send`)).status).toBe(200)
  return id as number
}

async function acceptAs(scope: PortalScope, id: number, e: Env = env) {
  const d = await portalQuote(db(), scope, id)
  return acceptQuote(
    db(),
    e,
    scope,
    id,
    {
      signerName: 'Lee Ortega',
      agree: true,
      chosenLineIds: d.lines.filter((l) => l.optional).map((l) => l.id),
      documentHash: await offerHash(d),
    },
    { ip: '203.0.113.20', userAgent: 'deposit-test' },
  )
}

const invoicesOf = (quoteId: number) =>
  env.DB.prepare(
    'select id, number, status, source, total_cents as totalCents, contact_id as contactId, client_id as clientId from invoices where quote_id = ? order by id',
  )
    .bind(quoteId)
    .all<Json>()
    .then((r) => r.results)

/** Each year's invoice counter has no gap: its last value is the highest number issued, every one used. */
async function expectGaplessInvoiceNumbers() {
  const counters = await env.DB.prepare(
    "select year, last from document_counters where kind = 'invoice'",
  ).all<{ year: number; last: number }>()
  expect(counters.results.length).toBeGreaterThan(0)
  for (const c of counters.results) {
    const rows = await env.DB.prepare('select number from invoices where number like ?')
      .bind(`INV-${c.year}-%`)
      .all<{ number: string }>()
    const numbers = rows.results.map((r) => Number(r.number.slice(-4))).sort((x, y) => x - y)
    expect(numbers).toEqual(Array.from({ length: c.last }, (_, i) => i + 1))
  }
}

describe('the deposit invoice an acceptance issues', () => {
  it('is issued once, for the deposit of the accepted total, sent to the signer and shown in the portal', async () => {
    const scope = await clientWithContact()
    const id = await sentQuote(scope, 30)
    const { quote, deposit } = await acceptAs(scope, id)
    // $2,470.00 with the option; 30% of it through schema/money.ts.
    expect(quote.totals.totalCents).toBe(247_000)
    const expected = depositCents(247_000, 30)
    expect(expected).toBe(74_100)
    expect(deposit).toMatchObject({
      number: expect.stringMatching(/^INV-\d{4}-\d{4}$/),
      totalCents: expected,
    })

    const rows = await invoicesOf(id)
    expect(rows).toEqual([
      {
        id: deposit!.invoiceId,
        number: deposit!.number,
        status: 'sent',
        source: 'quote',
        totalCents: expected,
        contactId: scope.contactId,
        clientId: scope.clientId,
      },
    ])
    const lines = await env.DB.prepare(
      'select description, amount_cents as a from invoice_lines where invoice_id = ?',
    )
      .bind(deposit!.invoiceId)
      .all<Json>()
    expect(lines.results).toEqual([
      { description: `Deposit (30%) of quote ${quote.number}: Clinic network`, a: expected },
    ])

    // Sent the normal way: its e-mail to the signer, with a sign-in link that leads to the invoice.
    expect(deposit!.outboxIds).toHaveLength(1)
    const mail = await env.DB.prepare(
      'select recipient, subject, text_body as text from mail_outbox where id = ?',
    )
      .bind(deposit!.outboxIds[0])
      .first<Json>()
    expect(mail).toMatchObject({ recipient: scope.email, subject: expect.stringContaining(deposit!.number) })
    const token = /\/portal\/sign-in\/([A-Za-z0-9_-]{43})/.exec(mail!.text)![1]!
    const link = await env.DB.prepare('select next from portal_links where token_hash = ?')
      .bind(linkTokenHash(token))
      .first<{ next: string }>()
    expect(link!.next).toBe(`/portal/invoices/${deposit!.invoiceId}`)

    // In the client's portal, and linked from the accepted quote's page.
    const mine = await portalInvoices(db(), scope)
    expect(mine.map((i) => i.number)).toContain(deposit!.number)
    const page = await portalQuoteView(db(), env, scope, String(id))
    expect(page!.depositInvoice).toEqual({
      number: deposit!.number,
      href: `/portal/invoices/${deposit!.invoiceId}`,
      totalCents: expected,
      statusLabel: 'Awaiting payment',
      owed: true,
    })
    // The owner's quote shows the issued invoice instead of a to-do.
    const owner = (await (await rest('GET', `/api/quotes/${id}`)).json()) as Json
    expect(owner.depositToInvoice).toBe(false)
    expect(owner.depositInvoice).toMatchObject({ id: deposit!.invoiceId, number: deposit!.number })
    await expectGaplessInvoiceNumbers()
  })

  it('is not issued twice when the acceptance is retried or raced', async () => {
    const scope = await clientWithContact()
    const id = await sentQuote(scope, 50)
    const results = await Promise.allSettled([acceptAs(scope, id), acceptAs(scope, id), acceptAs(scope, id)])
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    // A retry after the win is refused and issues nothing more.
    await expect(acceptAs(scope, id)).rejects.toMatchObject({ kind: 'conflict' })
    // Running the follow-up again (a retried job) finds the deposit invoiced and adds nothing.
    expect(await onQuoteAccepted(db(), env, id, scope.contactId)).toBeNull()
    const rows = await invoicesOf(id)
    expect(rows).toHaveLength(1)
    expect(rows[0]!.totalCents).toBe(depositCents(247_000, 50))
    await expectGaplessInvoiceNumbers()
  })

  it("makes one deposit invoice when the acceptance's and the owner's run at once, and skips no number", async () => {
    const scope = await clientWithContact()
    const id = await sentQuote(scope, 40)
    // Accepted without the follow-up, as if it had not run yet (the state both writers start from).
    await env.DB.prepare("update quotes set status = 'accepted', total_cents = 228000 where id = ?")
      .bind(id)
      .run()
    const byHand = () =>
      createInvoice(db(), { clientId: scope.clientId, source: 'quote', quoteId: id, part: 'deposit' })
    const results = await Promise.allSettled([
      onQuoteAccepted(db(), env, id, scope.contactId),
      byHand(),
      onQuoteAccepted(db(), env, id, scope.contactId),
      byHand(),
    ])
    const rows = await invoicesOf(id)
    expect(rows).toHaveLength(1)
    expect(rows[0]!.totalCents).toBe(depositCents(228_000, 40))
    // One writer made it; every other attempt is a conflict (the owner's) or "nothing issued" (the acceptance's).
    const made = results.filter((r) => r.status === 'fulfilled' && r.value !== null)
    expect(made).toHaveLength(1)
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ kind: 'conflict' })
    await expectGaplessInvoiceNumbers()
  })

  it('issues nothing for a quote without a deposit', async () => {
    const scope = await clientWithContact()
    const id = await sentQuote(scope, 0)
    const { quote, deposit } = await acceptAs(scope, id)
    expect(quote.status).toBe('accepted')
    expect(deposit).toBeNull()
    expect(quote.depositInvoice).toBeNull()
    expect(quote.depositToInvoice).toBe(false)
    expect(await invoicesOf(id)).toEqual([])
    const page = await portalQuoteView(db(), env, scope, String(id))
    expect(page!.depositInvoice).toBeNull()
  })

  it('issues and marks it sent with visitor mail off, without an e-mail', async () => {
    const scope = await clientWithContact()
    const id = await sentQuote(scope, 25)
    const { deposit } = await acceptAs(scope, id, { ...env, VISITOR_MAIL: 'off' })
    expect(deposit).toMatchObject({ totalCents: depositCents(247_000, 25), outboxIds: [] })
    expect((await invoicesOf(id))[0]).toMatchObject({ status: 'sent' })
  })

  it('leaves the remainder to invoice afterwards: the total less the deposit, once', async () => {
    const scope = await clientWithContact()
    const id = await sentQuote(scope, 30)
    const { deposit } = await acceptAs(scope, id)
    const again = await rest('POST', '/api/invoices', {
      clientId: scope.clientId,
      source: 'quote',
      quoteId: id,
    })
    expect(again.status).toBe(409)
    const res = await rest('POST', '/api/invoices', {
      clientId: scope.clientId,
      source: 'quote',
      quoteId: id,
      part: 'remainder',
    })
    expect(res.status).toBe(201)
    const remainder = (await res.json()) as Json
    expect(remainder.totalCents).toBe(247_000 - deposit!.totalCents)
    expect(remainder.totalCents + deposit!.totalCents).toBe((await getQuote(db(), id)).totalCents)
    expect(
      (
        await rest('POST', '/api/invoices', {
          clientId: scope.clientId,
          source: 'quote',
          quoteId: id,
          part: 'remainder',
        })
      ).status,
    ).toBe(409)
    expect(await invoicesOf(id)).toHaveLength(2)
    await expectGaplessInvoiceNumbers()
  })
})
