import { env } from 'cloudflare:test'
import { describe, expect, it, vi } from 'vitest'
import { call } from './helpers'

describe('GET /api/health', () => {
  it('reports D1, KV and R2 reachable', async () => {
    const res = await call('/api/health')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: 'ok', checks: { d1: 'ok', kv: 'ok', r2: 'ok' } })
  })

  it('answers 503 when a binding fails', async () => {
    const original = env.DB.prepare.bind(env.DB)
    env.DB.prepare = () => {
      throw new Error('D1 down')
    }
    try {
      const { app } = await import('../../worker/app')
      const res = await app.request('/api/health', {}, env)
      expect(res.status).toBe(503)
      expect(await res.json()).toMatchObject({
        status: 'degraded',
        checks: { d1: 'error', kv: 'ok', r2: 'ok' },
      })
    } finally {
      env.DB.prepare = original
    }
  })
})

describe('security headers', () => {
  it('are on API responses', async () => {
    const res = await call('/api/health')
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/)
    expect(res.headers.get('referrer-policy')).toBeTruthy()
    expect(res.headers.get('permissions-policy')).toContain('camera=()')
    expect(res.headers.get('x-request-id')).toBeTruthy()
  })

  it('allow scripts from the site and inline ones only by a fresh per-response nonce', async () => {
    const scriptSrc = async () =>
      ((await call('/api/health')).headers.get('content-security-policy') ?? '')
        .split('; ')
        .find((d) => d.startsWith('script-src '))
    const first = await scriptSrc()
    expect(first).toMatch(/^script-src 'self' 'nonce-[A-Za-z0-9+/]{22}==' *$/)
    expect(first).not.toContain('unsafe-inline')
    expect(await scriptSrc()).not.toBe(first)
  })

  it('are on unknown API paths, with the JSON error shape', async () => {
    const res = await call('/api/nope')
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ message: 'Not found' })
    expect(res.headers.get('content-security-policy')).toBeTruthy()
  })
})

describe('bindings round trip', () => {
  it('reads back what it wrote to D1, R2 and KV through the app', async () => {
    await env.DB.prepare("insert into skills (category, name) values ('Languages', 'TypeScript')").run()
    const res = await call('/api/skills')
    expect(await res.json()).toMatchObject([{ category: 'Languages', name: 'TypeScript' }])
    await env.FILES.put('t/x.txt', 'hello')
    expect(await (await env.FILES.get('t/x.txt'))?.text()).toBe('hello')
    await env.SESSIONS.put('k', 'v')
    expect(await env.SESSIONS.get('k')).toBe('v')
  })
})

describe('request ids', () => {
  it('every answer carries one, raw responses (GraphQL, file downloads) included; a client-sent cf-ray is not echoed off Cloudflare', async () => {
    const graphql = await call('/graphql', { method: 'POST', json: { query: '{ me { id } }' } })
    expect(graphql.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    const missing = await call('/api/resume/download')
    expect(missing.headers.get('x-request-id')).toBeTruthy()
    // Here (no request.cf) the header is whatever a client sent: a fresh id is made instead
    // (on Cloudflare the edge's own ray id is used; test/worker/privacy-headers.test.ts).
    const ray = await call('/api/health', { headers: { 'cf-ray': '8f00aa11bb22cc33-ORD' } })
    expect(ray.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('an unexpected failure is logged under the id the client saw', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const original = env.DB.prepare.bind(env.DB)
    env.DB.prepare = () => {
      throw new Error('D1 is down')
    }
    try {
      const res = await call('/api/projects')
      expect(res.status).toBe(500)
      const id = res.headers.get('x-request-id')!
      const logged = errors.mock.calls.map(([line]) => JSON.parse(String(line)) as { requestId?: string })
      expect(logged.some((l) => l.requestId === id)).toBe(true)
    } finally {
      env.DB.prepare = original
      errors.mockRestore()
    }
  })
})
