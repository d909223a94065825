// Issue 27, audit findings 6-11: no 500 on malformed form posts or GraphQL
// variables, keys that fail closed, GraphQL alias limit and no suggestions,
// no-store and no-referrer on private pages, the owner's full content list,
// and audit entries that name their record.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { REQUEST_FORM_ERRORS } from '../../schema/request-form-copy'
import { EXAMPLE_LINK_KEY, linkKeyConfigured } from '../../worker/booking/link'
import { GRAPHQL_MAX_ALIASES, GRAPHQL_MAX_TOKENS } from '../../worker/graphql'
import { LOCAL_REPLY_KEY, replyAddress, verifyReplyAddress } from '../../worker/mail/reply-address'
import { gql, rest } from './admin-helpers'
import { call } from './helpers'
import { ownerCookie } from './session-helpers'

describe('no 500 on a malformed form post (audit finding 6)', () => {
  const bodies: [string, RequestInit][] = [
    ['JSON to a form path', { body: '{"name":"x"}', headers: { 'Content-Type': 'application/json' } }],
    ['JSON that is not JSON', { body: '{"name":', headers: { 'Content-Type': 'application/json' } }],
    [
      'an empty multipart boundary',
      { body: '--\r\n', headers: { 'Content-Type': 'multipart/form-data; boundary=' } },
    ],
    [
      'a broken multipart body',
      { body: 'garbage', headers: { 'Content-Type': 'multipart/form-data; boundary=abc' } },
    ],
    ['no content type', { body: 'name=x' }],
    ['a text body', { body: 'hello', headers: { 'Content-Type': 'text/plain' } }],
  ]
  for (const path of ['/schedule-consultation', '/it-support', '/booking/not-a-token']) {
    it.each(bodies)(`${path}: %s is a 4xx, never a 500`, async (_, init) => {
      const res = await call(path, { method: 'POST', ...init })
      expect(res.status).toBeGreaterThanOrEqual(400)
      expect(res.status).toBeLessThan(500)
    })
  }

  // The page comes back with a banner saying what happened, above the form.
  it.each([
    ['/schedule-consultation', 415, { body: 'hello', headers: { 'Content-Type': 'text/plain' } }],
    [
      '/schedule-consultation',
      400,
      { body: 'garbage', headers: { 'Content-Type': 'multipart/form-data; boundary=abc' } },
    ],
    ['/it-support?form=support', 415, { body: 'name=x' }],
    // Without the query the form is closed on a GET; a refused post opens it with the banner.
    ['/it-support', 400, { body: '--\r\n', headers: { 'Content-Type': 'multipart/form-data; boundary=' } }],
  ] as const)('%s answers %i with the form and a banner', async (path, status, init) => {
    const res = await call(path, { method: 'POST', ...init })
    expect(res.status).toBe(status)
    const html = await res.text()
    expect(html).toMatch(new RegExp(`role="alert"[^>]*>${REQUEST_FORM_ERRORS.formUnreadable}<`))
    expect(html).toContain('<form')
    expect(res.headers.get('Cache-Control')).toBe('private, no-store')
  })

  it('the banner is never kept for the next visitor (the page cache), nor asked for from outside', async () => {
    const before = await (await call('/it-support?form=support')).text()
    expect(before).not.toContain(REQUEST_FORM_ERRORS.formUnreadable)
    await call('/it-support?form=support', {
      method: 'POST',
      body: 'hello',
      headers: { 'Content-Type': 'text/plain' },
    })
    for (const path of ['/it-support?form=support', '/schedule-consultation']) {
      const res = await call(path)
      expect(res.status).toBe(200)
      expect(await res.text()).not.toContain(REQUEST_FORM_ERRORS.formUnreadable)
    }
  })

  it('GraphQL: variables that are not an object are a 400', async () => {
    const cookie = await ownerCookie()
    for (const variables of ['abc', [1, 2], 42, true]) {
      const res = await call('/graphql', {
        method: 'POST',
        headers: { Cookie: cookie },
        json: { query: 'query ($id: ID!) { project(id: $id) { id } }', variables },
      })
      expect(res.status).toBe(400)
      expect(((await res.json()) as { message: string }).message).toMatch(/variables/)
    }
  })

  it('GraphQL: a variable of the wrong type is a 400', async () => {
    const res = await gql('query ($id: ID!) { project(id: $id) { id } }', { id: { nested: true } })
    expect(res.status).toBe(400)
  })
})

