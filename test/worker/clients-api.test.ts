// /api/clients (issue 24) with the owner's session and with personal access
// tokens; the token rules (read vs read-write, expired, revoked, never on
// Security, /api/auth or GraphQL); and /api/openapi.json, validated and
// checked against the real routes.

import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import committed from '../../schema/openapi.json'
import { TOKEN_MESSAGES } from '../../worker/auth/bearer'
import { sessionIdOf } from '../../worker/auth/session'
import { createDb } from '../../worker/db'
import { CLIENT_MESSAGES } from '../../worker/services/clients'
import { createPortalSession } from '../../worker/services/portal-sessions'
import { owner, rest } from './admin-helpers'
import { call } from './helpers'
import { freshEmail } from './requests-fixtures'

const count = async (sql: string, ...args: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...args)
    .first<{ n: number }>())!.n

/** A token made through the Security area, as the owner would. */
async function newToken(scope: 'read' | 'read-write', expiresInDays: number | null = 30) {
  const res = await rest('POST', '/api/security/tokens', { name: `test ${scope}`, scope, expiresInDays })
  expect(res.status).toBe(201)
  return (await res.json()) as { token: string; apiToken: { id: number } }
}

/** A script's call: no cookie, no browser headers, a bearer token. */
function script(method: string, path: string, token: string, json?: unknown) {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` }
  if (json !== undefined) headers['Content-Type'] = 'application/json'
  return call(path, { method, headers, body: json === undefined ? undefined : JSON.stringify(json) })
}

const newClientBody = () => ({
  name: 'Riverside Family Clinic',
  domains: ['Riverside.example'],
  notes: 'Three doctors.',
  contacts: [{ name: 'Grace Park', email: freshEmail('Grace'), phone: '618-555-0101' }],
  // Created once per test; the same name again is a likely duplicate (issue 36).
  confirmDuplicate: true,
})

describe('/api/clients with the owner session', () => {
  it('creates (201 with id and contacts), reads, searches, patches and adds a contact', async () => {
    const body = newClientBody()
    const created = await rest('POST', '/api/clients', body)
    expect(created.status).toBe(201)
    const client = (await created.json()) as { id: number; domains: string[]; contacts: { email: string }[] }
    expect(client).toMatchObject({
      id: expect.any(Number),
      name: 'Riverside Family Clinic',
      domains: ['riverside.example'],
      status: 'active',
      contacts: [{ name: 'Grace Park', email: body.contacts[0]!.email.toLowerCase() }],
    })

    const read = await rest('GET', `/api/clients/${client.id}`)
    expect(read.status).toBe(200)
    expect(read.headers.get('cache-control')).toContain('no-store')
    expect(await read.json()).toEqual(client)

    const found = (await (
      await rest('GET', `/api/clients?q=${encodeURIComponent(body.contacts[0]!.email)}`)
    ).json()) as {
      id: number
      contactCount: number
    }[]
    expect(found).toEqual([expect.objectContaining({ id: client.id, contactCount: 1, requestCount: 0 })])

    const patched = await rest('PATCH', `/api/clients/${client.id}`, { notes: null, status: 'archived' })
    expect(patched.status).toBe(200)
    expect(await patched.json()).toMatchObject({
      name: 'Riverside Family Clinic',
      notes: null,
      status: 'archived',
    })

    const contactEmail = freshEmail('second')
    const added = await rest('POST', `/api/clients/${client.id}/contacts`, {
      name: 'Lee',
      email: contactEmail,
    })
    expect(added.status).toBe(201)
    expect(await added.json()).toMatchObject({
      clientId: client.id,
      name: 'Lee',
      email: contactEmail,
      phone: null,
    })
  })

  it('refuses bad input with field errors and stores nothing', async () => {
    const before = await count('select count(*) as n from clients')
    const cases: [string, string, unknown, Record<string, string>][] = [
      ['POST', '/api/clients', {}, { name: 'Name is required' }],
      [
        'POST',
        '/api/clients',
        { name: 'X', domains: ['not a domain'] },
        { domains: 'Enter domains like clinic.example' },
      ],
      [
        'POST',
        '/api/clients',
        { name: 'X', contacts: [{ name: 'Y', email: 'nope' }] },
        { contacts: 'Enter a valid email address' },
      ],
      [
        'POST',
        '/api/clients',
        { name: 'X', roundingMinutes: 7 },
        { roundingMinutes: 'Rounding must be 0, 6 or 15 minutes' },
      ],
      ['GET', '/api/clients?status=gone', undefined, { status: 'Status must be active, archived or all' }],
      ['GET', '/api/clients/abc', undefined, { id: 'Id must be a positive whole number' }],
      ['PATCH', '/api/clients/1', { name: '' }, { name: 'Name is required' }],
      [
        'POST',
        '/api/clients/1/contacts',
        { name: 'N', email: 'x@' },
        { email: 'Enter a valid email address' },
      ],
    ]
    for (const [method, path, json, errors] of cases) {
      const res = await rest(method, path, json)
      expect(res.status, `${method} ${path}`).toBe(400)
      expect(await res.json(), `${method} ${path}`).toEqual({
        message: 'Please correct the highlighted fields.',
        errors,
      })
    }
    const notObject = await rest('POST', '/api/clients', ['x'])
    expect(notObject.status).toBe(400)
    expect(await notObject.json()).toEqual({ message: 'Request body must be a JSON object' })
    expect(await count('select count(*) as n from clients')).toBe(before)
  })

  it('answers 404 for unknown clients and 400 for an address another contact has', async () => {
    expect((await rest('GET', '/api/clients/999999')).status).toBe(404)
    expect((await rest('PATCH', '/api/clients/999999', { name: 'X' })).status).toBe(404)
    expect(
      (await rest('POST', '/api/clients/999999/contacts', { name: 'X', email: freshEmail() })).status,
    ).toBe(404)
    const body = newClientBody()
    await rest('POST', '/api/clients', body)
    const again = await rest('POST', '/api/clients', { name: 'Other', contacts: body.contacts })
    expect(again.status).toBe(400)
    expect(await again.json()).toMatchObject({ errors: { contacts: CLIENT_MESSAGES.emailTaken } })
    expect(await count('select count(*) as n from clients where name = ?', 'Other')).toBe(0)
  })

  it('every route answers 401 without a session', async () => {
    for (const [method, path] of [
      ['GET', '/api/clients'],
      ['POST', '/api/clients'],
      ['GET', '/api/clients/1'],
      ['PATCH', '/api/clients/1'],
      ['POST', '/api/clients/1/contacts'],
      ['GET', '/api/security/tokens'],
      ['POST', '/api/security/tokens'],
      ['DELETE', '/api/security/tokens/1'],
    ] as const) {
      const res = await rest(method, path, method === 'GET' ? undefined : { name: 'X' }, false)
      expect(res.status, `${method} ${path}`).toBe(401)
    }
  })
})

describe('a portal contact on owner routes', () => {
  it('is refused by /api/clients, /api/consultations, the tokens and GraphQL', async () => {
    const created = await rest('POST', '/api/clients', newClientBody())
    const { contacts } = (await created.json()) as { contacts: { id: number }[] }
    const session = await createPortalSession(createDb(env.DB), contacts[0]!.id)
    // Both spellings of the cookie: the bare name on plain-http localhost, __Host- elsewhere.
    const cookie = `portal_session=${session!.token}; __Host-portal_session=${session!.token}`
    for (const [method, path] of [
      ['GET', '/api/clients'],
      ['POST', '/api/clients'],
      ['GET', `/api/clients/1`],
      ['GET', '/api/consultations'],
      ['GET', '/api/security/tokens'],
    ] as const) {
      const res = await call(path, {
        method,
        headers: { Cookie: cookie },
        ...(method === 'POST' ? { json: newClientBody() } : {}),
      })
      expect(res.status, `${method} ${path}`).toBe(401)
    }
    const graphql = await call('/graphql', {
      method: 'POST',
      headers: { Cookie: cookie, 'x-graphql-yoga-csrf': '1' },
      json: { query: '{ clients { id } }' },
    })
    expect(graphql.status).toBe(401)
  })
})

describe('personal access tokens', () => {
  it('are shown once, stored hashed, listed with their last use, and revocable', async () => {
    const { token, apiToken } = await newToken('read')
    expect(token).toMatch(/^pat_[a-z2-7]{40}$/)
    const row = await env.DB.prepare('select * from api_tokens where id = ?')
      .bind(apiToken.id)
      .first<Record<string, unknown>>()
    expect(JSON.stringify(row)).not.toContain(token)
    expect(row!.token_hash).toMatch(/^[0-9a-f]{64}$/)

    expect((await script('GET', '/api/clients', token)).status).toBe(200)
    const list = (await (await rest('GET', '/api/security/tokens')).json()) as Record<string, unknown>[]
    const listed = list.find((t) => t.id === apiToken.id)!
    expect(listed).toMatchObject({
      name: 'test read',
      scope: 'read',
      revokedAt: null,
      lastUsedAt: expect.any(String),
    })
    expect(JSON.stringify(list)).not.toContain(token)
    expect(Object.keys(listed)).not.toContain('tokenHash')

    expect((await rest('DELETE', `/api/security/tokens/${apiToken.id}`)).status).toBe(200)
    const after = await script('GET', '/api/clients', token)
    expect(after.status).toBe(401)
    expect(await after.json()).toEqual({ message: TOKEN_MESSAGES.invalid })
    expect(
      await count(
        `select count(*) as n from audit_log where action in ('api-token.create', 'api-token.revoke') and record like ?`,
        `${apiToken.id} %`,
      ),
    ).toBe(2)
  })

  it('a read token may only read; a read-write token may write (audited with its name)', async () => {
    const read = await newToken('read')
    const refused = await script('POST', '/api/clients', read.token, newClientBody())
    expect(refused.status).toBe(403)
    expect(await refused.json()).toEqual({ message: TOKEN_MESSAGES.readOnly })

    const write = await newToken('read-write')
    const created = await script('POST', '/api/clients', write.token, newClientBody())
    expect(created.status).toBe(201)
    const { id } = (await created.json()) as { id: number }
    expect((await script('PATCH', `/api/clients/${id}`, write.token, { name: 'Renamed' })).status).toBe(200)
    const entry = await env.DB.prepare(
      `select actor from audit_log where action = 'PATCH /api/clients/:id' and record = ?`,
    )
      .bind(String(id))
      .first<{ actor: string }>()
    expect(entry!.actor).toBe('owner (token "test read-write")')
  })

  it('expired, unknown and malformed tokens are 401, never anonymous', async () => {
    const { token, apiToken } = await newToken('read-write', 7)
    await env.DB.prepare('update api_tokens set expires_at = ? where id = ?')
      .bind(Date.now() - 1000, apiToken.id)
      .run()
    for (const auth of [`Bearer ${token}`, 'Bearer pat_unknown', 'Bearer', 'Basic abc']) {
      const res = await call('/api/projects', { headers: { Authorization: auth } })
      expect(res.status, auth).toBe(401)
    }
  })

  it('never open Security, sign-in or GraphQL, and never borrow a cookie', async () => {
    const { token } = await newToken('read-write')
    for (const [method, path] of [
      ['GET', '/api/security'],
      ['GET', '/api/security/tokens'],
      ['POST', '/api/security/tokens'],
      ['GET', '/api/security/sessions'],
      ['GET', '/api/auth/me'],
      ['POST', '/api/auth/logout'],
    ]) {
      const res = await script(method!, path!, token, method === 'POST' ? {} : undefined)
      expect(res.status, `${method} ${path}`).toBe(403)
      expect(await res.json()).toEqual({ message: TOKEN_MESSAGES.notHere })
    }
    const graphql = await call('/graphql', {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
        'x-graphql-yoga-csrf': '1',
      },
      body: JSON.stringify({ query: '{ __schema { types { name } } }' }),
    })
    expect(graphql.status).toBe(403)
    // A bad token beside a good cookie is still refused: the token decides.
    const both = await call('/api/clients', {
      headers: { Authorization: 'Bearer pat_nope', Cookie: await owner() },
    })
    expect(both.status).toBe(401)
    // A read token beside a cookie cannot write either.
    const read = await newToken('read')
    const write = await call('/api/clients', {
      method: 'POST',
      headers: { Authorization: `Bearer ${read.token}`, Cookie: await owner() },
      json: newClientBody(),
    })
    expect(write.status).toBe(403)
  })

  it('refuses bad token input with field errors and stores nothing', async () => {
    const before = await count('select count(*) as n from api_tokens')
    const res = await rest('POST', '/api/security/tokens', { name: '', scope: 'admin', expiresInDays: 3 })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      message: 'Please correct the highlighted fields.',
      errors: {
        name: 'Name is required',
        scope: expect.stringMatching(/^Choose read, read-write, billing/),
        expiresInDays: 'Choose an expiry of 7, 30, 90, 365 days, or none',
      },
    })
    expect((await rest('DELETE', '/api/security/tokens/999999')).status).toBe(404)
    expect(await count('select count(*) as n from api_tokens')).toBe(before)
  })
})

describe('/api/openapi.json', () => {
  type Doc = {
    openapi: string
    paths: Record<
      string,
      Record<
        string,
        {
          security?: unknown[]
          responses: Record<string, { content?: Record<string, { schema: unknown }> }>
        }
      >
    >
    components: { schemas: Record<string, unknown> }
  }
  const fetchDoc = async () => {
    const res = await call('/api/openapi.json')
    expect(res.status).toBe(200)
    return (await res.json()) as Doc
  }

  it('is public, has the clients routes, and is the committed schema/openapi.json', async () => {
    const doc = await fetchDoc()
    expect(doc.openapi).toBe('3.1.0')
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/clients', '/clients/{id}', '/clients/{id}/contacts']),
    )
    // schema/openapi.test.ts validates the committed file with an OpenAPI validator
    // (in Node: the validator compiles JSON Schemas to code, which workerd forbids).
    // Run `npm run openapi:print` after changing a documented route.
    expect(doc).toEqual(committed)
  })

  // openapi-routes.test.ts compares the document with the app's route table both ways;
  // this calls each owner operation: without a session it exists (401), never the API's 404.
  it('documents only routes that exist', async () => {
    const doc = await fetchDoc()
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        // A public route's answer to a made-up id can be a real 404 (no such page, no active resume).
        if (op.security?.length === 0) continue
        const url = `/api${path.replace(/\{[^}]+\}/g, '1')}`
        const res = await call(url, {
          method: method.toUpperCase(),
          ...(method === 'get' ? {} : { json: {} }),
        })
        // Without a session every documented route exists: 401, never the API's 404.
        expect(res.status, `${method} ${url}`).not.toBe(404)
        expect(res.status, `${method} ${url}`).not.toBe(405)
      }
    }
  })

  it('a real POST /api/clients request and answer match the documented schemas', async () => {
    const doc = await fetchDoc()
    const { token } = await newToken('read-write')
    const body = newClientBody()
    const op = doc.paths['/clients']!.post as unknown as {
      requestBody: { content: { 'application/json': { schema: unknown } } }
      responses: Record<string, { content: { 'application/json': { schema: unknown } } }>
    }
    const res = await script('POST', '/api/clients', token, body)
    expect(res.status).toBe(201)
    const answer = await res.json()
    // Each schema is checked as JSON Schema, its $refs resolved from the document's components.
    const validate = async (schema: unknown, value: unknown) =>
      validateJson(schema, value, doc.components.schemas)
    expect(await validate(op.requestBody.content['application/json'].schema, body)).toEqual([])
    expect(await validate(op.responses['201']!.content['application/json'].schema, answer)).toEqual([])
    // And a value the schema must refuse is refused, so the check can fail.
    expect(
      await validate(op.responses['201']!.content['application/json'].schema, {
        ...(answer as object),
        id: 'x',
      }),
    ).not.toEqual([])
  })
})

/**
 * A small JSON Schema checker for the subset the generated document uses
 * (type, properties, required, items, enum, anyOf, allOf, $ref, format date-time,
 * nullable via type arrays), returning the paths that do not match.
 */
function validateJson(
  schema: unknown,
  value: unknown,
  components: Record<string, unknown>,
  path = '$',
): string[] {
  const s = schema as Record<string, unknown>
  if (typeof s.$ref === 'string')
    return validateJson(components[s.$ref.split('/').pop()!], value, components, path)
  if (Array.isArray(s.allOf)) return s.allOf.flatMap((part) => validateJson(part, value, components, path))
  if (Array.isArray(s.anyOf))
    return s.anyOf.some((option) => validateJson(option, value, components, path).length === 0) ? [] : [path]
  if (Array.isArray(s.enum) && !s.enum.includes(value)) return [path]
  if ('const' in s && s.const !== value) return [path]
  const types = s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type]
  const typeOf = (v: unknown) =>
    v === null ? 'null' : Array.isArray(v) ? 'array' : Number.isInteger(v) ? 'integer' : typeof v
  if (
    types.length &&
    !types.some((t) => t === typeOf(value) || (t === 'number' && typeOf(value) === 'integer'))
  )
    return [path]
  if (s.format === 'date-time' && typeof value === 'string' && Number.isNaN(Date.parse(value))) return [path]
  const errors: string[] = []
  if (typeOf(value) === 'object' && s.properties) {
    const obj = value as Record<string, unknown>
    for (const key of (s.required as string[] | undefined) ?? [])
      if (!(key in obj)) errors.push(`${path}.${key}`)
    for (const [key, sub] of Object.entries(s.properties as Record<string, unknown>))
      if (key in obj) errors.push(...validateJson(sub, obj[key], components, `${path}.${key}`))
  }
  if (Array.isArray(value) && s.items)
    value.forEach((item, i) => {
      errors.push(...validateJson(s.items, item, components, `${path}[${i}]`))
    })
  return errors
}

describe('token creation and sudo mode', () => {
  it('needs a recent password or passkey proof on the session', async () => {
    const cookie = await owner()
    const token = cookie.replace(/^session=/, '')
    await env.DB.prepare('update sessions set reauth_at = ? where id = ?')
      .bind(Date.now() - 60 * 60 * 1000, sessionIdOf(token))
      .run()
    const before = await count('select count(*) as n from api_tokens')
    const res = await call('/api/security/tokens', {
      method: 'POST',
      headers: { Cookie: cookie },
      json: { name: 'stale', scope: 'read', expiresInDays: 7 },
    })
    expect(res.status).toBe(403)
    expect(await res.json()).toMatchObject({ code: 'reauth_required' })
    expect(await count('select count(*) as n from api_tokens')).toBe(before)
  })
})
