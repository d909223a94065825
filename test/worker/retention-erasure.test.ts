// Issue 14: closed requests are purged by the cron after the retention period
// with their e-mails; the owner exports CSV and erases one request on demand,
// and each erasure is recorded without the erased data.
import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from 'cloudflare:test'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import worker from '../../worker/index'
import { csvDownload, toCsv } from '../../worker/services/csv'
import { csvField } from '../../worker/services/privacy'
import { gql, rest } from './admin-helpers'
import { call } from './helpers'
import { consultation, outboxFor, send, supportRequest } from './requests-fixtures'

const DAY = 24 * 60 * 60 * 1000

async function runCron(at: number) {
  const ctx = createExecutionContext()
  await worker.scheduled(createScheduledController({ scheduledTime: at }), env, ctx)
  await waitOnExecutionContext(ctx)
}

async function submitConsultation(overrides: Record<string, unknown> = {}) {
  const payload = consultation(overrides)
  expect((await send('/api/consultations', { json: payload })).status).toBe(201)
  const row = await env.DB.prepare('select id from consultations where email = ?')
    .bind(payload.email)
    .first<{ id: number }>()
  return { ...payload, id: row!.id }
}

async function submitSupport(overrides: Record<string, unknown> = {}) {
  const payload = supportRequest(overrides)
  expect((await send('/api/consultation', { json: payload })).status).toBe(201)
  const row = await env.DB.prepare('select id from support_requests where email = ?')
    .bind(payload.email)
    .first<{ id: number }>()
  return { ...payload, id: row!.id }
}

const exists = async (table: string, id: number) =>
  Boolean(await env.DB.prepare(`select id from ${table} where id = ?`).bind(id).first())

beforeEach(() => {
  vi.spyOn(env.MAIL, 'send').mockImplementation(async () => ({ messageId: crypto.randomUUID() }))
})

describe('retention', () => {
  it('the cron purges a closed request past the retention period, with its e-mail, and keeps the rest', async () => {
    const closedLongAgo = await submitConsultation()
    const closedRecently = await submitSupport()
    const openOld = await submitSupport()
    expect(
      (await rest('PATCH', `/api/consultations/${closedLongAgo.id}`, { status: 'completed' })).status,
    ).toBe(200)
    expect(
      (await rest('PATCH', `/api/support-requests/${closedRecently.id}`, { status: 'closed' })).status,
    ).toBe(200)
    const closedAt = (await env.DB.prepare('select closed_at from consultations where id = ?')
      .bind(closedLongAgo.id)
      .first<{ closed_at: number }>())!.closed_at
    expect(closedAt).toBeGreaterThan(Date.now() - 60_000)
    // An open request is never purged, however old.
    await env.DB.prepare('update support_requests set created_at = 0, updated_at = 0 where id = ?')
      .bind(openOld.id)
      .run()

    // 364 days after closing: still there.
    await runCron(closedAt + 364 * DAY)
    expect(await exists('consultations', closedLongAgo.id)).toBe(true)

    // 366 days after: gone with its outbox row (the e-mail body and the .ics).
    await runCron(closedAt + 366 * DAY)
    expect(await exists('consultations', closedLongAgo.id)).toBe(false)
    expect(await outboxFor(closedLongAgo.email)).toBeNull()
    expect(await exists('support_requests', openOld.id)).toBe(true)
    // Cancelled at about the same time: cancelled counts as closed too.
    expect(await exists('support_requests', closedRecently.id)).toBe(false)

    const erasures = await env.DB.prepare("select * from request_erasures where reason = 'retention'").all()
    expect(erasures.results).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ request_kind: 'consultation', request_id: closedLongAgo.id }),
      ]),
    )
  })

  it('REQUEST_RETENTION_DAYS sets the period', async () => {
    const request = await submitSupport()
    await rest('PATCH', `/api/support-requests/${request.id}`, { status: 'resolved' })
    const ctx = createExecutionContext()
    await worker.scheduled(
      createScheduledController({ scheduledTime: Date.now() + 31 * DAY }),
      { ...env, REQUEST_RETENTION_DAYS: '30' },
      ctx,
    )
    await waitOnExecutionContext(ctx)
    expect(await exists('support_requests', request.id)).toBe(false)
  })

  it('reopening a request stops the count', async () => {
    const request = await submitConsultation()
    await rest('PATCH', `/api/consultations/${request.id}`, { status: 'cancelled' })
    await rest('PATCH', `/api/consultations/${request.id}`, { status: 'confirmed' })
    await runCron(Date.now() + 400 * DAY)
    expect(await exists('consultations', request.id)).toBe(true)
  })
})

