// The send step for quotes (issue 36, point 3): recipients chosen among the
// client's contacts, the preview exactly as the client gets it (merge fields
// filled, owner-only notes gone, in the PDF too), the warning while a note is
// there, the BAA's signature lines for both parties, revision 1 current until
// revision 2 is sent, and "Ask for changes" reaching the owner.
import { env } from 'cloudflare:test'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { BUSINESS_ASSOCIATE_AGREEMENT } from '../../scripts/seed-agreements'
import { createDb } from '../../worker/db'
import { portalQuoteDecisions, portalQuoteView } from '../../worker/services/portal-quotes'
import {
  acceptQuote,
  askForQuoteChanges,
  getQuote,
  offerHash,
  type PortalScope,
  portalQuote,
  quotePdf,
} from '../../worker/services/quotes'
import { gql, rest } from './admin-helpers'
import { pdfText } from './pdf-text'

afterEach(() => vi.restoreAllMocks())

const db = () => createDb(env.DB)
// biome-ignore lint/suspicious/noExplicitAny: JSON answers are read field by field in assertions
type Json = Record<string, any>

let seq = 0
type Practice = { clientId: number; contacts: { id: number; email: string; name: string }[] }

/** A practice with three contacts: Tom (no role), Maria (Billing), Lee (Front desk). */
async function practice(): Promise<Practice> {
  seq++
  const now = Date.now()
  const client = await env.DB.prepare(
    'insert into clients (name, created_at, updated_at) values (?, ?, ?) returning id',
  )
    .bind(`Riverside Family Clinic ${seq}`, now, now)
    .first<{ id: number }>()
  const contacts = []
  for (const [name, role] of [
    ['Tom Becker', null],
    ['Maria Lopez', 'Billing'],
    ['Lee Park', 'Front desk'],
  ] as const) {
    const email = `${name.split(' ')[0]!.toLowerCase()}${seq}-${crypto.randomUUID().slice(0, 6)}@riverside.example`
    const row = await env.DB.prepare(
      'insert into contacts (client_id, name, email, role, created_at, updated_at) values (?, ?, ?, ?, ?, ?) returning id',
    )
      .bind(client!.id, `${name}`, email, role, now, now)
      .first<{ id: number }>()
    contacts.push({ id: row!.id, email, name })
  }
  return { clientId: client!.id, contacts }
}

let baaId = 0
beforeAll(async () => {
  const now = Date.now()
  const row = await env.DB.prepare(
    "insert into agreement_templates (kind, name, body, needs_legal_review, created_at, updated_at) values ('baa', 'Business Associate Agreement (HIPAA)', ?, 1, ?, ?) returning id",
  )
    .bind(BUSINESS_ASSOCIATE_AGREEMENT, now, now)
    .first<{ id: number }>()
  baaId = row!.id
})

async function draft(clientId: number, extra: Json = {}) {
  const res = await rest('POST', '/api/quotes', {
    clientId,
    title: 'HIPAA network refresh',
    lines: [{ description: 'Firewall', quantity: 1, unitPriceCents: 150_000 }],
    agreementTemplateIds: [baaId],
    ...extra,
  })
  expect(res.status).toBe(201)
  return (await res.json()) as Json
}

const outboxTo = async (recipient: string) =>
  (
    await env.DB.prepare('select subject, text_body as text from mail_outbox where recipient = ?')
      .bind(recipient)
      .all<{ subject: string; text: string }>()
  ).results

const scopeOf = (p: Practice, i = 0): PortalScope => ({ clientId: p.clientId, contactId: p.contacts[i]!.id })

