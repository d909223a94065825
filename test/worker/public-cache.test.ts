import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { call } from './helpers'
import { ownerCookie } from './session-helpers'

describe('public read caching', () => {
  it('serves the edge copy until an owner write purges it', async () => {
    await env.DB.prepare("insert into skills (category, name) values ('Languages', 'Go')").run()
    const first = await call('/api/skills')
    expect(await first.json()).toMatchObject([{ name: 'Go' }])
    // A change made behind the API's back is not seen while the edge copy lives...
    await env.DB.prepare("insert into skills (category, name) values ('Languages', 'Rust')").run()
    await new Promise((r) => setTimeout(r, 50))
    const cached = (await (await call('/api/skills')).json()) as unknown[]
    expect(cached).toHaveLength(1)
    // ...an anonymous write does not purge it...
    await call('/api/auth/logout', { method: 'POST' })
    expect((await (await call('/api/skills')).json()) as unknown[]).toHaveLength(1)
    // ...and any successful owner write does.
    const cookie = await ownerCookie()
    const write = await call('/api/auth/logout', { method: 'POST', headers: { cookie } })
    expect(write.ok).toBe(true)
    const fresh = (await (await call('/api/skills')).json()) as unknown[]
    expect(fresh).toHaveLength(2)
  })

  it('answers 304 to a matching If-None-Match, with revalidation headers', async () => {
    const res = await call('/api/projects')
    const tag = res.headers.get('etag')
    expect(tag).toBeTruthy()
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
    const again = await call('/api/projects', { headers: { 'If-None-Match': tag! } })
    expect(again.status).toBe(304)
  })
})

// A minimal shell from a stand-in assets binding, so these tests run before a build.
const ASSETS = {
  fetch: async () =>
    new Response(
      '<!doctype html><html><head><title>t</title></head><body><div id="root"></div></body></html>',
      {
        headers: { 'Content-Type': 'text/html' },
      },
    ),
}
const page = async (path: string) => {
  const { app } = await import('../../worker/app')
  const res = await app.request(`http://localhost:8787${path}`, {}, { ...env, ASSETS } as unknown as Env)
  const html = await res.text()
  // The edge copy is stored in the background; give it a moment.
  await new Promise((r) => setTimeout(r, 50))
  return { status: res.status, html }
}

describe('server-rendered first paint caching', () => {
  it('renders a page once, serves the edge copy, and re-renders after an owner write', async () => {
    const { purgePublicReads } = await import('../../worker/http/cache')
    await env.DB.prepare(
      "insert or replace into page_content (key, content) values ('contact.intro', 'First intro copy')",
    ).run()
    await purgePublicReads()
    expect((await page('/contact')).html).toContain('First intro copy')
    // Changed behind the API: the edge copy of the rendered page is still served...
    await env.DB.prepare(
      "update page_content set content = 'Second intro copy' where key = 'contact.intro'",
    ).run()
    expect((await page('/contact')).html).toContain('First intro copy')
    // ...until an owner write purges it.
    const cookie = await ownerCookie()
    const write = await call('/api/page-content/contact.intro', {
      method: 'PUT',
      json: { content: 'Third intro copy', contentType: 'textarea' },
      headers: { cookie },
    })
    expect(write.status).toBe(200)
    const after = (await page('/contact')).html
    expect(after).toContain('Third intro copy')
    expect(after).not.toContain('First intro copy')
  })

  it('serves unknown paths the cached 404 page with status 404', async () => {
    const a = await page('/no-such-page-a')
    const b = await page('/no-such-page-b')
    expect(a.status).toBe(404)
    expect(b.status).toBe(404)
    // React escapes the apostrophes in the rendered markup.
    expect(b.html).toMatch(/The page you(&#x27;|')re looking for doesn(&#x27;|')t exist\./)
  })
})
