// Quotes and agreements (issue 25): numbering under concurrency, the life
// cycle (send freezes, a sent revision supersedes, withdraw, decline, expire), the
// client's acceptance with its signature record, hash check and signed PDF,
// two acceptances at once, bad input, and who may do what.
import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from 'cloudflare:test'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { formatCents } from '../../schema/money'
import { fillMergeFields, MERGE_FIELDS, offerText, quoteDocumentText, sha256Hex } from '../../schema/quotes'
import { seedAgreementsIfNone, seedAgreementTemplates } from '../../scripts/seed-agreements'
import { createDb } from '../../worker/db'
import worker from '../../worker/index'
import { deliver } from '../../worker/mail/outbox'
import { portalQuotesServerFor } from '../../worker/portal/quotes-server'
import { QuoteSchema, quotesApi } from '../../worker/routes/quotes'
import { eraseContact } from '../../worker/services/clients-privacy'
import { linkTokenHash } from '../../worker/services/portal-links'
import {
  acceptQuote,
  declineQuote,
  documentOf,
  getQuote,
  offerHash,
  type PortalScope,
  portalQuote,
  sendQuote,
} from '../../worker/services/quotes'
import { gql, rest } from './admin-helpers'
import { call } from './helpers'

afterEach(() => vi.restoreAllMocks())

const db = () => createDb(env.DB)
// biome-ignore lint/suspicious/noExplicitAny: JSON answers are read field by field in assertions
type Json = Record<string, any>

let seq = 0
/** A client with one contact, made directly in D1 (the clients admin is another issue's). */
async function clientWithContact(name = 'Riverside Dental'): Promise<PortalScope & { email: string }> {
  seq++
  const now = Date.now()
  const client = await env.DB.prepare(
    'insert into clients (name, created_at, updated_at) values (?, ?, ?) returning id',
  )
    .bind(`${name} ${seq}`, now, now)
    .first<{ id: number }>()
  const email = `dana${seq}-${crypto.randomUUID().slice(0, 8)}@riverside.example`
  const contact = await env.DB.prepare(
    'insert into contacts (client_id, name, email, created_at, updated_at) values (?, ?, ?, ?, ?) returning id',
  )
    .bind(client!.id, `Dana Whitfield ${seq}`, email, now, now)
    .first<{ id: number }>()
  return { clientId: client!.id, contactId: contact!.id, email }
}

let baaId = 0
beforeAll(async () => {
  const now = Date.now()
  const row = await env.DB.prepare(
    "insert into agreement_templates (kind, name, body, needs_legal_review, created_at, updated_at) values ('baa', 'Business Associate Agreement', ?, 1, ?, ?) returning id",
  )
    .bind(
      '# BAA\n\nBetween {{client.name}} and {{owner.name}} for quote {{quote.number}} ({{quote.total}}), dated {{today}}.',
      now,
      now,
    )
    .first<{ id: number }>()
  baaId = row!.id
})

const quoteBody = (clientId: number, extra: Json = {}) => ({
  clientId,
  title: 'Network refresh',
  intro: 'We **replace** the router.',
  lines: [
    { description: 'Router and firewall', quantity: 1, unitPriceCents: 150_000 },
    { description: 'Installation', quantity: 6.5, unit: 'hours', unitPriceCents: 12_000 },
    { description: 'Staff training', quantity: 2, unit: 'hours', unitPriceCents: 9_500, optional: true },
  ],
  depositPercent: 50,
  agreementTemplateIds: [baaId],
  ...extra,
})

async function created(clientId: number, extra: Json = {}) {
  const res = await rest('POST', '/api/quotes', quoteBody(clientId, extra))
  expect(res.status).toBe(201)
  return (await res.json()) as Json
}

async function sent(scope: PortalScope) {
  const q = await created(scope.clientId)
  const res = await rest('POST', `/api/quotes/${q.id}/send`)
  expect(res.status).toBe(200)
  return ((await res.json()) as Json).quote as Json
}

const countQuotes = async () =>
  (await env.DB.prepare('select count(*) as n from quotes').first<{ n: number }>())!.n