describe("erasure on a visitor's demand", () => {
  it('deletes the request and its e-mail, and records only that it happened', async () => {
    const request = await submitConsultation({ name: 'Erase Me' })
    const res = await rest('DELETE', `/api/consultations/${request.id}`)
    expect(res.status).toBe(204)
    expect(await exists('consultations', request.id)).toBe(false)
    expect(await outboxFor(request.email)).toBeNull()
    const log = await gql<{ requestErasures: Record<string, unknown>[] }>(
      '{ requestErasures { requestKind requestId reason erasedAt } }',
    )
    const entry = log.body.data!.requestErasures.find(
      // GraphQL ids are strings (one ID type).
      (e) => e.requestId === String(request.id) && e.requestKind === 'consultation',
    )
    expect(entry).toMatchObject({ reason: 'visitor' })
    const all = JSON.stringify(await env.DB.prepare('select * from request_erasures').all())
    expect(all).not.toContain('Erase Me')
    expect(all).not.toContain(request.email)
    // Gone means gone: a second erasure is a 404.
    expect((await rest('DELETE', `/api/consultations/${request.id}`)).status).toBe(404)
  })

  it("takes the erased request out of an unsent digest's text and HTML, and keeps the others", async () => {
    const erased = await submitConsultation({ name: 'Digest Gone' })
    const kept = await submitConsultation({ name: 'Digest Kept <b>' })
    const subjectOf = async (id: number) =>
      (await env.DB.prepare('select subject from mail_outbox where consultation_id = ?')
        .bind(id)
        .first<{ subject: string }>())!.subject
    const [gone, stays] = [await subjectOf(erased.id), await subjectOf(kept.id)]
    const intro = 'More than 30 requests arrived within an hour.'
    const now = Date.now()
    const { meta } = await env.DB.prepare(
      "insert into mail_outbox (kind, recipient, subject, text_body, html_body, status, next_attempt_at, created_at, updated_at) values ('digest', ?, 'digest', ?, 'old', 'pending', ?, ?, ?)",
    )
      .bind(env.NOTIFY_EMAIL, [intro, '', `- ${gone}`, `- ${stays}`].join('\n'), now, now, now)
      .run()
    await env.DB.prepare('update mail_outbox set digest_id = ? where consultation_id in (?, ?)')
      .bind(meta.last_row_id, erased.id, kept.id)
      .run()

    expect((await rest('DELETE', `/api/consultations/${erased.id}`)).status).toBe(204)
    const digest = (await env.DB.prepare('select text_body, html_body from mail_outbox where id = ?')
      .bind(meta.last_row_id)
      .first<{ text_body: string; html_body: string }>())!
    expect(digest.text_body).toBe([intro, '', '- (a request since erased)', `- ${stays}`].join('\n'))
    expect(digest.html_body).not.toContain('Digest Gone')
    expect(digest.html_body).toContain('<li>(a request since erased)</li>')
    // The kept subject is there, escaped by the template.
    expect(digest.html_body).toContain('Digest Kept &lt;b&gt;')
  })

  it('works through GraphQL too, and only for the owner', async () => {
    const request = await submitSupport()
    expect((await rest('DELETE', `/api/support-requests/${request.id}`, undefined, false)).status).toBe(401)
    const anonymous = await gql(`mutation { eraseSupportRequest(id: ${request.id}) }`, {}, false)
    expect(anonymous.status).toBe(401)
    expect(await exists('support_requests', request.id)).toBe(true)
    const res = await gql<{ eraseSupportRequest: string }>(
      `mutation { eraseSupportRequest(id: ${request.id}) }`,
    )
    expect(res.body.data?.eraseSupportRequest).toBe(String(request.id))
    expect(await exists('support_requests', request.id)).toBe(false)
  })

  it('a bad id is a 400, an unknown one a 404, and nothing changes', async () => {
    const bad = await rest('DELETE', '/api/consultations/abc')
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({ message: expect.any(String) })
    expect((await rest('DELETE', '/api/consultations/987654')).status).toBe(404)
  })
})

