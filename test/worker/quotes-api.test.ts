// Quotes and agreements (issue 25): numbering under concurrency, the life
// cycle (send freezes, a sent revision supersedes, withdraw, decline, expire), the
// client's acceptance with its signature record, hash check and signed PDF,
// two acceptances at once, bad input, and who may do what.
// REST, the portal page, GraphQL, personal access tokens, erasure and the e-mail.
import { env } from 'cloudflare:test'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { fillMergeFields, MERGE_FIELDS } from '../../schema/quotes'
import { seedAgreementsIfNone, seedAgreementTemplates } from '../../scripts/seed-agreements'
import { deliver } from '../../worker/mail/outbox'
import { QuoteSchema, quotesApi } from '../../worker/routes/quotes'
import { eraseContact } from '../../worker/services/clients-privacy'
import { NotFound } from '../../worker/services/errors'
import { portalQuoteDecisions, portalQuoteView } from '../../worker/services/portal-quotes'
import { getQuote, type PortalScope } from '../../worker/services/quotes'
import { gql, rest } from './admin-helpers'
import { call } from './helpers'
import {
  acceptAs,
  baaId,
  clientWithContact,
  created,
  db,
  type Json,
  quoteBody,
  seedBaaTemplate,
  sent,
} from './quotes-fixtures'

afterEach(() => vi.restoreAllMocks())
beforeAll(seedBaaTemplate)

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
  /** The page's service for this client: its view (null where the page answers 404) and decisions. */
  const server = (scope: PortalScope) => ({
    quote: (id: string) =>
      portalQuoteView(db(), env, scope, id).catch((err) => {
        if (err instanceof NotFound) return null
        throw err
      }),
    ...portalQuoteDecisions(db(), env, scope, { ip: '198.51.100.7', userAgent: 'portal-test' }, () => {}),
  })

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
    ).rejects.toBeInstanceOf(NotFound)
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