async function acceptAs(scope: PortalScope, id: number, extra: Json = {}) {
  const d = await portalQuote(db(), scope, id)
  const optional = d.lines.filter((l) => l.optional).map((l) => l.id)
  return acceptQuote(
    db(),
    env,
    scope,
    id,
    {
      signerName: 'Dana Whitfield',
      agree: true,
      chosenLineIds: optional,
      documentHash: await offerHash(d),
      ...extra,
    },
    { ip: '203.0.113.9', userAgent: 'test-agent/1.0' },
  )
}

async function runCron(at: number) {
  const ctx = createExecutionContext()
  await worker.scheduled(createScheduledController({ scheduledTime: at }), env, ctx)
  await waitOnExecutionContext(ctx)
}

describe('creating quotes', () => {
  it('numbers Q-YYYY-NNNN and counts optional lines only once chosen', async () => {
    const { clientId } = await clientWithContact()
    const q = await created(clientId)
    expect(q.number).toMatch(new RegExp(`^Q-${new Date().getUTCFullYear()}-\\d{4}$`))
    expect(q.status).toBe('draft')
    // 1,500.00 + 6.5 x 120.00 = 2,280.00; the optional training is not counted.
    expect(q.totalCents).toBe(228_000)
    expect(q.lines.map((l: Json) => l.amountCents)).toEqual([150_000, 78_000, 19_000])
    expect(q.depositCents).toBe(114_000)
    expect(q.agreements[0].name).toBe('Business Associate Agreement')
  })

  it('gives five concurrent creations five distinct consecutive numbers', async () => {
    const { clientId } = await clientWithContact()
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => rest('POST', '/api/quotes', quoteBody(clientId))),
    )
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201, 201])
    const numbers = await Promise.all(answers.map(async (r) => ((await r.json()) as Json).number as string))
    const n = numbers.map((x) => Number(x.slice(-4))).sort((a, b) => a - b)
    expect(new Set(numbers).size).toBe(5)
    expect(n.map((x) => x - n[0]!)).toEqual([0, 1, 2, 3, 4])
  })

  it('refuses bad input with field errors and stores nothing', async () => {
    const { clientId } = await clientWithContact()
    const before = await countQuotes()
    const line = { description: 'Work', quantity: 1, unitPriceCents: 100 }
    const cases: [Json, string][] = [
      [{ lines: [{ ...line, quantity: -1 }] }, 'lines.0.quantity'],
      [{ lines: [{ ...line, quantity: 1e9 }] }, 'lines.0.quantity'],
      [{ lines: [line, { ...line, unitPriceCents: -5 }] }, 'lines.1.unitPriceCents'],
      [{ lines: [{ ...line, unitPriceCents: 1e12 }] }, 'lines.0.unitPriceCents'],
      [{ lines: [{ ...line, unitPriceCents: 10.5 }] }, 'lines.0.unitPriceCents'],
      [{ lines: Array.from({ length: 101 }, () => line) }, 'lines'],
      [{ lines: [] }, 'lines'],
      [{ clientId: 999_999 }, 'clientId'],
      [{ title: '' }, 'title'],
      [{ taxRatePercent: 150 }, 'taxRatePercent'],
      [{ depositPercent: 101 }, 'depositPercent'],
      [{ validUntil: '2020-01-01' }, 'validUntil'],
      [{ validUntil: '2026-02-30' }, 'validUntil'],
      [{ agreementTemplateIds: [999_999] }, 'agreementTemplateIds'],
    ]
    for (const [extra, field] of cases) {
      const res = await rest('POST', '/api/quotes', quoteBody(clientId, extra))
      expect(res.status, field).toBe(400)
      const body = (await res.json()) as Json
      expect(body.message).toBe('Please correct the highlighted fields.')
      expect(Object.keys(body.errors), JSON.stringify(extra).slice(0, 80)).toContain(field)
    }
    const notObject = await rest('POST', '/api/quotes', [1, 2])
    expect(notObject.status).toBe(400)
    expect(await countQuotes()).toBe(before)
  })

  it('needs the owner: no session is 401 on every route', async () => {
    const { clientId } = await clientWithContact()
    const q = await created(clientId)
    const paths: [string, string][] = [
      ['GET', '/api/quotes'],
      ['POST', '/api/quotes'],
      ['GET', `/api/quotes/${q.id}`],
      ['PATCH', `/api/quotes/${q.id}`],
      ['POST', `/api/quotes/${q.id}/send`],
      ['POST', `/api/quotes/${q.id}/withdraw`],
      ['POST', `/api/quotes/${q.id}/revise`],
      ['POST', `/api/quotes/${q.id}/duplicate`],
      ['GET', `/api/quotes/${q.id}/pdf`],
      ['GET', `/api/quotes/${q.id}/verify`],
      ['GET', '/api/agreement-templates'],
    ]
    for (const [method, path] of paths) {
      const res = await rest(method, path, method === 'GET' ? undefined : quoteBody(clientId), false)
      expect(res.status, `${method} ${path}`).toBe(401)
    }
    expect((await getQuote(db(), q.id)).status).toBe('draft')
  })

  it('answers 404 for an unknown quote and 400 for a malformed id', async () => {
    expect((await rest('GET', '/api/quotes/987654')).status).toBe(404)
    const bad = await rest('GET', '/api/quotes/abc')
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as Json).errors).toHaveProperty('id')
  })
})

