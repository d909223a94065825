// Issue 14: the privacy and security page is a public route, server-rendered
// with its copy (content blocks privacy.*, editable like the other pages').
import { env } from 'cloudflare:test'
import { describe, expect, it, vi } from 'vitest'
import { PRIVACY_CONTENT_KEYS, PRIVACY_COPY } from '../../schema/privacy-copy'
import { TRUST_CONTENT_KEYS, TRUST_COPY } from '../../schema/trust-copy'
import { app } from '../../worker/app'
import { purgePublicReads } from '../../worker/cache/public-reads'

// The first render of the page module includes its transform inside workerd (as in pages.test.ts).
vi.setConfig({ testTimeout: 30_000 })

const SHELL = `<!doctype html>
<html lang="en">
  <head><meta charset="UTF-8" /><title>Default title</title><meta name="description" content="Default." /></head>
  <body><div id="root"></div></body>
</html>`
const ASSETS = {
  async fetch(input: RequestInfo | URL) {
    const url = new URL(input instanceof Request ? input.url : String(input))
    if (url.pathname === '/') return new Response(SHELL, { headers: { 'Content-Type': 'text/html' } })
    return new Response('Not found', { status: 404 })
  },
}
const get = (path: string) =>
  app.request(`https://example.test${path}`, {}, {
    ...env,
    SITE_URL: 'https://example.test',
    ASSETS,
  } as unknown as Env)

const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')

describe('/privacy', () => {
  it('is a public page with its title, in the sitemap, rendered with what it must say', async () => {
    const res = await get('/privacy')
    expect(res.status).toBe(200)
    const html = decode(await res.text())
    expect(html).toContain('<title>Privacy & Security')
    expect(html).toContain(PRIVACY_COPY.heroTitle)
    expect(html).toContain(PRIVACY_COPY.phiTitle)
    for (const key of [
      'privacy.collect',
      'privacy.insights',
      'privacy.storage',
      'privacy.retention',
      'privacy.rights',
      'privacy.safeguards',
    ] as const) {
      expect(html).toContain(PRIVACY_CONTENT_KEYS[key].defaultContent)
    }
    const sitemap = await (await get('/sitemap.xml')).text()
    expect(sitemap).toContain('https://example.test/privacy')
  })

  it("shows the owner's edited copy", async () => {
    const copy = `Kept for ${crypto.randomUUID().slice(0, 6)} days`
    await env.DB.prepare(
      "insert into page_content (key, content, content_type) values ('privacy.retention', ?, 'textarea') on conflict (key) do update set content = excluded.content",
    )
      .bind(copy)
      .run()
    await purgePublicReads()
    expect(decode(await (await get('/privacy')).text())).toContain(copy)
    const blocks = (await (await get('/api/page-content/privacy')).json()) as {
      key: string
      content: string
    }[]
    expect(blocks).toContainEqual(expect.objectContaining({ key: 'privacy.retention', content: copy }))
  })
})

describe('/trust (issue 39)', () => {
  it('is server-rendered with its copy, in the sitemap, linked from the privacy page', async () => {
    const res = await get('/trust')
    expect(res.status).toBe(200)
    const html = decode(await res.text())
    expect(html).toContain(`<title>${TRUST_COPY.heroTitle}`)
    for (const key of ['trust.breach', 'trust.baa'] as const)
      expect(html).toContain(TRUST_CONTENT_KEYS[key].defaultContent)
    for (const word of [
      'Multi-factor authentication',
      'Encryption in transit',
      'Audit logs',
      'Access reviews',
    ])
      expect(html).toContain(word)
    for (const word of ['Cloudflare:', 'Stripe:', 'The e-mail service:']) expect(html).toContain(word)
    expect(html).toContain('no later than 60 calendar days after discovery')
    expect(html).toContain(`href="${TRUST_COPY.baaHref}"`)
    expect(await (await get('/sitemap.xml')).text()).toContain('https://example.test/trust')
    expect(decode(await (await get('/privacy')).text())).toContain('href="/trust"')
  })

  it('"Request our BAA" opens the IT-support form with the request written in by the server', async () => {
    const html = decode(await (await get(TRUST_COPY.baaHref)).text())
    expect(html).toContain(TRUST_COPY.baaRequest)
    // Only the fixed text: the address cannot put words into the form.
    const plain = decode(await (await get('/it-support?form=support&topic=other')).text())
    expect(plain).not.toContain(TRUST_COPY.baaRequest)
  })
})
