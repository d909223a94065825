// The public pages as the Worker serves them: rendered on the server by the
// real page modules (test/worker/page-build.ts) with their data, the head of
// each page, the 404 status and redirects, the crawler files derived from the
// page modules, the edge cache with its nonce and ETag, and the forms posted
// without JavaScript.

import { env } from 'cloudflare:test'
import { describe, expect, it, vi } from 'vitest'
import { FILTER_CATEGORIES } from '../../schema/constants'
import { CONTENT_KEYS } from '../../schema/content-keys'
import { EMPTY_STATES, TOASTS } from '../../schema/messages'
import { IT_SUPPORT_COPY } from '../../schema/page-copy/it-support'
import { slugify } from '../../schema/slug'
import { purgePublicReads } from '../../worker/cache/public-reads'
import { freshIp, ORIGIN } from './helpers'
import { countRows, freshEmail, openHorizon, send } from './requests-fixtures'
import { ownerCookie } from './session-helpers'

// The first render of each page module includes its transform inside workerd.
vi.setConfig({ testTimeout: 30_000 })

const get = (path: string, headers: Record<string, string> = {}, bindings: Partial<Env> = {}) =>
  send(path, { method: 'GET', headers }, bindings)

const decode = (value: string | undefined) =>
  value
    ?.replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')