describe('editing and sending', () => {
  it('edits a draft, then freezes it when sent: PATCH is 409 and nothing changes', async () => {
    const scope = await clientWithContact()
    const q = await created(scope.clientId)
    const patched = await rest('PATCH', `/api/quotes/${q.id}`, {
      title: 'Network refresh, phase 1',
      discountCents: 8_000,
    })
    expect(patched.status).toBe(200)
    const p = (await patched.json()) as Json
    expect(p.title).toBe('Network refresh, phase 1')
    expect(p.totalCents).toBe(220_000)
    expect(p.lines).toHaveLength(3)

    const badPatch = await rest('PATCH', `/api/quotes/${q.id}`, {
      lines: [{ description: 'x', quantity: 0, unitPriceCents: 1 }],
    })
    expect(badPatch.status).toBe(400)
    expect(((await badPatch.json()) as Json).errors).toHaveProperty(['lines.0.quantity'])

    const res = await rest('POST', `/api/quotes/${q.id}/send`)
    expect(res.status).toBe(200)
    const { quote, link } = (await res.json()) as Json
    expect(quote.status).toBe('sent')
    expect(link).toContain(`/portal/quotes/${q.id}`)
    // Totals frozen, merge fields of the agreement filled.
    expect(quote.totalCents).toBe(220_000)
    expect(quote.agreements[0].body).toContain(`Between Riverside Dental`)
    expect(quote.agreements[0].body).toContain(`for quote ${q.number} ($2,200.00)`)
    expect(quote.agreements[0].body).not.toContain('{{')
    // The client's e-mail with the link is queued.
    const mail = await env.DB.prepare("select * from mail_outbox where kind = 'quote' and recipient = ?")
      .bind(scope.email)
      .first<Json>()
    expect(mail!.text_body).toContain(link)
    expect(mail!.text_body).toContain('$2,200.00')
    // It opens with a one-time portal sign-in link for the contact that leads to the quote.
    const token = /\/portal\/sign-in\/([A-Za-z0-9_-]{43})/.exec(String(mail!.text_body))?.[1]
    expect(token).toBeDefined()
    const signIn = await env.DB.prepare(
      'select contact_id, next, used_at from portal_links where token_hash = ?',
    )
      .bind(linkTokenHash(token!))
      .first<Json>()
    expect(signIn).toEqual({ contact_id: scope.contactId, next: `/portal/quotes/${q.id}`, used_at: null })

    const again = await rest('PATCH', `/api/quotes/${q.id}`, { title: 'Changed' })
    expect(again.status).toBe(409)
    expect((await rest('POST', `/api/quotes/${q.id}/send`)).status).toBe(409)
    const after = await getQuote(db(), q.id)
    expect(after.title).toBe('Network refresh, phase 1')
    // The database itself refuses to change a sent quote's lines.
    await expect(
      env.DB.prepare('update quote_lines set unit_price_cents = 1 where quote_id = ?').bind(q.id).run(),
    ).rejects.toThrow(/quote is not a draft/)
  })

  it('revises a sent quote: same number, revision 2; the old one superseded once the revision is sent', async () => {
    const scope = await clientWithContact()
    const q = await sent(scope)
    const old = await portalQuote(db(), scope, q.id)
    const oldHash = await offerHash(old)
    const res = await rest('POST', `/api/quotes/${q.id}/revise`)
    expect(res.status).toBe(201)
    const r = (await res.json()) as Json
    expect(r.number).toBe(q.number)
    expect(r.revision).toBe(2)
    expect(r.label).toBe(`${q.number} rev 2`)
    expect(r.status).toBe('draft')
    // Revision 1 stays current while revision 2 is a draft (issue 36).
    expect((await getQuote(db(), q.id)).status).toBe('sent')
    expect((await rest('POST', `/api/quotes/${q.id}/revise`)).status).toBe(409)
    // The revision is edited and sent like any draft.
    expect((await rest('PATCH', `/api/quotes/${r.id}`, { title: 'Revised' })).status).toBe(200)
    expect((await rest('POST', `/api/quotes/${r.id}/send`)).status).toBe(200)
    const prev = await getQuote(db(), q.id)
    expect(prev.status).toBe('superseded')
    expect(prev.supersededById).toBe(r.id)
    // Readable, not acceptable.
    await expect(
      acceptQuote(
        db(),
        env,
        scope,
        q.id,
        { signerName: 'Dana', agree: true, chosenLineIds: [], documentHash: oldHash },
        { ip: null, userAgent: null },
      ),
    ).rejects.toThrow(/replaced by a newer revision/)
    expect((await rest('POST', `/api/quotes/${q.id}/revise`)).status).toBe(409)
  })

  it('duplicates a quote as a new draft with the next number', async () => {
    const scope = await clientWithContact()
    const q = await sent(scope)
    const res = await rest('POST', `/api/quotes/${q.id}/duplicate`)
    expect(res.status).toBe(201)
    const d = (await res.json()) as Json
    expect(d.number).not.toBe(q.number)
    expect(d.status).toBe('draft')
    expect(d.lines).toHaveLength(3)
  })

  it('withdraws an open quote, which then cannot be accepted', async () => {
    const scope = await clientWithContact()
    const q = await sent(scope)
    const d = await portalQuote(db(), scope, q.id)
    expect((await rest('POST', `/api/quotes/${q.id}/withdraw`)).status).toBe(200)
    await expect(
      acceptQuote(
        db(),
        env,
        scope,
        q.id,
        { signerName: 'Dana', agree: true, chosenLineIds: [], documentHash: await offerHash(d) },
        { ip: null, userAgent: null },
      ),
    ).rejects.toMatchObject({ kind: 'conflict', message: expect.stringMatching(/withdrawn/) })
    expect((await rest('POST', `/api/quotes/${q.id}/withdraw`)).status).toBe(409)
    expect(
      await env.DB.prepare('select count(*) as n from signatures where quote_id = ?').bind(q.id).first('n'),
    ).toBe(0)
  })
})

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

