import { describe, expect, it } from 'vitest'
import { API_MESSAGES } from '../../schema/messages'
import { app } from '../../worker/app'
import { freshIp, freshUsername } from './auth-helpers'
import { call } from './helpers'
import { portalCookie, seedClient } from './portal-fixtures'
import { PUBLIC_ROUTES } from './public-routes'
import { ownerCookie } from './session-helpers'

/** The app's own route table: every concrete method and path (middleware is registered as ALL). */
const apiRoutes = () => {
  const seen = new Set<string>()
  for (const route of app.routes) {
    if (route.method === 'ALL') continue
    if (!route.path.startsWith('/api/') && route.path !== '/graphql') continue
    seen.add(`${route.method} ${route.path}`)
  }
  return [...seen].map((entry) => {
    const [method, path] = entry.split(' ') as [string, string]
    return { entry, method, path: path.replace(/:[^/]+/g, '1').replace(/\*/g, 'x') }
  })
}

const anonymous = (method: string, path: string, cookie?: string) =>
  call(path, {
    method,
    headers: { 'x-graphql-yoga-csrf': '1', ...(cookie ? { Cookie: cookie } : {}) },
    ...(method === 'GET' || method === 'HEAD' ? {} : { json: {} }),
  })

describe('the owner gate', () => {
  it('covers the admin endpoint at least (GraphQL GET and POST)', () => {
    const entries = apiRoutes().map((r) => r.entry)
    expect(entries).toEqual(expect.arrayContaining(['GET /graphql', 'POST /graphql']))
  })

  it('answers 401 on every non-public API route without a session, or with a forged one', async () => {
    const guarded = apiRoutes().filter((r) => !PUBLIC_ROUTES.has(r.entry))
    expect(guarded.length).toBeGreaterThan(0)
    for (const { entry, method, path } of guarded) {
      for (const cookie of [undefined, 'session=abcdefghijklmnopqrstuvwxyz234567']) {
        const res = await anonymous(method, path, cookie)
        expect({ entry, cookie, status: res.status }).toEqual({ entry, cookie, status: 401 })
        expect(await res.json()).toEqual({ message: API_MESSAGES.unauthorized })
      }
    }
  })

  it("answers 401 on every non-public API route to a client's portal session (the contact is no owner)", async () => {
    const client = await seedClient('gate')
    const cookie = await portalCookie(client.contactId)
    const guarded = apiRoutes().filter((r) => !PUBLIC_ROUTES.has(r.entry))
    for (const { entry, method, path } of guarded) {
      const res = await anonymous(method, path, cookie)
      expect({ entry, status: res.status }).toEqual({ entry, status: 401 })
    }
    expect(guarded.length).toBeGreaterThan(200)
  })

  it('keeps the public reads open to visitors', async () => {
    const publicReads = apiRoutes().filter((r) => PUBLIC_ROUTES.has(r.entry) && r.method === 'GET')
    expect(publicReads.map((r) => r.entry)).toEqual(
      expect.arrayContaining(['GET /api/projects', 'GET /api/skills', 'GET /api/page-content']),
    )
    for (const { entry, path } of publicReads) {
      if (entry === 'GET /api/auth/me') continue // 401 is its answer for "signed out"
      const res = await call(path)
      expect({ entry, status: res.status }).not.toEqual({ entry, status: 401 })
    }
  })
})

describe('CSRF: state-changing REST calls must come from the site itself', () => {
  const loginFrom = (headers: Record<string, string>) =>
    call('/api/auth/login', {
      method: 'POST',
      json: { username: freshUsername(), password: 'whatever password' },
      headers: { 'cf-connecting-ip': freshIp(), ...headers },
    })

  it('refuses another Origin with 403', async () => {
    const res = await loginFrom({ Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' })
    expect(res.status).toBe(403)
    expect(await res.json()).toEqual({ message: API_MESSAGES.forbiddenOrigin })
  })

  it('refuses a cross-site or same-site (sibling subdomain) fetch even without Origin', async () => {
    const headers = new Headers({ 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'cross-site' })
    for (const site of ['cross-site', 'same-site']) {
      headers.set('Sec-Fetch-Site', site)
      const { exports } = await import('cloudflare:workers')
      const res = await exports.default.fetch(
        new Request('http://localhost:8787/api/auth/logout', { method: 'POST', headers }),
      )
      expect(res.status).toBe(403)
    }
  })

  it('refuses an opaque ("null") Origin', async () => {
    expect((await loginFrom({ Origin: 'null' })).status).toBe(403)
  })

  it('lets the same origin through (then the credentials decide)', async () => {
    expect((await loginFrom({})).status).toBe(401)
  })

  it('lets non-browser clients (no Origin, no Sec-Fetch-Site) through: they carry no victim cookie', async () => {
    const { exports } = await import('cloudflare:workers')
    const res = await exports.default.fetch(
      new Request('http://localhost:8787/api/auth/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'cf-connecting-ip': freshIp() },
        body: JSON.stringify({ username: freshUsername(), password: 'whatever password' }),
      }),
    )
    expect(res.status).toBe(401)
  })
})

describe('GraphQL CSRF and CORS', () => {
  it('refuses a "simple" request (an HTML form post, no CSRF header) even with a session', async () => {
    const form = new FormData()
    form.set('query', '{ me { username } }')
    const res = await call('/graphql', {
      method: 'POST',
      headers: { Cookie: await ownerCookie() },
      body: form,
    })
    expect(res.status).toBe(403)
    expect(await res.text()).not.toContain('"me"')
  })

  it('refuses a GET query without the CSRF header', async () => {
    const res = await call(`/graphql?query=${encodeURIComponent('{ me { username } }')}`, {
      headers: { Cookie: await ownerCookie() },
    })
    expect(res.status).toBe(403)
  })

  it('grants no cross-origin read: no CORS headers for another Origin', async () => {
    const res = await call('/graphql', {
      method: 'POST',
      json: { query: '{ me { username } }' },
      headers: { Cookie: await ownerCookie(), 'x-graphql-yoga-csrf': '1', Origin: 'https://evil.example' },
    })
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
    expect(res.headers.get('access-control-allow-credentials')).toBeNull()
  })
})