describe('keys that fail closed (audit finding 7)', () => {
  const deployed = { ...env, ENVIRONMENT: 'local', SITE_URL: 'https://consultancy.example.net' } as Env
  it('the built-in reply key serves a local deployment only', async () => {
    expect(await replyAddress(env, 'support', 1)).toMatch(/^reply-s1-/)
    expect(await replyAddress(deployed, 'support', 1)).toBeNull()
    const prod = { ...env, ENVIRONMENT: 'production', REPLY_TOKEN_SECRET: LOCAL_REPLY_KEY } as Env
    expect(await replyAddress(prod, 'support', 1)).toBeNull()
    // An address made with the local key is not accepted by a deployed Worker.
    const local = (await replyAddress(env, 'support', 1))!
    expect(await verifyReplyAddress(deployed, local)).toBeNull()
  })

  it('the example BOOKING_LINK_KEY of .dev.vars.example is refused outside a local deployment', () => {
    expect(linkKeyConfigured({ ...env, BOOKING_LINK_KEY: EXAMPLE_LINK_KEY } as Env)).toBe(true)
    expect(linkKeyConfigured({ ...deployed, BOOKING_LINK_KEY: EXAMPLE_LINK_KEY } as Env)).toBe(false)
    expect(
      linkKeyConfigured({ ...env, ENVIRONMENT: 'production', BOOKING_LINK_KEY: EXAMPLE_LINK_KEY } as Env),
    ).toBe(false)
    expect(
      linkKeyConfigured({ ...deployed, BOOKING_LINK_KEY: 'k'.repeat(24) + crypto.randomUUID() } as Env),
    ).toBe(true)
  })
})

describe('GraphQL limits (audit finding 8)', () => {
  const aliases = (n: number) =>
    `{ ${Array.from({ length: n }, (_, i) => `a${i}: projects { id }`).join(' ')} }`

  // 100 aliases (600 tokens): 500 would now be refused earlier, by the token limit.
  it(`refuses more than ${GRAPHQL_MAX_ALIASES} aliases (100 aliases: 400, nothing run)`, async () => {
    const res = await gql(aliases(100))
    expect(res.status).toBe(400)
    expect(res.body.errors!.map((e) => e.extensions?.code)).toContain('TOO_MANY_ALIASES')
    expect((await gql(aliases(GRAPHQL_MAX_ALIASES))).status).toBe(200)
  })

  // Issue 52.8: the parser recursed once per level and overflowed the stack (a 500)
  // before the depth limit could answer; the token limit stops it while it reads.
  it('refuses a query nested 2,000 deep before parsing it: a 400 naming the token limit', async () => {
    const deep = `{ ${'a { '.repeat(2000)}b${' }'.repeat(2000)} }`
    const res = await gql(deep)
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({
      message: `Query is longer than the limit of ${GRAPHQL_MAX_TOKENS} tokens.`,
      errors: [{ extensions: { code: 'QUERY_TOO_LONG' } }],
    })
    // Lists and objects nested deep in an argument, the other things the parser recurses into.
    for (const value of [
      `${'['.repeat(5000)}1${']'.repeat(5000)}`,
      `${'{a:'.repeat(5000)}1${'}'.repeat(5000)}`,
    ]) {
      const refused = await gql(`{ project(id: ${value}) { id } }`)
      expect(refused.status).toBe(400)
      expect(refused.body.errors![0]!.extensions?.code).toBe('QUERY_TOO_LONG')
    }
  })

  it('the deepest document under the token limit is parsed and refused by the depth limit, not the stack', async () => {
    // Three tokens a level ("a", "{", "}") and four around it.
    const levels = Math.floor((GRAPHQL_MAX_TOKENS - 4) / 3)
    const res = await gql(`{ ${'a { '.repeat(levels)}b${' }'.repeat(levels)} }`)
    expect(res.status).toBe(400)
    expect(res.body.errors![0]!.extensions?.code).toBe('QUERY_TOO_DEEP')
  })

  it('a write refused before it runs is audited as a failure, and nothing runs', async () => {
    const name = `Refused ${crypto.randomUUID().slice(0, 8)}`
    // An argument the field does not take: validation refuses the document.
    const res = await gql(`mutation { createSkill(input: { name: "${name}" }, nope: 1) { id } }`)
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ message: expect.stringContaining('nope') })
    const audit = (await (
      await call('/api/security/audit?action=createSkill', { headers: { Cookie: await ownerCookie() } })
    ).json()) as { entries: { action: string; outcome: string }[] }
    expect(audit.entries[0]).toMatchObject({ action: 'graphql createSkill', outcome: 'failure' })
    const skills = await gql<{ skills: { name: string }[] }>('{ skills { name } }')
    expect(skills.body.data!.skills.map((s) => s.name)).not.toContain(name)
  })

  it('gives no field suggestions outside local development', async () => {
    const { app } = await import('../../worker/app')
    // A deployed host: no local conveniences, so the __Host- cookie and no suggestions.
    const ask = async (origin: string, cookieName: string) => {
      const token = (await ownerCookie()).split('=')[1]
      const res = await app.request(
        `${origin}/graphql`,
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: origin, Cookie: `${cookieName}=${token}` },
          body: JSON.stringify({ query: '{ projetcs { id } }' }),
        },
        env,
      )
      return ((await res.json()) as { message: string }).message
    }
    expect(await ask('http://localhost:8787', 'session')).toMatch(/Did you mean "projects"/)
    const deployed = await ask('https://portfolio.test', '__Host-session')
    expect(deployed).toMatch(/Cannot query field "projetcs"/)
    expect(deployed).not.toMatch(/Did you mean/)
  })
})

