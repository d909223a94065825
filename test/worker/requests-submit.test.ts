import { env } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { describeInstant } from '../../worker/mail/templates'
import { PAST_DATE_MESSAGE } from '../../worker/services/requests'
import { freshIp, inOneRateWindow } from './helpers'
import { consultation, countRows, inDays, outboxFor, send, supportRequest } from './requests-fixtures'

afterEach(() => vi.restoreAllMocks())

const long = (n: number) => 'x'.repeat(n)

describe('POST /api/consultations validation', () => {
  it.each([
    ['name missing', { name: undefined }, 'name', 'Name is required'],
    ['name blank', { name: '   ' }, 'name', 'Name is required'],
    ['name too long', { name: long(121) }, 'name', 'Name must be at most 120 characters'],
    ['name not text', { name: 42 }, 'name', 'Name is required'],
    ['email missing', { email: undefined }, 'email', 'Email is required'],
    ['email without a domain dot', { email: 'visitor@localhost' }, 'email', 'Enter a valid email address'],
    ['email without @', { email: 'visitor.example.com' }, 'email', 'Enter a valid email address'],
    [
      'email too long',
      { email: `${long(250)}@example.com` },
      'email',
      'Email must be at most 254 characters',
    ],
    ['phone with letters', { phone: 'call me maybe' }, 'phone', 'Enter a valid phone number'],
    ['phone too long', { phone: '1'.repeat(41) }, 'phone', 'Phone must be at most 40 characters'],
    ['company too long', { company: long(201) }, 'company', 'Company must be at most 200 characters'],
    ['project type missing', { projectType: undefined }, 'projectType', 'Choose a project type'],
    ['project type unknown', { projectType: 'blockchain' }, 'projectType', 'Choose a project type'],
    ['budget unknown', { budget: 'a-million' }, 'budget', 'Choose a budget'],
    ['description missing', { description: '' }, 'description', 'Description is required'],
    [
      'description too long',
      { description: long(5001) },
      'description',
      'Description must be at most 5000 characters',
    ],
    ['date missing', { preferredDate: undefined }, 'preferredDate', 'Choose a valid date'],
    ['date not a date-time', { preferredDate: '2030-07-15' }, 'preferredDate', 'Choose a valid date'],
    ['date garbage', { preferredDate: 'next tuesday' }, 'preferredDate', 'Choose a valid date'],
    ['date in the past', { preferredDate: inDays(-2) }, 'preferredDate', PAST_DATE_MESSAGE],
    ['noon slot', { preferredTime: '12:00' }, 'preferredTime', 'Choose a time from the list'],
    ['slot not on the hour', { preferredTime: '09:30' }, 'preferredTime', 'Choose a time from the list'],
    ['slot missing', { preferredTime: undefined }, 'preferredTime', 'Choose a time from the list'],
  ])('%s: 400 with the field message, nothing stored', async (_case, overrides, field, message) => {
    const before = await countRows('consultations')
    const res = await send('/api/consultations', { json: consultation(overrides) })
    expect(res.status).toBe(400)
    const body = (await res.json()) as { message: string; errors: Record<string, string> }
    expect(body.message).toBe('Please correct the highlighted fields.')
    expect(body.errors[field]).toBe(message)
    expect(await countRows('consultations')).toBe(before)
  })

  it('reports every invalid field at once', async () => {
    const res = await send('/api/consultations', { json: {} })
    expect(res.status).toBe(400)
    const { errors } = (await res.json()) as { errors: Record<string, string> }
    expect(Object.keys(errors).sort()).toEqual(
      ['description', 'email', 'name', 'preferredDate', 'preferredTime', 'projectType'].sort(),
    )
  })

  // "Today" and the other slot rules are covered with a fixed clock in booking*.test.ts.
  it('leaves optional fields empty', async () => {
    const email = `today-${crypto.randomUUID().slice(0, 6)}@example.com`
    const res = await send('/api/consultations', {
      json: consultation({
        email,
        phone: undefined,
        company: '',
        budget: null,
      }),
    })
    expect(res.status).toBe(201)
    const row = await env.DB.prepare('select phone, company, budget from consultations where email = ?')
      .bind(email)
      .first()
    expect(row).toEqual({ phone: null, company: null, budget: null })
  })

  it('refuses a body that is not a JSON object', async () => {
    const res = await send('/api/consultations', { json: ['not', 'an', 'object'] })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ message: 'Request body must be a JSON object' })
  })

  it('refuses malformed JSON with 400', async () => {
    const res = await send('/api/consultations', {
      body: '{"name":',
      headers: { 'Content-Type': 'application/json' },
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toHaveProperty('message')
  })
})

