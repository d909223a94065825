// Quotes and agreements (issue 25): numbering under concurrency, the life
// cycle (send freezes, a sent revision supersedes, withdraw, decline, expire), the
// client's acceptance with its signature record, hash check and signed PDF,
// two acceptances at once, bad input, and who may do what.
// Accepting and the cron.
import { env } from 'cloudflare:test'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { formatCents } from '../../schema/money'
import { offerText, quoteDocumentText, sha256Hex } from '../../schema/quotes'
import { deliver } from '../../worker/mail/outbox'
import {
  acceptQuote,
  declineQuote,
  documentOf,
  getQuote,
  offerHash,
  portalQuote,
  sendQuote,
} from '../../worker/services/quotes'
import { rest } from './admin-helpers'
import {
  acceptAs,
  clientWithContact,
  created,
  db,
  type Json,
  runCron,
  seedBaaTemplate,
  sent,
} from './quotes-fixtures'

afterEach(() => vi.restoreAllMocks())
beforeAll(seedBaaTemplate)

describe('accepting', () => {
  it('records the signature, stores the signed PDF, mails it to both and locks the quote', async () => {
    const scope = await clientWithContact()
    const q = await sent(scope)
    const { quote, outboxIds, deposit } = await acceptAs(scope, q.id)
    expect(quote.status).toBe('accepted')
    // With the optional training chosen: 2,280.00 + 190.00.
    expect(quote.totals.totalCents).toBe(247_000)
    expect(quote.totalCents).toBe(247_000)
    // The 50% deposit is invoiced and sent by the acceptance: nothing is left for the owner to do.
    expect(quote.depositToInvoice).toBe(false)
    expect(deposit).toMatchObject({ number: expect.stringMatching(/^INV-\d{4}-\d{4}$/), totalCents: 123_500 })
    expect(quote.depositInvoice).toMatchObject({
      id: deposit!.invoiceId,
      status: 'sent',
      totalCents: 123_500,
    })
    const s = quote.signature!
    expect(s.signerName).toBe('Dana Whitfield')
    expect(s.signerEmail).toBe(scope.email)
    expect(s.contactId).toBe(scope.contactId)
    expect(s.ip).toBe('203.0.113.9')
    expect(s.userAgent).toBe('test-agent/1.0')
    expect(s.revision).toBe(1)
    const training = quote.lines.find((l) => l.optional)!.id
    expect(s.documentSha256).toBe(await sha256Hex(quoteDocumentText(documentOf(quote), [training])))
    expect(s.agreementHashes).toEqual([
      { name: 'Business Associate Agreement', sha256: await sha256Hex(quote.agreements[0]!.body) },
    ])
    // The PDF is in R2 and its hash is on the record.
    const object = await env.FILES.get(s.pdfKey!)
    const bytes = new Uint8Array(await object!.arrayBuffer())
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-')
    expect(await sha256Hex(bytes)).toBe(s.pdfSha256)
    // The admin's download is that very file, and it verifies.
    const pdf = await rest('GET', `/api/quotes/${q.id}/pdf`)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    expect(await sha256Hex(await pdf.arrayBuffer())).toBe(s.pdfSha256)
    const verify = (await (await rest('GET', `/api/quotes/${q.id}/verify`)).json()) as Json
    expect(verify).toMatchObject({ pdfMatches: true, documentMatches: true, agreementsMatch: true })

    // Mailed to the owner and the contact, each with the PDF attached from R2.
    expect(outboxIds).toHaveLength(2)
    const sentMail: Json[] = []
    vi.spyOn(env.MAIL, 'send').mockImplementation(async (m) => {
      sentMail.push(m as Json)
      return { messageId: crypto.randomUUID() }
    })
    for (const id of outboxIds) expect(await deliver(db(), env, id)).toBe('sent')
    expect(sentMail.map((m) => m.to).sort()).toEqual([env.NOTIFY_EMAIL, scope.email].sort())
    for (const m of sentMail) {
      expect(m.attachments[0].type).toBe('application/pdf')
      expect(await sha256Hex(m.attachments[0].content)).toBe(s.pdfSha256)
    }
    expect(sentMail.find((m) => m.to === env.NOTIFY_EMAIL)!.text).toContain(
      `The deposit invoice ${deposit!.number} for ${formatCents(123_500)} was issued and sent to the client.`,
    )

    // Locked: no edit, no second acceptance, no decline; the record is final.
    expect((await rest('PATCH', `/api/quotes/${q.id}`, { title: 'x' })).status).toBe(409)
    await expect(acceptAs(scope, q.id)).rejects.toMatchObject({
      kind: 'conflict',
      message: 'This quote has already been accepted.',
    })
    await expect(declineQuote(db(), env, scope, q.id, null)).rejects.toMatchObject({ kind: 'conflict' })
    await expect(
      env.DB.prepare("update signatures set signer_name = 'Mallory' where quote_id = ?").bind(q.id).run(),
    ).rejects.toThrow(/signature is final/)
    const list = (await (await rest('GET', '/api/quotes?status=accepted')).json()) as Json[]
    expect(list.find((x) => x.id === q.id)).toMatchObject({
      totalCents: 247_000,
      depositToInvoice: false,
      depositInvoiceNumber: deposit!.number,
    })
  })

  it('lets exactly one of two concurrent acceptances win', async () => {
    const scope = await clientWithContact()
    const q = await sent(scope)
    const results = await Promise.allSettled([
      acceptAs(scope, q.id),
      acceptAs(scope, q.id, { signerName: 'Someone Else' }),
    ])
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    const lost = results.find((r) => r.status === 'rejected') as PromiseRejectedResult
    expect(lost.reason).toMatchObject({ kind: 'conflict' })
    expect(
      await env.DB.prepare('select count(*) as n from signatures where quote_id = ?').bind(q.id).first('n'),
    ).toBe(1)
  })

  it('refuses a document hash that is not the one on the page, and changes nothing', async () => {
    const scope = await clientWithContact()
    const q = await sent(scope)
    const d = await portalQuote(db(), scope, q.id)
    const stale = await sha256Hex(
      offerText(documentOf(d), [{ name: 'Business Associate Agreement', body: 'an older text' }]),
    )
    await expect(acceptAs(scope, q.id, { documentHash: stale })).rejects.toMatchObject({
      kind: 'conflict',
      message: 'The quote changed since you opened it. Please read it again before accepting.',
    })
    expect((await getQuote(db(), q.id)).status).toBe('sent')
    expect(
      await env.DB.prepare('select count(*) as n from signatures where quote_id = ?').bind(q.id).first('n'),
    ).toBe(0)
  })

  it("answers NotFound for another client's quote and for a draft", async () => {
    const a = await clientWithContact('Client A')
    const b = await clientWithContact('Client B')
    const q = await sent(b)
    await expect(portalQuote(db(), a, q.id)).rejects.toMatchObject({ kind: 'not-found' })
    await expect(acceptAs(a, q.id)).rejects.toMatchObject({ kind: 'not-found' })
    await expect(declineQuote(db(), env, a, q.id, 'no')).rejects.toMatchObject({ kind: 'not-found' })
    const draft = await created(b.clientId)
    await expect(portalQuote(db(), b, draft.id)).rejects.toMatchObject({ kind: 'not-found' })
    expect((await getQuote(db(), q.id)).status).toBe('sent')
  })

  it("refuses options that are not the quote's own", async () => {
    const scope = await clientWithContact()
    const q = await sent(scope)
    const fixed = q.lines.find((l: Json) => !l.optional).id
    await expect(acceptAs(scope, q.id, { chosenLineIds: [fixed] })).rejects.toMatchObject({ kind: 'invalid' })
  })

  it('records a decline with its reason and tells the owner', async () => {
    const scope = await clientWithContact()
    const q = await sent(scope)
    const { quote, outboxIds } = await declineQuote(db(), env, scope, q.id, 'Over budget this year')
    expect(quote.status).toBe('declined')
    expect(quote.declineReason).toBe('Over budget this year')
    expect(outboxIds).toHaveLength(1)
    await expect(acceptAs(scope, q.id)).rejects.toMatchObject({
      kind: 'conflict',
      message: expect.stringMatching(/declined/),
    })
  })
})