describe('private pages are not stored and send no referrer (audit finding 9)', () => {
  it.each(['/login', '/admin', '/admin/security', '/booking/not-a-token'])('%s', async (path) => {
    const res = await call(path)
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    expect(res.headers.get('referrer-policy')).toBe('no-referrer')
  })

  it('public pages keep their own caching and referrer policy', async () => {
    const res = await call('/')
    expect(res.headers.get('cache-control')).not.toContain('no-store')
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
  })
})

describe("the owner's content list and the audit record (audit findings 10, 11)", () => {
  it('GET /api/page-content lists a block under a new key for the owner only; the audit log names the key', async () => {
    const key = `custom.block-${crypto.randomUUID().slice(0, 8)}`
    const saved = await rest('POST', '/api/page-content', { key, content: 'Hello', contentType: 'text' })
    expect(saved.status).toBe(201)
    const cookie = await ownerCookie()
    const owner = (await (await call('/api/page-content', { headers: { Cookie: cookie } })).json()) as {
      key: string
    }[]
    expect(owner.map((b) => b.key)).toContain(key)
    const anonymous = await call('/api/page-content')
    expect(((await anonymous.json()) as { key: string }[]).map((b) => b.key)).not.toContain(key)
    expect(anonymous.headers.get('cache-control')).toContain('public')

    const audit = (await (
      await call('/api/security/audit?action=page-content', { headers: { Cookie: cookie } })
    ).json()) as { entries: { action: string; record: string | null }[] }
    expect(audit.entries.find((e) => e.action === 'POST /api/page-content')?.record).toBe(key)
  })

  it('a GraphQL write names its record too (the created project)', async () => {
    const res = await gql('mutation ($input: ProjectInput!) { createProject(input: $input) { id title } }', {
      input: {
        title: `Audit ${crypto.randomUUID().slice(0, 6)}`,
        description: 'A project for the audit test.',
        category: 'POS',
        status: 'PRODUCTION',
      },
    })
    expect(res.body.errors).toBeUndefined()
    expect(res.status).toBe(200)
    const data = res.body.data as { createProject: { id: string; title: string } }
    const audit = (await (
      await call('/api/security/audit?action=createProject', { headers: { Cookie: await ownerCookie() } })
    ).json()) as { entries: { record: string | null }[] }
    expect(audit.entries[0]!.record).toContain(data.createProject.id)
  })

  it('a REST create names the new record (the project id)', async () => {
    const res = await rest('POST', '/api/projects', {
      title: `Audit REST ${crypto.randomUUID().slice(0, 6)}`,
      description: 'A project for the audit test.',
      category: 'pos',
      status: 'production',
    })
    expect(res.status).toBe(201)
    const { id } = (await res.json()) as { id: number }
    const audit = (await (
      await call('/api/security/audit?action=POST%20/api/projects', {
        headers: { Cookie: await ownerCookie() },
      })
    ).json()) as { entries: { record: string | null }[] }
    expect(audit.entries[0]!.record).toBe(String(id))
  })
})
