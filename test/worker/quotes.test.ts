// Quotes and agreements (issue 25): numbering under concurrency, the life
// cycle (send freezes, a sent revision supersedes, withdraw, decline, expire), the
// client's acceptance with its signature record, hash check and signed PDF,
// two acceptances at once, bad input, and who may do what.
import { env } from 'cloudflare:test'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { linkTokenHash } from '../../worker/services/portal-links'
import { acceptQuote, getQuote, offerHash, portalQuote } from '../../worker/services/quotes'
import { rest } from './admin-helpers'
import {
  clientWithContact,
  countQuotes,
  created,
  db,
  type Json,
  quoteBody,
  seedBaaTemplate,
  sent,
} from './quotes-fixtures'

afterEach(() => vi.restoreAllMocks())
beforeAll(seedBaaTemplate)

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