describe('the cron', () => {
  it('reminds a client who has not opened the quote once, and expires it after its date', async () => {
    const scope = await clientWithContact()
    const q = await created(scope.clientId, { validUntil: '2031-03-10' })
    await sendQuote(db(), env, q.id, {}, new Date('2031-02-01T15:00:00Z'))
    const reminders = () =>
      env.DB.prepare(
        "select count(*) as n from mail_outbox where recipient = ? and subject like 'Reminder:%'",
      )
        .bind(scope.email)
        .first('n')
    vi.spyOn(env.MAIL, 'send').mockResolvedValue({ messageId: 'x' } as never)
    await runCron(Date.parse('2031-03-01T15:00:00Z'))
    expect(await reminders()).toBe(0)
    await runCron(Date.parse('2031-03-08T15:00:00Z'))
    await runCron(Date.parse('2031-03-08T15:05:00Z'))
    expect(await reminders()).toBe(1)
    expect((await getQuote(db(), q.id)).status).toBe('sent')
    // The 10th is still valid in Central time; the 11th is not.
    await runCron(Date.parse('2031-03-11T04:00:00Z'))
    expect((await getQuote(db(), q.id)).status).toBe('sent')
    await runCron(Date.parse('2031-03-11T15:00:00Z'))
    expect((await getQuote(db(), q.id)).status).toBe('expired')
    const d = await portalQuote(db(), scope, q.id)
    await expect(
      acceptQuote(
        db(),
        env,
        scope,
        q.id,
        { signerName: 'Dana', agree: true, chosenLineIds: [], documentHash: await offerHash(d) },
        { ip: null, userAgent: null },
      ),
    ).rejects.toMatchObject({ kind: 'conflict', message: expect.stringMatching(/expired/) })
  })

  it('sends no reminder to a client who opened the quote', async () => {
    const scope = await clientWithContact()
    const q = await created(scope.clientId, { validUntil: '2032-03-10' })
    await sendQuote(db(), env, q.id, {}, new Date('2032-02-01T15:00:00Z'))
    await env.DB.prepare("update quotes set status = 'viewed' where id = ?").bind(q.id).run()
    vi.spyOn(env.MAIL, 'send').mockResolvedValue({ messageId: 'x' } as never)
    await runCron(Date.parse('2032-03-08T15:00:00Z'))
    expect(
      await env.DB.prepare(
        "select count(*) as n from mail_outbox where recipient = ? and subject like 'Reminder:%'",
      )
        .bind(scope.email)
        .first('n'),
    ).toBe(0)
  })
})
