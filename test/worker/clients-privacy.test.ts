// Privacy for clients and contacts (issue 24): the CSV export, a contact's
// erasure (requests, uploads, sessions, links; the client's own files stay),
// and the privacy page's paragraph on the portal.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { PRIVACY_CONTENT_KEYS, PRIVACY_COPY } from '../../schema/privacy-copy'
import { gql, rest } from './admin-helpers'
import { call } from './helpers'
import { freshEmail, send, supportRequest } from './requests-fixtures'

const count = async (sql: string, ...args: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...args)
    .first<{ n: number }>())!.n

describe('clients privacy', () => {
  it('exports every client and contact as CSV, owner only', async () => {
    const email = freshEmail('csv')
    await rest('POST', '/api/clients', { name: '=Formula Clinic', contacts: [{ name: 'Csv Person', email }] })
    const res = await rest('GET', '/api/clients/export.csv')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/csv')
    expect(res.headers.get('cache-control')).toContain('no-store')
    const csv = await res.text()
    expect(csv.split('\r\n')[0]).toBe(
      'clientId,client,clientStatus,domains,contactId,name,email,phone,role,contactSince',
    )
    expect(csv).toContain(`'=Formula Clinic,active,,`)
    expect(csv).toContain(`Csv Person,${email}`)
    expect((await rest('GET', '/api/clients/export.csv', undefined, false)).status).toBe(401)
  })

  it('erasing a contact removes their requests, uploads, sessions and links, and keeps the client’s files', async () => {
    const email = freshEmail('erase')
    const created = await rest('POST', '/api/clients', {
      name: 'Erase Co',
      contacts: [{ name: 'Eve', email }],
    })
    const client = (await created.json()) as { id: number; contacts: { id: number }[] }
    const contactId = client.contacts[0]!.id
    expect((await send('/api/consultation', { json: supportRequest({ email }) })).status).toBe(201)
    const upload = `client-files/${crypto.randomUUID()}`
    const shared = `client-files/${crypto.randomUUID()}`
    await env.FILES.put(upload, 'contact upload')
    await env.FILES.put(shared, 'owner file')
    const now = Date.now()
    await env.DB.batch([
      env.DB.prepare(
        `insert into client_files (client_id, key, name, type, size, uploaded_by, contact_id) values (?, ?, 'scan.pdf', 'application/pdf', 14, 'contact', ?)`,
      ).bind(client.id, upload, contactId),
      env.DB.prepare(
        `insert into client_files (client_id, key, name, type, size, uploaded_by) values (?, ?, 'guide.pdf', 'application/pdf', 10, 'owner')`,
      ).bind(client.id, shared),
      env.DB.prepare(
        'insert into portal_sessions (id, contact_id, client_id, created_at, last_seen_at, expires_at) values (?, ?, ?, ?, ?, ?)',
      ).bind(`erase-${contactId}`, contactId, client.id, now, now, now + 60_000),
      env.DB.prepare(
        'insert into portal_links (token_hash, contact_id, expires_at, created_at) values (?, ?, ?, ?)',
      ).bind(`hash-${contactId}`, contactId, now + 60_000, now),
    ])

    const { body } = await gql<{ eraseContact: { requests: number; files: number } }>(
      'mutation ($id: ID!) { eraseContact(id: $id) { requests files } }',
      { id: String(contactId) },
    )
    expect(body.data!.eraseContact).toEqual({ requests: 1, files: 1 })
    expect(await count('select count(*) as n from contacts where id = ?', contactId)).toBe(0)
    expect(await count('select count(*) as n from support_requests where lower(email) = ?', email)).toBe(0)
    expect(await count('select count(*) as n from portal_sessions where contact_id = ?', contactId)).toBe(0)
    expect(await count('select count(*) as n from portal_links where contact_id = ?', contactId)).toBe(0)
    expect(await env.FILES.get(upload)).toBeNull()
    expect(await env.FILES.get(shared)).not.toBeNull()
    expect(await count('select count(*) as n from client_files where client_id = ?', client.id)).toBe(1)
    expect(
      await count(`select count(*) as n from request_erasures where reason = 'visitor'`),
    ).toBeGreaterThan(0)

    const again = await gql('mutation ($id: ID!) { eraseContact(id: $id) { requests } }', {
      id: String(contactId),
    })
    expect(again.body.errors![0]!.extensions!.code).toBe('NOT_FOUND')
  })

  // The file's first page render transforms the page modules inside workerd
  // (vitest.config.ts): 15-25 s on this busy 2-core machine, near the 30 s default.
  it('the privacy page says what the portal keeps', { timeout: 90_000 }, async () => {
    const html = (await (await call('/privacy')).text()).replace(/&#x27;|&#39;/g, "'")
    expect(html).toContain(PRIVACY_COPY.portalTitle)
    expect(html).toContain(PRIVACY_CONTENT_KEYS['privacy.portal'].defaultContent)
  })
})
