// What the invoice's own admin page (/admin/invoices/<id>, issue 52) reads over
// GraphQL: the number, the client's name, the lines, the payments, the credit
// notes written against it (and, on a credit note, the invoice it corrects),
// when it was sent and paid, and the one balance the list and the portal show.
// Owner only; an unknown id is "not found", never a 500.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { customerReplyMail, supportRequestMail } from '../../worker/mail/templates'
import { gql } from './admin-helpers'
import { asOwner, type InvoiceBody, json, makeClient } from './billing-fixtures'

const INVOICE = `query($id: ID!) { invoice(id: $id) {
  id number clientId clientName source status notes totalCents owedCents creditedCents paidCents balanceCents
  dates { sentAt viewedAt paidAt voidedAt }
  creditFor { id number }
  lines { description quantityMilli unit unitPriceCents amountCents }
  payments { date method amountCents reference }
  credits { id number status totalCents }
} }`

type Read = {
  invoice: {
    id: string
    number: string
    clientName: string
    source: string
    status: string
    totalCents: number
    owedCents: number
    creditedCents: number
    paidCents: number
    balanceCents: number
    dates: { sentAt: string | null; paidAt: string | null; voidedAt: string | null }
    creditFor: { id: string; number: string } | null
    lines: { description: string; quantityMilli: number; amountCents: number }[]
    payments: { method: string; amountCents: number; reference: string | null }[]
    credits: { id: string; number: string; status: string; totalCents: number }[]
  }
}

const create = async (body: object) =>
  json<InvoiceBody>(await asOwner('/api/invoices', { method: 'POST', json: body }))

describe("an invoice's admin page", () => {
  it('reads the invoice with its client, lines, payments, credit notes, dates and the one balance', async () => {
    const c = await makeClient()
    const invoice = await create({
      clientId: c.clientId,
      source: 'manual',
      lines: [{ description: 'On-site network assessment', quantity: 3, unitPriceCents: 15_000 }],
    })
    expect((await asOwner(`/api/invoices/${invoice.id}/send`, { method: 'POST' })).status).toBe(200)
    const paid = await asOwner(`/api/invoices/${invoice.id}/payments`, {
      method: 'POST',
      json: { amountCents: 10_000, method: 'check', reference: 'Check 1042' },
    })
    expect(paid.status).toBe(201)
    const credit = await create({
      clientId: c.clientId,
      source: 'credit',
      creditForId: invoice.id,
      lines: [{ description: 'Goodwill', quantity: 1, unitPriceCents: 5_000 }],
    })

    const read = (await gql<Read>(INVOICE, { id: String(invoice.id) })).body.data!.invoice
    expect(read).toMatchObject({
      number: invoice.number,
      clientName: expect.stringContaining('Client '),
      source: 'MANUAL',
      status: 'PARTIALLY_PAID',
      totalCents: 45_000,
      owedCents: 45_000,
      creditedCents: -5_000,
      paidCents: 10_000,
      balanceCents: 30_000,
      creditFor: null,
      lines: [{ description: 'On-site network assessment', quantityMilli: 3000, amountCents: 45_000 }],
      payments: [{ method: 'CHECK', amountCents: 10_000, reference: 'Check 1042' }],
      credits: [{ id: String(credit.id), number: credit.number, totalCents: -5_000 }],
    })
    expect(read.dates.sentAt).not.toBeNull()
    expect(read.dates.paidAt).toBeNull()
    // The same balance as the REST read, which the list, the portal and the PDF share.
    const rest = await json<InvoiceBody>(await asOwner(`/api/invoices/${invoice.id}`))
    expect(read.balanceCents).toBe(rest.balanceCents)

    // The credit note's page names the invoice it corrects, and lists no credits of its own.
    const note = (await gql<Read>(INVOICE, { id: String(credit.id) })).body.data!.invoice
    expect(note).toMatchObject({
      source: 'CREDIT',
      creditFor: { id: String(invoice.id), number: invoice.number },
      credits: [],
    })
  })

  it('says "not found" for an unknown id, and answers the owner only', async () => {
    const missing = await gql(INVOICE, { id: '999999' })
    expect(missing.status).toBe(404)
    expect(missing.body.errors?.[0]?.message).toBe('Invoice not found')
    const c = await makeClient()
    const invoice = await create({
      clientId: c.clientId,
      source: 'manual',
      lines: [{ description: 'Setup', quantity: 1, unitPriceCents: 5_000 }],
    })
    const anonymous = await gql(INVOICE, { id: String(invoice.id) }, false)
    expect(anonymous.status).toBe(401)
    expect(anonymous.body.data ?? null).toBeNull()
  })

  it("gives a quote's deposit invoice's id to the quote list, so its link opens that invoice", async () => {
    const c = await makeClient()
    const quote = await json<{ id: number }>(
      await asOwner('/api/quotes', {
        method: 'POST',
        json: {
          clientId: c.clientId,
          title: 'Clinic network',
          depositPercent: 30,
          lines: [{ description: 'Switches', quantity: 1, unitPriceCents: 100_000, optional: false }],
        },
      }),
    )
    expect(quote.id).toBeGreaterThan(0)
    // Accepted by hand: the acceptance flow is the quotes tests' business.
    await env.DB.prepare("update quotes set status = 'accepted' where id = ?").bind(quote.id).run()
    const deposit = await create({ clientId: c.clientId, source: 'quote', quoteId: quote.id })
    const list = await gql<{
      quotes: { id: string; depositInvoiceId: string | null; depositInvoiceNumber: string }[]
    }>('query($clientId: ID!) { quotes(clientId: $clientId) { id depositInvoiceId depositInvoiceNumber } }', {
      clientId: String(c.clientId),
    })
    expect(list.body.data?.quotes).toEqual([
      { id: String(quote.id), depositInvoiceId: String(deposit.id), depositInvoiceNumber: deposit.number },
    ])
  })
})