describe('agreement templates over REST', () => {
  it('lists the templates for the owner', async () => {
    const res = await rest('GET', '/api/agreement-templates')
    expect(res.status).toBe(200)
    const list = (await res.json()) as Json[]
    expect(list.find((t) => t.id === baaId)).toMatchObject({ kind: 'baa', needsLegalReview: true })
  })
})

describe('a mail with a missing attachment', () => {
  it('is retried rather than sent without it', async () => {
    const now = new Date()
    const row = await env.DB.prepare(
      "insert into mail_outbox (recipient, subject, text_body, html_body, kind, attachments, next_attempt_at, created_at, updated_at) values ('a@example.com', 's', 't', 'h', 'quote', ?, ?, ?, ?) returning id",
    )
      .bind(
        JSON.stringify([{ key: 'quotes/none.pdf', filename: 'x.pdf', type: 'application/pdf' }]),
        now.getTime(),
        now.getTime(),
        now.getTime(),
      )
      .first<{ id: number }>()
    const spy = vi.spyOn(env.MAIL, 'send').mockResolvedValue({ messageId: 'x' } as never)
    expect(await deliver(db(), env, row!.id, now.getTime())).toBe('retry')
    expect(spy).not.toHaveBeenCalled()
  })
})

describe('the REST flow against its OpenAPI description', () => {
  it('serves every documented route, and a created quote matches the documented answer', async () => {
    const scope = await clientWithContact()
    const res = await rest('POST', '/api/quotes', quoteBody(scope.clientId))
    const body = await res.json()
    expect(QuoteSchema.safeParse(body).success).toBe(true)
    const id = (body as Json).id
    const doc = quotesApi.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 'Quotes', version: '1' } })
    for (const [path, item] of Object.entries(doc.paths ?? {})) {
      for (const method of Object.keys(item as object)) {
        const answer = await rest(
          method.toUpperCase(),
          `/api${path.replace('{id}', String(id))}`,
          method === 'get' ? undefined : {},
        )
        // The API's fallback for unknown paths is a bare 404 "Not found"; every documented route answers otherwise.
        const text = await answer.text()
        expect(answer.status === 404 && text.includes('"Not found"'), `${method} ${path}`).toBe(false)
      }
    }
  })
})