describe('the send preview', () => {
  it('shows the draft PDF as the client will get it: merge fields filled, the owner-only note gone', async () => {
    const p = await practice()
    const q = await draft(p.clientId)
    const res = await rest('GET', `/api/quotes/${q.id}/pdf`)
    expect(res.status).toBe(200)
    const text = await pdfText(new Uint8Array(await res.arrayBuffer()))
    expect(text).not.toMatch(/\{\{/)
    expect(text).toContain(`Riverside Family Clinic ${seq}`)
    expect(text).toContain(q.number)
    expect(text).not.toMatch(/Draft template|not legal advice/)
  })

  it('lists the contacts (billing one ticked), the e-mail, and warns about the owner-only note', async () => {
    const p = await practice()
    const q = await draft(p.clientId)
    const res = await rest('GET', `/api/quotes/${q.id}/send-preview`)
    expect(res.status).toBe(200)
    const preview = (await res.json()) as Json
    expect(preview.recipients.map((r: Json) => [r.name, r.selected])).toEqual([
      ['Tom Becker', false],
      ['Maria Lopez', true],
      ['Lee Park', false],
    ])
    expect(preview.subject).toContain(q.number)
    expect(preview.textBody).toContain('Hello Maria Lopez,')
    expect(preview.warnings.join(' ')).toMatch(/Business Associate Agreement.*meant for you.*Draft template/)
    expect(preview.documentUrl).toBe(`/api/quotes/${q.id}/pdf`)
    // GraphQL gives the same.
    const g = await gql<{ quoteSendPreview: Json }>(
      'query ($id: ID!) { quoteSendPreview(id: $id) { subject warnings recipients { name selected } } }',
      { id: String(q.id) },
    )
    expect(g.body.data?.quoteSendPreview.warnings).toEqual(preview.warnings)
  })
})

describe('sending to the chosen contacts', () => {
  it('e-mails each chosen contact by name, and freezes the BAA without the owner-only note', async () => {
    const p = await practice()
    const q = await draft(p.clientId)
    const [tom, maria] = p.contacts
    const res = await rest('POST', `/api/quotes/${q.id}/send`, {
      recipientContactIds: [tom!.id, maria!.id],
    })
    expect(res.status).toBe(200)
    expect((await outboxTo(tom!.email)).map((m) => m.text.split('\n')[0])).toEqual(['Hello Tom Becker,'])
    expect((await outboxTo(maria!.email)).map((m) => m.text.split('\n')[0])).toEqual(['Hello Maria Lopez,'])
    expect(await outboxTo(p.contacts[2]!.email)).toEqual([])
    const sent = await getQuote(db(), q.id)
    expect(sent.agreements[0]!.body).not.toMatch(/Draft template|owner-note|\{\{/)
    // The client's page shows the same.
    const view = await portalQuoteView(db(), env, scopeOf(p, 1), String(q.id))
    expect(view!.agreements[0]!.html).not.toMatch(/Draft template/)
  })

  it('sends to the billing contact when none is chosen (GraphQL too)', async () => {
    const p = await practice()
    const q = await draft(p.clientId)
    const g = await gql('mutation ($id: ID!) { sendQuote(id: $id) { link } }', { id: String(q.id) })
    expect(g.body.errors).toBeUndefined()
    expect(await outboxTo(p.contacts[1]!.email)).toHaveLength(1)
    expect(await outboxTo(p.contacts[0]!.email)).toHaveLength(0)
  })

  it("refuses another client's contact, naming the field, and sends nothing", async () => {
    const p = await practice()
    const other = await practice()
    const q = await draft(p.clientId)
    const res = await rest('POST', `/api/quotes/${q.id}/send`, {
      recipientContactIds: [other.contacts[0]!.id],
    })
    expect(res.status).toBe(400)
    expect(((await res.json()) as Json).errors.recipientContactIds).toMatch(/contacts of this client/)
    expect((await getQuote(db(), q.id)).status).toBe('draft')
    expect(await outboxTo(other.contacts[0]!.email)).toEqual([])
    const bad = await rest('POST', `/api/quotes/${q.id}/send`, { recipientContactIds: ['x'] })
    expect(bad.status).toBe(400)
  })
})

describe('the BAA signed', () => {
  it('has signature lines for the covered entity and the business associate (countersigned by sending)', async () => {
    const p = await practice()
    const q = await draft(p.clientId)
    const unsigned = await pdfText((await quotePdf(db(), env, q.id)).bytes)
    expect(unsigned).toContain(`Covered Entity: Riverside Family Clinic ${seq}`)
    expect(unsigned).toContain(`Business Associate: ${env.OWNER_NAME}`)
    expect((await rest('POST', `/api/quotes/${q.id}/send`)).status).toBe(200)
    const scope = scopeOf(p, 1)
    const d = await portalQuote(db(), scope, q.id)
    await acceptQuote(
      db(),
      env,
      scope,
      q.id,
      { signerName: 'Maria Lopez', agree: true, chosenLineIds: [], documentHash: await offerHash(d) },
      { ip: null, userAgent: null },
    )
    const signed = await pdfText((await quotePdf(db(), env, q.id)).bytes)
    expect(signed).toContain('Signed online by Maria Lopez')
    expect(signed).toContain(`Countersigned by ${env.OWNER_NAME}, by sending this agreement`)
    expect(signed).not.toMatch(/Draft template|not legal advice/)
  })
})

describe('revisions', () => {
  it('keeps revision 1 current (acceptable) until revision 2 is sent; then it links to it', async () => {
    const p = await practice()
    const q = await draft(p.clientId)
    expect((await rest('POST', `/api/quotes/${q.id}/send`)).status).toBe(200)
    const r2 = (await (await rest('POST', `/api/quotes/${q.id}/revise`)).json()) as Json
    const scope = scopeOf(p, 1)
    const server = () => ({ quote: (id: string) => portalQuoteView(db(), env, scope, id) })
    // While revision 2 is a draft: revision 1 is open and the client's current one.
    const before = await server().quote(String(q.id))
    expect(before!.closedReason).toBeNull()
    expect(before!.current).toBeNull()
    expect((await getQuote(db(), q.id)).status).toBe('viewed')
    expect((await rest('POST', `/api/quotes/${r2.id}/send`)).status).toBe(200)
    const after = await server().quote(String(q.id))
    expect(after!.status).toBe('superseded')
    expect(after!.closedReason).toMatch(/replaced by a newer revision/)
    expect(after!.current).toEqual({ label: `${q.number} rev 2`, href: `/portal/quotes/${r2.id}` })
  })

  it('does not send revision 2 once revision 1 was accepted meanwhile', async () => {
    const p = await practice()
    const q = await draft(p.clientId)
    await rest('POST', `/api/quotes/${q.id}/send`)
    const r2 = (await (await rest('POST', `/api/quotes/${q.id}/revise`)).json()) as Json
    const scope = scopeOf(p, 1)
    const d = await portalQuote(db(), scope, q.id)
    await acceptQuote(
      db(),
      env,
      scope,
      q.id,
      { signerName: 'Maria Lopez', agree: true, chosenLineIds: [], documentHash: await offerHash(d) },
      { ip: null, userAgent: null },
    )
    const res = await rest('POST', `/api/quotes/${r2.id}/send`)
    expect(res.status).toBe(409)
    expect((await getQuote(db(), r2.id)).status).toBe('draft')
    expect((await getQuote(db(), q.id)).status).toBe('accepted')
  })
})

describe('"Ask for changes"', () => {
  it("reaches the owner's mailbox and shows on the quote in the admin; the quote stays open", async () => {
    const p = await practice()
    const q = await draft(p.clientId)
    await rest('POST', `/api/quotes/${q.id}/send`)
    const scope = scopeOf(p, 0)
    const answer = await portalQuoteDecisions(
      db(),
      env,
      scope,
      { ip: null, userAgent: null },
      () => {},
    ).askForChanges(String(q.id), 'Could the firewall be a rental?')
    expect(answer.ok).toBe(true)
    const mails = await outboxTo(env.NOTIFY_EMAIL)
    const mine = mails.filter((m) => m.subject.includes(q.number) && m.subject.startsWith('Changes asked'))
    expect(mine).toHaveLength(1)
    expect(mine[0]!.text).toContain('Tom Becker')
    expect(mine[0]!.text).toContain('Could the firewall be a rental?')
    const admin = (await (await rest('GET', `/api/quotes/${q.id}`)).json()) as Json
    expect(admin.changeRequests).toMatchObject([
      { authorName: 'Tom Becker', message: 'Could the firewall be a rental?' },
    ])
    expect(admin.status).toBe('sent')
    const g = await gql<{ quote: Json }>(
      'query ($id: ID!) { quote(id: $id) { changeRequests { message } } }',
      {
        id: String(q.id),
      },
    )
    expect(g.body.data?.quote.changeRequests).toEqual([{ message: 'Could the firewall be a rental?' }])
  })

  it("is a 404 for another client's quote and refuses an empty message", async () => {
    const p = await practice()
    const other = await practice()
    const q = await draft(p.clientId)
    await rest('POST', `/api/quotes/${q.id}/send`)
    await expect(askForQuoteChanges(db(), env, scopeOf(other), q.id, 'Hello')).rejects.toThrow(/not found/i)
    const empty = await portalQuoteDecisions(
      db(),
      env,
      scopeOf(p),
      { ip: null, userAgent: null },
      () => {},
    ).askForChanges(String(q.id), '   ')
    expect(empty).toMatchObject({ ok: false, errors: { message: expect.any(String) } })
    expect((await getQuote(db(), q.id)).changeRequests).toEqual([])
  })
})
