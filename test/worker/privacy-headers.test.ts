// Issue 14: answers carrying visitors' or the owner's data are never cached,
// resources are same-origin, and the request id cannot be chosen by a client.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { app } from '../../worker/app'
import { gql, rest } from './admin-helpers'
import { call, ORIGIN } from './helpers'

describe('Cache-Control', () => {
  it('/graphql answers are private, no-store, signed in or not', async () => {
    const signedIn = await call('/graphql', {
      method: 'POST',
      json: { query: '{ consultations { id email } }' },
      headers: { 'x-graphql-yoga-csrf': '1', Cookie: await (await import('./admin-helpers')).owner() },
    })
    expect(signedIn.status).toBe(200)
    expect(signedIn.headers.get('cache-control')).toBe('private, no-store')
    const anonymous = await gql('{ consultations { id } }', {}, false)
    expect(anonymous.status).toBe(401)
    const res = await call('/graphql?query=%7B__typename%7D')
    expect(res.headers.get('cache-control')).toBe('private, no-store')
  })

  it.each([
    ['GET', '/api/consultations'],
    ['GET', '/api/support-requests'],
    ['GET', '/api/uploads'],
    ['GET', '/api/resumes'],
    ['GET', '/api/auth/me'],
  ])("the owner's %s %s is private, no-store", async (method, path) => {
    const res = await rest(method, path)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('private, no-store')
  })

  it('errors and form answers are not cacheable either', async () => {
    expect((await call('/api/consultations')).headers.get('cache-control')).toBe('private, no-store')
    const bad = await call('/api/consultations', { method: 'POST', json: {} })
    expect(bad.status).toBe(400)
    expect(bad.headers.get('cache-control')).toBe('private, no-store')
  })

  it('public reads keep their own revalidating policy', async () => {
    expect((await call('/api/projects')).headers.get('cache-control')).toBe(
      'public, max-age=0, must-revalidate',
    )
  })
})

describe('Cross-Origin-Resource-Policy', () => {
  it.each(['/api/projects', '/graphql', '/', '/nowhere', '/api/nowhere'])(
    '%s is same-origin',
    async (path) => {
      expect((await call(path)).headers.get('cross-origin-resource-policy')).toBe('same-origin')
    },
  )

  it("the site's own static images may be embedded elsewhere", async () => {
    expect((await call('/favicon.svg')).headers.get('cross-origin-resource-policy')).toBe('cross-origin')
  })
})

describe('X-Request-Id', () => {
  const RAY = '8f1c2d3e4a5b6c7d-ORD'

  it('ignores a client-sent cf-ray off Cloudflare', async () => {
    const res = await call('/api/health', { headers: { 'cf-ray': RAY } })
    const id = res.headers.get('x-request-id')
    expect(id).not.toBe(RAY)
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('uses the ray id on Cloudflare (a deployed environment, request.cf present)', async () => {
    const req = new Request(`${ORIGIN}/api/health`, {
      headers: { 'cf-ray': RAY },
      cf: { colo: 'ORD' },
    } as RequestInit)
    const res = await app.fetch(req, { ...env, ENVIRONMENT: 'production' })
    expect(res.headers.get('x-request-id')).toBe(RAY)
  })

  it('refuses a forged value even on Cloudflare', async () => {
    const req = new Request(`${ORIGIN}/api/health`, {
      headers: { 'cf-ray': '<script>forged</script>' },
      cf: { colo: 'ORD' },
    } as RequestInit)
    const res = await app.fetch(req, { ...env, ENVIRONMENT: 'production' })
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
  })
})