describe('the portal quote page', () => {
  const server = (scope: PortalScope | null) =>
    portalQuotesServerFor(db(), env, scope, { ip: '198.51.100.7', userAgent: 'portal-test' }, () => {})

  it('shows the client its quote (marking it viewed) and accepts the posted form', async () => {
    const scope = await clientWithContact()
    const q = await sent(scope)
    const view = (await server(scope).quote(String(q.id)))!
    expect(view.label).toBe(q.number)
    expect(view.closedReason).toBeNull()
    expect(view.agreements[0]!.html).toContain('<h1>BAA</h1>')
    expect((await getQuote(db(), q.id)).status).toBe('viewed')
    const option = view.lines.find((l) => l.optional)!.id

    const missing = await server(scope).accept(String(q.id), {
      signerName: '',
      agree: false,
      chosenLineIds: [],
      documentHash: view.offerHash,
    })
    expect(missing.ok).toBe(false)
    expect(missing.ok ? {} : missing.errors).toMatchObject({
      signerName: expect.any(String),
      agree: 'Tick "I agree" to accept',
    })
    expect((await getQuote(db(), q.id)).status).toBe('viewed')

    const done = await server(scope).accept(String(q.id), {
      signerName: 'Dana Whitfield',
      agree: true,
      chosenLineIds: [option],
      documentHash: view.offerHash,
    })
    expect(done).toEqual({ ok: true, message: expect.stringContaining('accepted') })
    const after = (await server(scope).quote(String(q.id)))!
    expect(after.status).toBe('accepted')
    expect(after.signature!.signerName).toBe('Dana Whitfield')
    expect((await getQuote(db(), q.id)).signature!.ip).toBe('198.51.100.7')
    const again = await server(scope).accept(String(q.id), {
      signerName: 'Dana Whitfield',
      agree: true,
      chosenLineIds: [],
      documentHash: view.offerHash,
    })
    expect(again).toMatchObject({ ok: false, message: 'This quote has already been accepted.' })
  })

  it("gives another client's quote, a draft and a malformed id nothing; without a session, the sign-in page", async () => {
    const a = await clientWithContact('Client A')
    const b = await clientWithContact('Client B')
    const q = await sent(b)
    expect(await server(a).quote(String(q.id))).toBeNull()
    expect(await server(b).quote('12abc')).toBeNull()
    expect(await server(b).quote(String((await created(b.clientId)).id))).toBeNull()
    await expect(
      server(a).accept(String(q.id), {
        signerName: 'Eve',
        agree: true,
        chosenLineIds: [],
        documentHash: 'a'.repeat(64),
      }),
    ).rejects.toMatchObject({
      status: 404,
    })
    await expect(server(null).quote(String(q.id))).rejects.toMatchObject({ status: 302 })
    const page = await call(`/portal/quotes/${q.id}`, { redirect: 'manual' })
    expect([302, 303]).toContain(page.status)
    expect(page.headers.get('location')).toContain('/portal')
    expect((await call(`/portal/quotes/${q.id}/pdf`)).status).toBe(404)
    expect((await getQuote(db(), q.id)).status).toBe('sent')
  })
})

