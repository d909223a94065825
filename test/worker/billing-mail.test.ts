// The invoice e-mail (issue 26) carries the invoice's PDF: the outbox row names
// a copy stored in R2 at sending, and delivery attaches those very bytes, whose
// text has the number and the total.
import { env } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createDb } from '../../worker/db'
import { deliver } from '../../worker/mail/outbox'
import { sendInvoice } from '../../worker/services/invoices'
import { asOwner, type InvoiceBody, json, makeClient } from './billing-fixtures'
import { pdfText } from './pdf-text'

afterEach(() => vi.restoreAllMocks())

type OutboxRow = { id: number; subject: string; attachments: string }

const outboxTo = (email: string) =>
  env.DB.prepare('select id, subject, attachments from mail_outbox where recipient = ? order by id')
    .bind(email)
    .all<OutboxRow>()
    .then((r) => r.results)

/** A draft of $190.00: 95 minutes at $120/hour. */
async function draftInvoice() {
  const c = await makeClient()
  const entry = await asOwner('/api/time-entries', {
    method: 'POST',
    json: { clientId: c.clientId, requestReference: c.reference, minutes: 95, description: 'Printer queue' },
  })
  expect(entry.status).toBe(201)
  const created = await asOwner('/api/invoices', {
    method: 'POST',
    json: { clientId: c.clientId, source: 'time' },
  })
  expect(created.status).toBe(201)
  return { c, invoice: await json<InvoiceBody>(created) }
}

describe('the invoice e-mail', () => {
  it('attaches the PDF, whose text carries the number and the total', async () => {
    const { c, invoice } = await draftInvoice()
    // The service, not the route: the route delivers at once in the background,
    // and this test delivers the queued row itself to see what goes out.
    const { outboxIds } = await sendInvoice(createDb(env.DB), env, invoice.id)

    const [row, ...others] = await outboxTo(c.email)
    expect(others).toHaveLength(0)
    expect(outboxIds).toEqual([row!.id])
    const attachments = JSON.parse(row!.attachments) as { key: string; filename: string; type: string }[]
    expect(attachments).toEqual([
      {
        key: expect.stringMatching(new RegExp(`^invoices/${invoice.id}/`)),
        filename: `${invoice.number}.pdf`,
        type: 'application/pdf',
      },
    ])
    const stored = new Uint8Array(await (await env.FILES.get(attachments[0]!.key))!.arrayBuffer())
    expect(new TextDecoder().decode(stored.slice(0, 5))).toBe('%PDF-')
    const text = await pdfText(stored)
    expect(text).toContain(invoice.number)
    expect(text).toMatch(/Total\n\$190\.00/)
    expect(text).toContain('Balance due')

    // Delivered with those bytes attached, next to the text with the portal link.
    const sent: { attachments?: { filename: string; type: string; content: ArrayBuffer }[]; text: string }[] =
      []
    vi.spyOn(env.MAIL, 'send').mockImplementation(async (m) => {
      sent.push(m as (typeof sent)[number])
      return { messageId: crypto.randomUUID() }
    })
    expect(await deliver(createDb(env.DB), env, row!.id)).toBe('sent')
    expect(sent).toHaveLength(1)
    expect(sent[0]!.text).toMatch(/\/portal\/sign-in\//)
    expect(sent[0]!.text).toContain('The PDF is attached')
    const file = sent[0]!.attachments?.[0]
    expect(file).toMatchObject({ filename: `${invoice.number}.pdf`, type: 'application/pdf' })
    expect(new Uint8Array(file!.content)).toEqual(stored)
  })

  it('attaches the PDF as it stands at each sending: sent again after a payment, it shows the payment', async () => {
    const { c, invoice } = await draftInvoice()
    await asOwner(`/api/invoices/${invoice.id}/send`, { method: 'POST' })
    const paid = await asOwner(`/api/invoices/${invoice.id}/payments`, {
      method: 'POST',
      json: { amountCents: 5_000, method: 'check', date: '2026-11-25' },
    })
    expect(paid.status).toBe(201)
    await asOwner(`/api/invoices/${invoice.id}/send`, { method: 'POST' })

    // The invoice's two sendings (the payment's receipt goes too, issue 36).
    const rows = (await outboxTo(c.email)).filter((r) => r.subject.startsWith('Invoice'))
    expect(rows).toHaveLength(2)
    const [first, second] = rows.map((r) => JSON.parse(r.attachments)[0].key as string)
    expect(first).not.toBe(second)
    const before = await pdfText(new Uint8Array(await (await env.FILES.get(first!))!.arrayBuffer()))
    const after = await pdfText(new Uint8Array(await (await env.FILES.get(second!))!.arrayBuffer()))
    expect(before).not.toContain('Paid 2026-11-25')
    expect(before).toMatch(/Balance due\n\$190\.00/)
    expect(after).toMatch(/Paid 2026-11-25 \(check\)\n-\$50\.00/)
    expect(after).toMatch(/Balance due\n\$140\.00/)
  })

  it('stores no PDF and queues nothing when visitor mail is off (the owner passes the link on)', async () => {
    const { c, invoice } = await draftInvoice()
    const result = await sendInvoice(createDb(env.DB), { ...env, VISITOR_MAIL: 'off' }, invoice.id)
    expect(result.mailed).toBe(false)
    expect(await outboxTo(c.email)).toHaveLength(0)
    expect((await env.FILES.list({ prefix: `invoices/${invoice.id}/` })).objects).toHaveLength(0)
  })
})