describe('POST /api/consultation (IT support) validation', () => {
  it.each([
    ['name blank', { name: ' ' }, 'name', 'Name is required'],
    ['email invalid', { email: 'not-an-email' }, 'email', 'Enter a valid email address'],
    ['phone missing', { phone: undefined }, 'phone', 'Phone is required'],
    ['phone empty', { phone: '' }, 'phone', 'Phone is required'],
    ['phone invalid', { phone: 'abc' }, 'phone', 'Enter a valid phone number'],
    [
      'business name too long',
      { businessName: long(201) },
      'businessName',
      'Business name must be at most 200 characters',
    ],
    ['issue type unknown', { issueType: 'printer-on-fire' }, 'issueType', 'Choose an issue type'],
    ['issue type missing', { issueType: undefined }, 'issueType', 'Choose an issue type'],
    ['urgency unknown', { urgency: 'whenever' }, 'urgency', 'Choose an urgency'],
    ['description blank', { description: '\n\n' }, 'description', 'Description is required'],
    ['contact method unknown', { preferredContact: 'pigeon' }, 'preferredContact', 'Choose a contact method'],
    ['contact time unknown', { preferredTime: 'midnight' }, 'preferredTime', 'Choose a preferred time'],
  ])('%s: 400 with the field message, nothing stored', async (_case, overrides, field, message) => {
    const before = await countRows('support_requests')
    const res = await send('/api/consultation', { json: supportRequest(overrides) })
    expect(res.status).toBe(400)
    const body = (await res.json()) as { errors: Record<string, string> }
    expect(body.errors[field]).toBe(message)
    expect(await countRows('support_requests')).toBe(before)
  })

  it('accepts a request without the optional business name and contact time', async () => {
    const res = await send('/api/consultation', {
      json: supportRequest({ businessName: undefined, preferredTime: undefined }),
    })
    expect(res.status).toBe(201)
  })
})

describe('a valid submission', () => {
  it('stores the consultation (pending) and its notification together, then answers 201', async () => {
    vi.spyOn(env.MAIL, 'send').mockResolvedValue({ messageId: 'test' })
    const payload = consultation()
    const res = await send('/api/consultations', { json: payload })
    expect(res.status).toBe(201)
    expect(await res.json()).toMatchObject({ ok: true, reference: expect.stringMatching(/^[CS]-\d{4,}$/) })

    const row = await env.DB.prepare('select * from consultations where email = ?')
      .bind(payload.email)
      .first<Record<string, unknown>>()
    expect(row).toMatchObject({
      name: payload.name,
      phone: payload.phone,
      company: payload.company,
      project_type: payload.projectType,
      budget: payload.budget,
      description: payload.description,
      preferred_date: payload.preferredDate,
      preferred_time: payload.preferredTime,
      status: 'pending',
      notes: null,
    })
    const outbox = await outboxFor(payload.email)
    expect(outbox).toMatchObject({
      consultation_id: row!.id,
      support_request_id: null,
      recipient: env.NOTIFY_EMAIL,
    })
  })

  it('stores the support request (pending) and its notification together', async () => {
    vi.spyOn(env.MAIL, 'send').mockResolvedValue({ messageId: 'test' })
    const payload = supportRequest()
    const res = await send('/api/consultation', { json: payload })
    expect(res.status).toBe(201)
    const row = await env.DB.prepare('select * from support_requests where email = ?')
      .bind(payload.email)
      .first<Record<string, unknown>>()
    expect(row).toMatchObject({
      name: payload.name,
      phone: payload.phone,
      business_name: payload.businessName,
      issue_type: payload.issueType,
      urgency: payload.urgency,
      preferred_contact: payload.preferredContact,
      preferred_time: payload.preferredTime,
      status: 'pending',
    })
    expect(await outboxFor(payload.email)).toMatchObject({
      support_request_id: row!.id,
      consultation_id: null,
    })
  })

  it('stores nothing when the notification cannot be written (one batch, one transaction)', async () => {
    const requests = await countRows('consultations')
    const outbox = await countRows('mail_outbox')
    // Without a recipient the outbox insert violates NOT NULL, after the request insert ran.
    const res = await send(
      '/api/consultations',
      { json: consultation() },
      {
        NOTIFY_EMAIL: undefined as unknown as string,
      },
    )
    expect(res.status).toBe(500)
    expect(await countRows('consultations')).toBe(requests)
    expect(await countRows('mail_outbox')).toBe(outbox)
  })
})