describe('GraphQL for the admin', () => {
  it('creates, sends and lists quotes for the owner, and refuses everyone else', async () => {
    const scope = await clientWithContact()
    const anonymous = await gql('{ quotes { id } }', {}, false)
    expect(anonymous.status).toBe(401)
    const input = {
      clientId: scope.clientId,
      title: 'Backup setup',
      lines: [
        { description: 'NAS', quantity: 1, unitPriceCents: 80_000, optional: false },
        { description: 'Offsite copy', quantity: 12, unit: 'months', unitPriceCents: 1_000, optional: true },
      ],
      agreementTemplateIds: [baaId],
    }
    const made = await gql<{ createQuote: { id: string; label: string; totalCents: number } }>(
      'mutation($input: QuoteInput!) { createQuote(input: $input) { id label totalCents } }',
      { input },
    )
    expect(made.body.errors).toBeUndefined()
    expect(made.body.data!.createQuote.totalCents).toBe(80_000)
    const bad = await gql('mutation($input: QuoteInput!) { createQuote(input: $input) { id } }', {
      input: { ...input, lines: [{ description: 'x', quantity: -2, unitPriceCents: 1, optional: false }] },
    })
    expect(bad.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT')
    const id = made.body.data!.createQuote.id
    const sentQ = await gql<{ sendQuote: { link: string; quote: { status: string } } }>(
      'mutation($id: ID!) { sendQuote(id: $id) { link quote { status } } }',
      { id },
    )
    expect(sentQ.body.data!.sendQuote.quote.status).toBe('sent')
    expect(sentQ.body.data!.sendQuote.link).toContain(`/portal/quotes/${id}`)
    const list = await gql<{ quotes: { id: string; status: string }[] }>(
      '{ quotes(status: "sent") { id status } }',
    )
    expect(list.body.data!.quotes.map((q) => q.id)).toContain(id)
    const preview = await gql<{ agreementPreview: string }>(
      'query($b: String!) { agreementPreview(body: $b) }',
      {
        b: '# For {{client.name}}\n\n<script>x</script>',
      },
    )
    expect(preview.body.data!.agreementPreview).toContain('For Riverside Dental Clinic')
    expect(preview.body.data!.agreementPreview).not.toContain('<script')
  })
})

describe('the seeded agreement templates', () => {
  it('use only known merge fields, are marked for a lawyer, and are not added twice', async () => {
    for (const t of seedAgreementTemplates) {
      const filled = fillMergeFields(t.body, Object.fromEntries(MERGE_FIELDS.map((f) => [f, 'x'])))
      expect(filled, t.name).not.toMatch(/\{\{/)
      expect(t.needsLegalReview).toBe(true)
      expect(t.body).toContain('have it reviewed by a lawyer')
    }
    expect(seedAgreementTemplates.map((t) => t.kind)).toEqual(['service', 'baa'])
    // This file's database already holds a template: nothing is added.
    expect(await seedAgreementsIfNone(env)).toBe(false)
  })
})

describe('a quote from a consultation', () => {
  it("takes over the consultation's client, contact and description", async () => {
    const scope = await clientWithContact()
    const now = Date.now()
    const c = await env.DB.prepare(
      `insert into consultations (name, email, company, project_type, preferred_date, preferred_time, description, client_id, contact_id, created_at, updated_at)
       values ('Dana', ?, 'Riverside Dental', 'business-management', '2030-01-07T15:00:00.000Z', '09:00', 'We need a new network for two offices.', ?, ?, ?, ?) returning id`,
    )
      .bind(scope.email, scope.clientId, scope.contactId, now, now)
      .first<{ id: number }>()
    const made = await gql<{ createQuoteFromConsultation: { id: string } }>(
      'mutation($id: ID!) { createQuoteFromConsultation(consultationId: $id) { id } }',
      { id: String(c!.id) },
    )
    expect(made.body.errors).toBeUndefined()
    const q = await getQuote(db(), Number(made.body.data!.createQuoteFromConsultation.id))
    expect(q).toMatchObject({
      clientId: scope.clientId,
      contactId: scope.contactId,
      consultationId: c!.id,
      intro: 'We need a new network for two offices.',
      title: 'Quote for Riverside Dental',
      status: 'draft',
    })
    const unknown = await gql('mutation { createQuoteFromConsultation(consultationId: "987654") { id } }')
    expect(unknown.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND')
  })

  it('gives a draft as a PDF of the offer, and refuses an unknown status filter', async () => {
    const scope = await clientWithContact()
    const q = await created(scope.clientId)
    const pdf = await rest('GET', `/api/quotes/${q.id}/pdf`)
    expect(pdf.status).toBe(200)
    expect(new TextDecoder().decode(new Uint8Array(await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-')
    expect((await rest('GET', `/api/quotes/${q.id}/verify`)).status).toBe(409)
    const bad = await rest('GET', '/api/quotes?status=lost')
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as Json).errors).toHaveProperty('status')
  })
})

describe('the REST flow with a personal access token', () => {
  const script = (method: string, path: string, token: string, json?: unknown) =>
    call(path, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(json === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: json === undefined ? undefined : JSON.stringify(json),
    })
  const newToken = async (scope: 'read' | 'read-write') => {
    const res = await rest('POST', '/api/security/tokens', {
      name: `quotes ${scope}`,
      scope,
      expiresInDays: 30,
    })
    expect(res.status).toBe(201)
    return ((await res.json()) as { token: string }).token
  }

  it('creates and sends with a read-write token; a read token only reads; /api/openapi.json documents the routes', async () => {
    const scope = await clientWithContact()
    const rw = await newToken('read-write')
    const made = await script('POST', '/api/quotes', rw, quoteBody(scope.clientId))
    expect(made.status).toBe(201)
    const q = (await made.json()) as Json
    expect(QuoteSchema.safeParse(q).success).toBe(true)
    expect((await script('POST', `/api/quotes/${q.id}/send`, rw)).status).toBe(200)
    const read = await newToken('read')
    expect((await script('GET', `/api/quotes/${q.id}`, read)).status).toBe(200)
    expect((await script('POST', `/api/quotes/${q.id}/withdraw`, read)).status).toBe(403)
    expect((await getQuote(db(), q.id)).status).toBe('sent')
    const doc = (await (await call('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>
    }
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/quotes',
        '/quotes/{id}',
        '/quotes/{id}/send',
        '/quotes/{id}/withdraw',
        '/quotes/{id}/pdf',
        '/agreement-templates',
      ]),
    )
    expect(Object.keys(doc.paths['/quotes/{id}']!)).toEqual(expect.arrayContaining(['get', 'patch']))
  })
})

describe('erasing a contact who signed', () => {
  it('unlinks the signature but keeps the record and its PDF, which still verifies', async () => {
    const scope = await clientWithContact()
    const q = await sent(scope)
    await acceptAs(scope, q.id)
    await eraseContact(db(), scope.contactId, env.FILES)
    const after = await getQuote(db(), q.id)
    expect(after.signature).toMatchObject({
      contactId: null,
      signerName: 'Dana Whitfield',
      signerEmail: scope.email,
    })
    const verify = (await (await rest('GET', `/api/quotes/${q.id}/verify`)).json()) as Json
    expect(verify).toMatchObject({ pdfMatches: true, documentMatches: true })
    // Anything else about a final record is still refused.
    await expect(
      env.DB.prepare('update signatures set signer_email = ? where quote_id = ?')
        .bind('x@example.com', q.id)
        .run(),
    ).rejects.toThrow(/signature is final/)
  })
})

describe('the quote e-mail', () => {
  it('carries a sign-in link that signs the contact in and opens the quote', async () => {
    const scope = await clientWithContact()
    const q = await created(scope.clientId)
    expect((await rest('POST', `/api/quotes/${q.id}/send`)).status).toBe(200)
    const mail = await env.DB.prepare(
      "select text_body from mail_outbox where kind = 'quote' and recipient = ?",
    )
      .bind(scope.email)
      .first<{ text_body: string }>()
    const link = /http\S+\/portal\/sign-in\/\S+/.exec(mail!.text_body)?.[0]
    expect(link).toBeTruthy()
    const used = await call(new URL(link!).pathname, {
      method: 'POST',
      redirect: 'manual',
      body: '',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    })
    expect(used.status).toBe(302)
    expect(used.headers.get('Location')).toBe(`/portal/quotes/${q.id}`)
  })
})