describe("the owner's e-mails link to the record they name", () => {
  const site = (path: string) => new URL(path, env.SITE_URL).toString()

  it("a new request's and a customer reply's notice open that request", () => {
    const mail = supportRequestMail(
      env,
      {
        name: 'Grace Park',
        email: 'grace@clinic.test',
        phone: '618-555-0100',
        issueType: 'network',
        urgency: 'high',
        description: 'The Wi-Fi drops',
        preferredContact: 'email',
      } as Parameters<typeof supportRequestMail>[1],
      'S-1003',
    )
    expect(mail.text).toContain(site('/admin/requests/S-1003'))
    expect(mail.html).toContain(site('/admin/requests/S-1003'))
    const reply = customerReplyMail(env, {
      reference: 'C-1002',
      name: 'Grace Park',
      email: 'grace@clinic.test',
      body: 'Thursday works',
      attachments: 0,
    })
    expect(reply.text).toContain(site('/admin/requests/C-1002'))
    expect(reply.html).toContain(site('/admin/requests/C-1002'))
  })

  it("the payment notice opens the invoice's admin page", async () => {
    const c = await makeClient()
    const invoice = await create({
      clientId: c.clientId,
      source: 'manual',
      lines: [{ description: 'Setup', quantity: 1, unitPriceCents: 5_000 }],
    })
    await asOwner(`/api/invoices/${invoice.id}/send`, { method: 'POST' })
    const paid = await asOwner(`/api/invoices/${invoice.id}/payments`, {
      method: 'POST',
      json: { amountCents: 5_000, method: 'check' },
    })
    expect(paid.status).toBe(201)
    const notice = await env.DB.prepare(
      "select text_body as text from mail_outbox where recipient = ? and subject like 'Payment of%' order by id desc limit 1",
    )
      .bind(env.NOTIFY_EMAIL)
      .first<{ text: string }>()
    expect(notice?.text).toContain(site(`/admin/invoices/${invoice.id}`))
  })
})