describe("the support request's acknowledgement to the visitor (issue 28)", () => {
  type Sent = { to: string; from: string; replyTo?: string; subject: string; text: string; html: string }
  const submit = async (urgency: string, bindings: Partial<Env> = {}) => {
    const spy = vi.spyOn(env.MAIL, 'send').mockResolvedValue({ messageId: 'test' })
    const payload = supportRequest({ urgency })
    const res = await send('/api/consultation', { json: payload }, bindings)
    expect(res.status).toBe(201)
    const { reference } = (await res.json()) as { reference: string }
    const row = (await env.DB.prepare('select id, due_at from support_requests where email = ?')
      .bind(payload.email)
      .first<{ id: number; due_at: number }>())!
    const toVisitor = spy.mock.calls.map((c) => c[0] as unknown as Sent).filter((m) => m.to === payload.email)
    return { payload, reference, row, toVisitor }
  }

  it.each([
    ['critical', 'Critical urgency (emergency): expect an answer within 4 hours, around the clock'],
    ['high', 'High urgency (ASAP): expect an answer within 4 business hours'],
    ['medium', 'Medium urgency (24-48 hours): expect an answer within 2 business days'],
    ['low', 'Low urgency (a few days): expect an answer within 3 business days'],
  ])('%s: the visitor gets the reference and the expected response time', async (urgency, words) => {
    const { reference, row, toVisitor } = await submit(urgency)
    expect(toVisitor).toHaveLength(1)
    const mail = toVisitor[0]!
    expect(mail.subject).toContain(reference)
    expect(mail.text).toContain(`Its reference is ${reference}.`)
    expect(mail.text).toContain(words)
    expect(mail.text).toContain(`, by ${describeInstant(new Date(row.due_at))}.`)
    expect(mail.html).toContain(reference)
    // A reply to it lands in the request's thread.
    expect(mail.replyTo).toMatch(new RegExp(`^reply-s${row.id}-[0-9a-f]{24}@`))
    const outbox = await env.DB.prepare(
      "select kind, status from mail_outbox where support_request_id = ? and kind <> 'notification'",
    )
      .bind(row.id)
      .all<{ kind: string; status: string }>()
    expect(outbox.results).toEqual([{ kind: 'acknowledgement', status: 'sent' }])
  })

  it('is not sent when visitor mail is off; the owner is still notified', async () => {
    const { row, toVisitor } = await submit('high', { VISITOR_MAIL: 'off' })
    expect(toVisitor).toEqual([])
    const kinds = await env.DB.prepare('select kind from mail_outbox where support_request_id = ?')
      .bind(row.id)
      .all<{ kind: string }>()
    expect(kinds.results.map((r) => r.kind)).toEqual(['notification'])
  })
})

describe('abuse guards', () => {
  it.each([
    ['/api/consultations', consultation],
    ['/api/consultation', supportRequest],
  ])('%s: a filled honeypot gets the normal 201 and nothing is stored or sent', async (path, payload) => {
    const mail = vi.spyOn(env.MAIL, 'send').mockResolvedValue({ messageId: 'test' })
    const table = path === '/api/consultations' ? 'consultations' : 'support_requests'
    const before = await countRows(table)
    const outbox = await countRows('mail_outbox')
    const res = await send(path, { json: payload({ website: 'https://spam.example' }) })
    expect(res.status).toBe(201)
    expect(await res.json()).toEqual({ ok: true, reference: expect.stringMatching(/^[CS]-\d{4,}$/) })
    expect(await countRows(table)).toBe(before)
    expect(await countRows('mail_outbox')).toBe(outbox)
    expect(mail).not.toHaveBeenCalled()
  })

  it.each([
    ['/api/consultations', consultation],
    ['/api/consultation', supportRequest],
  ])('%s: the sixth submission in a minute from one IP gets 429', async (path, payload) => {
    vi.spyOn(env.MAIL, 'send').mockResolvedValue({ messageId: 'test' })
    const { statuses, last } = await inOneRateWindow(async () => {
      const ip = freshIp()
      // Invalid submissions count too, so the limit cannot be probed for free.
      const statuses: number[] = []
      let last: unknown
      for (let i = 0; i < 6; i++) {
        const res = await send(path, { json: payload(i === 0 ? {} : { name: '' }), ip })
        statuses.push(res.status)
        last = await res.json()
      }
      return { statuses, last }
    })
    expect(statuses).toEqual([201, 400, 400, 400, 400, 429])
    expect(last).toEqual({ message: 'Too many requests. Please wait a minute and try again.' })
    // Another visitor is not affected.
    expect((await send(path, { json: payload() })).status).toBe(201)
  })

  it('the limits are per form: the other form still accepts the same IP', async () => {
    vi.spyOn(env.MAIL, 'send').mockResolvedValue({ messageId: 'test' })
    const [sixth, otherForm] = await inOneRateWindow(async () => {
      const ip = freshIp()
      for (let i = 0; i < 5; i++) await send('/api/consultations', { json: { name: '' }, ip })
      const sixth = await send('/api/consultations', { json: consultation(), ip })
      return [sixth.status, (await send('/api/consultation', { json: supportRequest(), ip })).status]
    })
    expect(sixth).toBe(429)
    expect(otherForm).toBe(201)
  })

  it.each(['/api/consultations', '/api/consultation'])('%s: a body over 64 KB gets 413', async (path) => {
    const before = await countRows('mail_outbox')
    const res = await send(path, { json: consultation({ description: long(70 * 1024) }) })
    expect(res.status).toBe(413)
    expect(await res.json()).toEqual({ message: 'Request body too large' })
    expect(await countRows('mail_outbox')).toBe(before)
  })

  it.each(['/api/consultations', '/api/consultation'])('%s: a non-JSON body gets 415', async (path) => {
    const res = await send(path, {
      body: 'name=Jordan',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    })
    expect(res.status).toBe(415)
    expect(await res.json()).toEqual({ message: 'Unsupported content type' })
  })

  it('refuses a cross-site submission', async () => {
    const res = await send('/api/consultations', {
      json: consultation(),
      headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
    })
    expect(res.status).toBe(403)
  })
})