describe('CSV export', () => {
  it('exports every request of a kind, or one status, for the owner only', async () => {
    const a = await submitConsultation({ name: 'Ann "Quote" Lee', description: 'Line 1\nLine 2, with comma' })
    const b = await submitConsultation({ company: '=HYPERLINK("http://evil")' })
    await rest('PATCH', `/api/consultations/${b.id}`, { status: 'confirmed' })

    expect((await call('/api/consultations/export.csv')).status).toBe(401)
    const res = await rest('GET', '/api/consultations/export.csv')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="consultations-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    const csv = (await res.text()).replace(/^\ufeff/, '')
    expect(csv.split('\r\n')[0]).toBe(
      'id,createdAt,status,name,email,phone,company,projectType,budget,preferredDate,preferredTime,description,notes,closedAt',
    )
    expect(csv).toContain(`${a.id},`)
    expect(csv).toContain('"Ann ""Quote"" Lee"')
    expect(csv).toContain('"Line 1\nLine 2, with comma"')
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"")"`)

    const confirmed = await (await rest('GET', '/api/consultations/export.csv?status=confirmed')).text()
    expect(confirmed).toContain(b.email)
    expect(confirmed).not.toContain(a.email)

    const bad = await rest('GET', '/api/consultations/export.csv?status=nope')
    expect(bad.status).toBe(400)
    expect(await bad.json()).toEqual({ message: expect.any(String), errors: { status: 'Choose a status' } })

    const support = await submitSupport()
    const supportCsv = await (await rest('GET', '/api/support-requests/export.csv')).text()
    expect(supportCsv).toContain(support.email)
    expect(supportCsv).toContain('businessName')
  })

  it('csvField quotes and defuses', () => {
    expect(csvField(null)).toBe('')
    expect(csvField('plain')).toBe('plain')
    expect(csvField('-1+1')).toBe("'-1+1")
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(csvField(new Date(0))).toBe('1970-01-01T00:00:00.000Z')
  })

  it('toCsv writes a header and one CRLF line per row; a missing column is empty', () => {
    expect(
      toCsv(
        ['id', 'name', 'note'],
        [
          { id: 1, name: 'A, B', note: '=1' },
          { id: 2, name: 'C' },
        ],
      ),
    ).toBe(`id,name,note\r\n1,"A, B",'=1\r\n2,C,\r\n`)
  })

  it('csvDownload starts with a byte order mark and names the file by the day', () => {
    const { body, headers } = csvDownload('a\r\n', 'clients', new Date('2026-11-24T23:30:00Z'))
    expect(body).toBe('\ufeffa\r\n')
    expect(headers).toEqual({
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="clients-2026-11-24.csv"',
    })
  })
})

describe("one visitor's data", () => {
  it('exports the request with its whole conversation (both directions, attachments named), owner only', async () => {
    const support = await submitSupport()
    expect(
      (await rest('POST', `/api/support-requests/${support.id}/messages`, { body: 'We are on it, Ann.' }))
        .status,
    ).toBe(201)
    await env.DB.prepare(
      `insert into request_messages (support_request_id, direction, author, body, attachments, created_at, updated_at)
       values (?, 'in', ?, 'Thanks, the screenshot is attached.', ?, ?, ?)`,
    )
      .bind(
        support.id,
        support.email,
        JSON.stringify([{ name: 'screen.png', type: 'image/png', size: 1234, key: 'inbound/secret-key' }]),
        Date.now() + 1000,
        Date.now() + 1000,
      )
      .run()

    const url = `/api/support-requests/${support.id}/export.json`
    expect((await call(url)).status).toBe(401)
    const res = await rest('GET', url)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="S-\d+-data\.json"$/)
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    const data = (await res.json()) as {
      kind: string
      request: { email: string; description: string }
      conversation: { from: string; author: string; body: string; attachments: unknown[] }[]
    }
    expect(data.kind).toBe('support')
    expect(data.request.email).toBe(support.email)
    expect(data.request.description).toBe(support.description)
    expect(data.conversation.map((m) => [m.from, m.body])).toEqual([
      ['owner', 'We are on it, Ann.'],
      ['requester', 'Thanks, the screenshot is attached.'],
    ])
    // The file is named; its storage key is internal.
    expect(data.conversation[1]!.attachments).toEqual([{ name: 'screen.png', type: 'image/png', size: 1234 }])
    expect(JSON.stringify(data)).not.toContain('secret-key')

    expect((await rest('GET', '/api/consultations/999999/export.json')).status).toBe(404)
  })
})