const head = (html: string) => ({
  title: decode(html.match(/<title>([^<]*)<\/title>/)?.[1]),
  meta: (attr: 'name' | 'property', key: string) =>
    decode(html.match(new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`))?.[1]),
  canonical: html.match(/<link rel="canonical" href="([^"]*)"/)?.[1],
  jsonLd: html.match(/<script type="application\/ld\+json">([^<]*)<\/script>/)?.[1],
})

/** The titles of the cards on the page (the page's data also travels with it, for hydration). */
const cardTitles = (html: string) =>
  [...html.matchAll(/<h3 id="project-\d+-title"[^>]*>(?:<a [^>]*>)?([^<]*)</g)].map((m) => decode(m[1]))

const text = (html: string) => decode(html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')) ?? ''

async function insertProject(title: string, category: string) {
  await env.DB.prepare(
    "insert into projects (title, slug, description, category, status) values (?, ?, ?, ?, 'production')",
  )
    .bind(title, slugify(title), `${title} description`, category)
    .run()
}

describe('pages rendered with their data', () => {
  it('/portfolio-solutions carries every project and the count of each filter', async () => {
    await insertProject('Clinic Intake Portal', 'healthcare')
    await insertProject('Chat Helper', 'ai-chatbot')
    await insertProject('Odd One', 'not-a-category')
    await purgePublicReads()
    const res = await get('/portfolio-solutions')
    expect(res.status).toBe(200)
    const html = await res.text()
    for (const title of ['Clinic Intake Portal', 'Chat Helper', 'Odd One'])
      expect(cardTitles(html)).toContain(title)
    const counts = Object.fromEntries(
      [...html.matchAll(/data-category="([a-z-]+)"[^>]*>[^<]*<!-- -->[^<]*<span[^>]*>(\d+)<\/span>/g)].map(
        (m) => [m[1], Number(m[2])],
      ),
    )
    const rows = (await env.DB.prepare('select count(*) as n from projects').first<{ n: number }>())!.n
    expect(counts.all).toBe(rows)
    expect(counts.healthcare).toBeGreaterThanOrEqual(1)
    expect(counts['ai-automation']).toBeGreaterThanOrEqual(1)
    expect(counts.other).toBeGreaterThanOrEqual(1)
    expect(Object.keys(counts).sort()).toEqual(FILTER_CATEGORIES.map((c) => c.value).sort())
    // "All" is the current filter.
    expect(html).toMatch(/aria-current="page"[^>]*data-category="all"/)
  })

  it('renders the filter of the address, and All for an unknown one', async () => {
    const html = await (await get('/portfolio-solutions?category=healthcare')).text()
    expect(html).toMatch(/aria-current="page"[^>]*data-category="healthcare"/)
    expect(cardTitles(html)).toContain('Clinic Intake Portal')
    expect(cardTitles(html)).not.toContain('Chat Helper')
    const unknown = await (await get('/portfolio-solutions?category=nonsense')).text()
    expect(unknown).toMatch(/aria-current="page"[^>]*data-category="all"/)
    expect(cardTitles(unknown)).toContain('Chat Helper')
  })

  it('shows the empty state of a category with no projects, and not of one with some', async () => {
    await env.DB.prepare("delete from projects where category = 'inventory'").run()
    await purgePublicReads()
    expect(text(await (await get('/portfolio-solutions?category=inventory')).text())).toContain(
      EMPTY_STATES.solutions,
    )
    expect(text(await (await get('/portfolio-solutions?category=healthcare')).text())).not.toContain(
      EMPTY_STATES.solutions,
    )
  })

  it('/ shows the first three projects as Featured Work and links each category card to its filter', async () => {
    const html = await (await get('/')).text()
    const featured = [...html.matchAll(/data-testid="featured-project"><h3[^>]*>([^<]*)</g)].map((m) =>
      decode(m[1]),
    )
    const listed = (await (await get('/api/projects')).json()) as { title: string }[]
    expect(featured).toHaveLength(Math.min(3, listed.length))
    expect(featured).toEqual(listed.slice(0, 3).map((p) => p.title))
    for (const filter of [
      'business-management',
      'healthcare',
      'ai-automation',
      'data-analytics',
      'pos',
      'inventory',
    ])
      expect(html).toContain(`href="/portfolio-solutions?category=${filter}"`)
  })

  it('/about lists the skills by category', async () => {
    await env.DB.prepare(
      "insert into skills (category, name) values ('Languages', 'TypeScript'), ('Cloud', 'Workers')",
    ).run()
    await purgePublicReads()
    const html = text(await (await get('/about')).text())
    expect(html).toContain('Languages')
    expect(html).toContain('TypeScript')
    expect(html).toContain('Workers')
  })

  it("carries none of a private project's links, nor any repository link, in the page or its data", async () => {
    await env.DB.prepare(
      "insert into projects (title, slug, description, category, status, is_public, live_url, demo_url, github_url) values ('Secret Tool', 'secret-tool', 'Internal', 'other', 'private', 0, 'https://secret-internal.example/admin?token=abc', 'https://secret-demo.example', 'https://github.com/owner/secret')",
    ).run()
    await purgePublicReads()
    for (const path of ['/', '/portfolio-solutions', '/portfolio-solutions?category=other']) {
      const html = await (await get(path)).text()
      expect(html).not.toContain('secret-internal.example')
      expect(html).not.toContain('secret-demo.example')
      expect(html).not.toContain('github.com/owner/secret')
    }
    expect(cardTitles(await (await get('/portfolio-solutions')).text())).toContain('Secret Tool')
  })

  it("shows the owner's copy from content blocks, and only the blocks the page reads", async () => {
    await env.DB.prepare(
      "insert or replace into page_content (key, content, content_type) values ('contact.intro', 'Ring me <any> time', 'textarea'), ('secret.unused', 'SHOULD NOT LEAK', 'text')",
    ).run()
    await purgePublicReads()
    const html = await (await get('/contact')).text()
    expect(html).toContain('Ring me &lt;any&gt; time')
    expect(html).not.toContain('SHOULD NOT LEAK')
    expect(html).not.toContain(CONTENT_KEYS['home.hero.subtitle'].defaultContent)
  })
})

describe('the head of each page', () => {
  const PAGES = ['/', '/about', '/contact', '/portfolio-solutions', '/it-support', '/schedule-consultation']

  it('has its own title, description, canonical URL, Open Graph and Twitter tags with an image', async () => {
    const titles = new Set<string>()
    for (const path of PAGES) {
      const h = head(await (await get(path)).text())
      expect(h.title, path).toBeTruthy()
      titles.add(h.title!)
      expect(h.meta('name', 'description')).toBeTruthy()
      expect(h.canonical).toBe(`${env.SITE_URL}${path}`)
      expect(h.meta('property', 'og:title')).toBe(h.title)
      expect(h.meta('property', 'og:url')).toBe(h.canonical)
      expect(h.meta('property', 'og:image')).toBe(`${env.SITE_URL}/og-default.jpg`)
      expect(h.meta('property', 'og:image:alt')).toBeTruthy()
      expect(h.meta('name', 'twitter:card')).toBe('summary_large_image')
      expect(h.meta('name', 'twitter:image')).toBe(`${env.SITE_URL}/og-default.jpg`)
      expect(h.meta('name', 'twitter:image:alt')).toBeTruthy()
      expect(h.meta('name', 'robots')).toBeUndefined()
    }
    expect(titles.size).toBe(PAGES.length)
  })

  it('describes the business as JSON-LD on the home page only', async () => {
    const json = JSON.parse(head(await (await get('/')).text()).jsonLd!)
    expect(json['@type']).toBe('ProfessionalService')
    expect(json.telephone).toBe(env.CONTACT_PHONE)
    expect(head(await (await get('/about')).text()).jsonLd).toBeUndefined()
  })

  it('keeps the owner screens out of search engines and renders none of their content on the server', async () => {
    for (const path of ['/login', '/admin']) {
      const html = await (await get(path)).text()
      expect(head(html).meta('name', 'robots')).toBe('noindex')
      expect(html).not.toContain('Welcome back')
    }
  })
})

describe('addresses', () => {
  it('answers an unknown path with the 404 page and status, noindex and no canonical', async () => {
    const res = await get('/no-such-page')
    expect(res.status).toBe(404)
    const html = await res.text()
    expect(text(html)).toContain(EMPTY_STATES.notFound)
    expect(text(html)).toContain('Return to Home')
    expect(head(html).meta('name', 'robots')).toBe('noindex')
    expect(head(html).canonical).toBeUndefined()
  })

  it('never renders a page under a wrong-case address', async () => {
    const res = await get('/ABOUT')
    expect(res.status).toBe(404)
    expect(text(await res.text())).toContain(EMPTY_STATES.notFound)
  })

  it('moves a trailing slash to the canonical address', async () => {
    const res = await get('/about/?x=1')
    expect(res.status).toBe(301)
    expect(res.headers.get('location')).toBe(`${ORIGIN}/about?x=1`)
  })

  it.each(['/portfolio', '/software-solutions'])(
    'moves %s to the catalogue, keeping the query',
    async (path) => {
      const res = await get(`${path}?category=pos`)
      expect(res.status).toBe(301)
      expect(res.headers.get('location')).toBe('/portfolio-solutions?category=pos')
    },
  )
})

describe('crawler files, derived from the page modules', () => {
  it('list exactly the pages that answer 200 with themselves as canonical', async () => {
    const xml = await (await get('/sitemap.xml')).text()
    const urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!)
    // Project pages (/portfolio-solutions/{slug}) are listed after the fixed pages, each with its lastmod.
    const fixed = urls.filter((u) => !new URL(u).pathname.startsWith('/portfolio-solutions/'))
    expect(fixed.map((u) => new URL(u).pathname).sort()).toEqual(
      [
        '/',
        '/about',
        '/contact',
        '/it-support',
        '/portfolio-solutions',
        '/privacy',
        '/schedule-consultation',
        '/trust',
      ].sort(),
    )
    for (const url of urls) {
      const path = new URL(url).pathname
      const res = await get(path)
      expect(res.status, path).toBe(200)
      expect(head(await res.text()).canonical).toBe(url)
    }
  })

  it('keep crawlers out of the private pages', async () => {
    const robots = (await (await get('/robots.txt')).text()).split('\n')
    expect(robots).toContain('Disallow: /admin')
    expect(robots).toContain('Disallow: /login')
    expect(robots).toContain(`Sitemap: ${env.SITE_URL}/sitemap.xml`)
  })
})

describe('delivery', () => {
  const nonceOf = (res: Response) => res.headers.get('content-security-policy')?.match(/'nonce-([^']+)'/)?.[1]

  it('gives every inline script of a page that hydrates the nonce of its own response, cached copy or not', async () => {
    const first = await get('/it-support')
    const second = await get('/it-support')
    for (const res of [first, second]) {
      const nonce = nonceOf(res)
      expect(nonce).toBeTruthy()
      const html = await res.text()
      const scripts = [...html.matchAll(/<script(?![^>]*type="application\/ld\+json")([^>]*)>/g)].map(
        (m) => m[1],
      )
      expect(scripts.length).toBeGreaterThan(0)
      for (const attrs of scripts) expect(attrs).toContain(`nonce="${nonce}"`)
    }
    expect(nonceOf(first)).not.toBe(nonceOf(second))
  })

  it('serves the edge copy until an owner write, and revalidates with an ETag', async () => {
    await purgePublicReads()
    await insertProject('Before The Write', 'pos')
    const first = await get('/portfolio-solutions?category=pos')
    expect(first.headers.get('cache-control')).toBe('private, no-cache')
    const etag = first.headers.get('etag')
    expect(etag).toMatch(/^W\/"/)
    expect(await first.text()).toContain('Before The Write')

    // Changed behind the API's back: the stored page is still served...
    await insertProject('Behind The Back', 'pos')
    const cached = await get('/portfolio-solutions?category=pos')
    expect(await cached.text()).not.toContain('Behind The Back')
    // ...and a browser holding it gets a 304 with no policy that could mismatch its stored page.
    const notModified = await get('/portfolio-solutions?category=pos', { 'If-None-Match': etag! })
    expect(notModified.status).toBe(304)
    expect(notModified.headers.get('content-security-policy')).toBeNull()

    // An owner write purges every page, query-string variants included.
    const cookie = await ownerCookie()
    expect((await send('/api/auth/logout', { headers: { cookie } })).ok).toBe(true)
    const fresh = await get('/portfolio-solutions?category=pos', { 'If-None-Match': etag! })
    expect(fresh.status).toBe(200)
    expect(await fresh.text()).toContain('Behind The Back')
  })

  it('never stores a page whose query it does not know', async () => {
    await get('/contact?utm_source=x')
    await env.DB.prepare(
      "insert or replace into page_content (key, content) values ('contact.intro', 'Brand new intro')",
    ).run()
    await purgePublicReads()
    expect(await (await get('/contact?utm_source=x')).text()).toContain('Brand new intro')
  })

  it('passes other files through as the assets binding sends them, with the security headers', async () => {
    // The build's hashed output is served without the Worker (ADR 176, web/public/_headers,
    // checked in test/node/asset-headers.test.ts); the favicon and the fonts come through here.
    const ASSETS = {
      fetch: async () =>
        new Response('<svg/>', {
          headers: { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'public, max-age=0, must-revalidate' },
        }),
    } as unknown as Fetcher
    const favicon = await get('/favicon.svg', {}, { ASSETS })
    expect(await favicon.text()).toBe('<svg/>')
    expect(favicon.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
    expect(favicon.headers.get('x-content-type-options')).toBe('nosniff')
  })
})

describe('the IT-support chatbot demo', () => {
  // An unknown query parameter keeps these renders out of the edge cache, whose
  // copy would not depend on the binding each test sets.
  const itSupport = (bindings: Partial<Env>) => get('/it-support?demo-test', {}, bindings)

  it('without CHATBOT_DEMO_URL: the "not available" text, no frame and no "live" label', async () => {
    const res = await itSupport({ CHATBOT_DEMO_URL: '' })
    const html = await res.text()
    expect(html).toContain(IT_SUPPORT_COPY.demoUnavailable)
    expect(html).not.toContain('<iframe')
    expect(html).not.toContain(IT_SUPPORT_COPY.demoLabel)
    expect(res.headers.get('content-security-policy')).toContain("frame-src 'none'")
  })

  it('with CHATBOT_DEMO_URL: a sandboxed frame of it under the "live" label, allowed by the CSP', async () => {
    const res = await itSupport({ CHATBOT_DEMO_URL: 'https://demo.example.net/chat' })
    const html = await res.text()
    const frame = html.match(/<iframe [^>]*>/)?.[0] ?? ''
    expect(frame).toContain('src="https://demo.example.net/chat"')
    expect(frame).toContain('sandbox="allow-scripts allow-same-origin allow-forms"')
    expect(html).toContain(`<figcaption`)
    expect(html).toContain(IT_SUPPORT_COPY.demoLabel)
    expect(html).not.toContain(IT_SUPPORT_COPY.demoUnavailable)
    expect(res.headers.get('content-security-policy')).toMatch(/frame-src [^;]*https:\/\/demo\.example\.net/)
  })
})

describe('the request forms without JavaScript', () => {
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString()
  const post = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    send(path, {
      body: form(fields),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
      ip: freshIp(),
    })

  it('stores and e-mails a consultation posted as a form, and answers with the confirmation', async () => {
    const email = freshEmail('nojs')
    await openHorizon()
    const before = await countRows('consultations')
    const res = await post('/schedule-consultation', {
      name: 'Pat Doe',
      email,
      projectType: 'web-application',
      description: 'A booking system.',
      preferredDate: '2030-07-15',
      preferredTime: '09:00',
      website: '',
    })
    expect(res.status).toBe(200)
    expect(text(await res.text())).toContain(TOASTS.consultationSent.description)
    expect(await countRows('consultations')).toBe(before + 1)
    const row = await env.DB.prepare('select preferred_date as d from consultations where email = ?')
      .bind(email)
      .first<{ d: unknown }>()
    expect(row).not.toBeNull()
    const outbox = await env.DB.prepare('select status from mail_outbox where reply_to = ?')
      .bind(email)
      .first<{ status: string }>()
    expect(outbox?.status).toBe('sent')
  })

  it("takes a form posted by a no-referrer page (Origin: null, the browser's Sec-Fetch-Site same-origin), and only such a navigation", async () => {
    const email = freshEmail('nullorigin')
    await openHorizon()
    const fields = {
      name: 'Pat Null',
      email,
      projectType: 'web-application',
      description: 'A booking system.',
      preferredDate: '2030-07-16',
      preferredTime: '10:00',
      website: '',
    }
    const before = await countRows('consultations')
    // Not a navigation (a script's fetch) or not same-origin: refused, nothing stored.
    for (const headers of [
      { Origin: 'null', 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'cors' },
      { Origin: 'null', 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'navigate' },
    ]) {
      expect((await post('/schedule-consultation', fields, headers)).status).toBe(403)
    }
    expect(await countRows('consultations')).toBe(before)
    const res = await post('/schedule-consultation', fields, {
      Origin: 'null',
      'Sec-Fetch-Site': 'same-origin',
      'Sec-Fetch-Mode': 'navigate',
    })
    expect(res.status).toBe(200)
    expect(text(await res.text())).toContain(TOASTS.consultationSent.description)
    expect(await countRows('consultations')).toBe(before + 1)
  })

  it('answers refused fields with the form again: each error beside its field, the values kept, nothing stored', async () => {
    const before = await countRows('support_requests')
    const res = await post('/it-support?form=support', {
      name: 'Robin <b>Roe</b>',
      email: 'not-an-email',
      phone: '618-555-0100',
      issueType: 'network',
      urgency: 'high',
      description: 'Printer on fire',
      preferredContact: 'email',
    })
    expect(res.status).toBe(400)
    const html = await res.text()
    expect(html).toMatch(/id="email-error"[^>]*>[^<]+</)
    expect(html).toMatch(/id="email"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="email"/)
    expect(html).toContain('value="Robin &lt;b&gt;Roe&lt;/b&gt;"')
    expect(html).toContain('Printer on fire')
    expect(html).toContain('role="alert"')
    expect(await countRows('support_requests')).toBe(before)
  })

  it('stores a support request posted as a form and shows its confirmation', async () => {
    const res = await post('/it-support?form=support', {
      name: 'Robin Roe',
      email: freshEmail('support'),
      phone: '618-555-0100',
      issueType: 'network',
      urgency: 'high',
      description: 'Printer on fire',
      preferredContact: 'email',
    })
    expect(res.status).toBe(200)
    expect(text(await res.text())).toContain(TOASTS.supportSent.title)
  })

  it('with Turnstile keys, both forms carry the widget (its site key only) and the policy allows it', async () => {
    const keys = {
      TURNSTILE_SITE_KEY: '1x00000000000000000000AA',
      TURNSTILE_SECRET_KEY: 'secret-never-sent',
    } as Partial<Env>
    for (const path of ['/schedule-consultation', '/it-support?form=support']) {
      const res = await get(path, {}, keys)
      const html = await res.text()
      expect(html).toContain('data-turnstile-sitekey="1x00000000000000000000AA"')
      expect(html).not.toContain('secret-never-sent')
      expect(res.headers.get('content-security-policy')).toContain('https://challenges.cloudflare.com')
    }
    // Off (no keys, as locally): no widget, and nothing of Turnstile in the policy.
    await purgePublicReads()
    const plain = await get('/schedule-consultation')
    expect(await plain.text()).not.toContain('data-turnstile-sitekey')
    expect(plain.headers.get('content-security-policy')).not.toContain('challenges.cloudflare.com')
  })

  it('refuses a form posted from another site', async () => {
    const before = await countRows('consultations')
    const res = await post(
      '/schedule-consultation',
      { name: 'X' },
      { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
    )
    expect(res.status).toBe(403)
    expect(await countRows('consultations')).toBe(before)
  })
})

describe('the support form offers one way to say "any time" (issue 28)', () => {
  it('has the Anytime option once and no placeholder meaning the same', async () => {
    const html = await (await get('/it-support?form=support')).text()
    const select = html.match(/<select[^>]*name="preferredTime"[^>]*>([\s\S]*?)<\/select>/)?.[1] ?? ''
    const labels = [...select.matchAll(/<option[^>]*>([^<]*)<\/option>/g)].map((m) => m[1])
    expect(labels).toContain('Anytime')
    expect(labels.filter((l) => /any ?time/i.test(l!))).toEqual(['Anytime'])
  })
})
