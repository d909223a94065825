import { env } from 'cloudflare:test'
import { describe, expect, it, vi } from 'vitest'
import { CONTENT_KEYS } from '../../schema/content-keys'
import { EMPTY_STATES } from '../../schema/messages'
import {
  ABOUT_COPY,
  CONTACT_COPY,
  HOME_COPY,
  IT_SUPPORT_COPY,
  NAV_COPY,
  RESUME_DOWNLOAD_URL,
  SCHEDULE_COPY,
  SOLUTIONS_COPY,
} from '../../schema/site-copy'
import { app } from '../../worker/app'
import { purgePublicReads } from '../../worker/http/cache'
import { firstPaint } from '../../worker/seo/first-paint'

// The built index.html is not needed: the assets binding is replaced by one
// serving a shell shaped like Vite's output, so these tests run before a build.
const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Default title</title>
    <meta name="description" content="Default description." />
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`

const assetRequests: string[] = []
const ASSETS = {
  async fetch(input: RequestInfo | URL, init?: RequestInit) {
    const req = new Request(input, init)
    const url = new URL(req.url)
    assetRequests.push(url.pathname)
    if (url.pathname === '/') {
      // Like the real binding: a conditional request for an unchanged file has no body.
      if (req.headers.get('If-None-Match') === '"shell"') return new Response(null, { status: 304 })
      return new Response(SHELL, {
        headers: { 'Content-Type': 'text/html', ETag: '"shell"', 'Content-Length': String(SHELL.length) },
      })
    }
    if (url.pathname === '/assets/index-abc.js') {
      return new Response('console.log(1)', { headers: { 'Content-Type': 'text/javascript' } })
    }
    return new Response('Not found', { status: 404 })
  },
}

const testEnv = (vars: Partial<Env> = {}) =>
  ({
    ...env,
    SITE_URL: 'https://example.test',
    OWNER_NAME: 'Alex Morgan',
    CONTACT_EMAIL: 'hello@example.com',
    CONTACT_PHONE: '+1 (618) 555-0123',
    CHATBOT_DEMO_URL: '',
    ...vars,
    ASSETS,
  }) as unknown as Env

const get = (path: string, vars?: Partial<Env>, init?: RequestInit) =>
  app.request(`https://example.test${path}`, init ?? {}, testEnv(vars))

const decode = (value: string | undefined) =>
  value
    ?.replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')

const parse = (html: string) => ({
  title: decode(html.match(/<title>([^<]*)<\/title>/)?.[1]),
  meta: (attr: 'name' | 'property', key: string) =>
    decode(html.match(new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`))?.[1]),
  canonical: decode(html.match(/<link rel="canonical" href="([^"]*)"/)?.[1]),
  jsonLd: html.match(/<script type="application\/ld\+json">([^<]*)<\/script>/)?.[1],
  config: html.match(/<script type="application\/json" id="site-config">([^<]*)<\/script>/)?.[1],
  data: html.match(/<script type="application\/json" id="site-data">([^<]*)<\/script>/)?.[1],
})

describe('SPA shell per route', () => {
  const routes = [
    ['/', 'Custom Software That Solves Real Problems'],
    ['/about', 'About | From Paramedic to Software Developer'],
    ['/contact', 'Contact | Free 30-Minute Consultation'],
    ['/portfolio-solutions', 'Software Solutions Portfolio'],
    ['/it-support', 'IT Support'],
    ['/schedule-consultation', 'Schedule a Free Consultation'],
  ] as const

  it.each(routes)(
    '%s has its own title, description, canonical, Open Graph and Twitter tags',
    async (path, title) => {
      const res = await get(path)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toContain('text/html')
      expect(res.headers.get('cache-control')).toBe('no-cache')
      const html = await res.text()
      const doc = parse(html)
      expect(doc.title).toContain(title)
      const description = doc.meta('name', 'description')
      expect(description).toBeTruthy()
      expect(description).not.toBe('Default description.')
      expect(doc.canonical).toBe(`https://example.test${path}`)
      expect(doc.meta('property', 'og:title')).toBe(doc.title)
      expect(doc.meta('property', 'og:description')).toBe(description)
      expect(doc.meta('property', 'og:url')).toBe(`https://example.test${path}`)
      expect(doc.meta('property', 'og:type')).toBe('website')
      expect(doc.meta('name', 'twitter:card')).toBe('summary')
      expect(doc.meta('name', 'twitter:title')).toBe(doc.title)
      expect(doc.meta('name', 'robots')).toBeUndefined()
      // The bundle reference survives the rewrite.
      expect(html).toContain('src="/assets/index-abc.js"')
    },
  )

  it('gives every public route a different title and description', async () => {
    const docs = await Promise.all(routes.map(async ([path]) => parse(await (await get(path)).text())))
    expect(new Set(docs.map((d) => d.title)).size).toBe(routes.length)
    expect(new Set(docs.map((d) => d.meta('name', 'description'))).size).toBe(routes.length)
  })

  it('normalises a trailing slash in the canonical URL', async () => {
    const res = await get('/about/')
    expect(res.status).toBe(200)
    expect(parse(await res.text()).canonical).toBe('https://example.test/about')
  })

  it('marks the owner screens noindex', async () => {
    for (const path of ['/login', '/admin']) {
      const res = await get(path)
      expect(res.status).toBe(200)
      expect(parse(await res.text()).meta('name', 'robots')).toBe('noindex')
    }
  })

  it('answers unknown paths with the shell, status 404, noindex and no canonical', async () => {
    const res = await get('/no-such-page')
    expect(res.status).toBe(404)
    const doc = parse(await res.text())
    expect(doc.title).toBe('Page Not Found')
    expect(doc.meta('name', 'description')).toBe("The page you're looking for doesn't exist.")
    expect(doc.meta('name', 'robots')).toBe('noindex')
    expect(doc.canonical).toBeUndefined()
    expect(doc.config).toBeTruthy()
  })

  it('never forwards conditional headers for the shell (no bodiless 304) and drops the asset ETag', async () => {
    const res = await get('/contact', undefined, { headers: { 'If-None-Match': '"shell"' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('etag')).toBeNull()
    expect(parse(await res.text()).title).toContain('Contact')
  })

  it('passes files through from the assets binding', async () => {
    const res = await get('/assets/index-abc.js')
    expect(res.status).toBe(200)
    expect(await res.text()).toBe('console.log(1)')
    expect((await get('/missing.png')).status).toBe(404)
  })
})

describe('JSON-LD', () => {
  it('describes the business as a ProfessionalService on the home page only', async () => {
    const home = parse(await (await get('/')).text())
    const data = JSON.parse(home.jsonLd ?? 'null')
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'ProfessionalService',
      url: 'https://example.test/',
      email: 'hello@example.com',
      telephone: '+1 (618) 555-0123',
      founder: { '@type': 'Person', name: 'Alex Morgan' },
      areaServed: { name: 'Southern Illinois' },
    })
    expect(data.openingHoursSpecification[0]).toMatchObject({ opens: '09:00', closes: '17:00' })
    expect(parse(await (await get('/about')).text()).jsonLd).toBeUndefined()
  })
})

describe('site config in the shell', () => {
  it('carries the owner details and a valid demo URL', async () => {
    const doc = parse(
      await (await get('/it-support', { CHATBOT_DEMO_URL: 'https://chat.example.com/demo' })).text(),
    )
    expect(JSON.parse(doc.config!)).toEqual({
      ownerName: 'Alex Morgan',
      contactEmail: 'hello@example.com',
      contactPhone: '+1 (618) 555-0123',
      chatbotDemoUrl: 'https://chat.example.com/demo',
      siteUrl: 'https://example.test',
    })
  })

  it('drops a demo URL that is not http(s)', async () => {
    const doc = parse(await (await get('/it-support', { CHATBOT_DEMO_URL: 'javascript:alert(1)' })).text())
    expect(JSON.parse(doc.config!).chatbotDemoUrl).toBe('')
  })

  it('escapes markup so a var can never close the script element', async () => {
    const html = await (await get('/', { OWNER_NAME: '</script><script>alert(1)</script>' })).text()
    expect(html).not.toContain('<script>alert(1)')
    expect(JSON.parse(parse(html).config!).ownerName).toBe('</script><script>alert(1)</script>')
    const data = JSON.parse(parse(html).jsonLd!)
    expect(data.founder.name).toBe('</script><script>alert(1)</script>')
  })

  it('escapes attribute values in meta tags', async () => {
    const html = await (await get('/', { SITE_URL: 'https://example.test/"><b>x' })).text()
    expect(html).not.toContain('"><b>x')
    expect(html).toContain('&quot;&gt;&lt;b&gt;x')
  })
})

describe('redirects', () => {
  it.each(['/portfolio', '/software-solutions', '/portfolio/'])(
    '%s moves permanently to the catalogue',
    async (path) => {
      const res = await get(`${path}?ref=old`)
      expect(res.status).toBe(301)
      expect(res.headers.get('location')).toBe('https://example.test/portfolio-solutions?ref=old')
    },
  )
})

describe('crawler files', () => {
  it('/sitemap.xml lists the public routes and not the owner screens', async () => {
    const res = await get('/sitemap.xml')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('application/xml')
    const xml = await res.text()
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1])
    expect(locs).toEqual([
      'https://example.test/',
      'https://example.test/about',
      'https://example.test/contact',
      'https://example.test/portfolio-solutions',
      'https://example.test/it-support',
      'https://example.test/schedule-consultation',
      'https://example.test/privacy',
    ])
  })

  it('/robots.txt disallows /admin and /login and names the sitemap', async () => {
    const res = await get('/robots.txt')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/plain')
    const lines = (await res.text()).split('\n')
    expect(lines).toContain('User-agent: *')
    expect(lines).toContain('Disallow: /admin')
    expect(lines).toContain('Disallow: /login')
    expect(lines).toContain('Sitemap: https://example.test/sitemap.xml')
    // Nothing public is disallowed.
    expect(lines.filter((l) => l.startsWith('Disallow:'))).toHaveLength(2)
  })

  it('are served by the Worker, not looked up as static files', async () => {
    assetRequests.length = 0
    await get('/robots.txt')
    await get('/sitemap.xml')
    expect(assetRequests).toEqual([])
  })
})

describe('page data in the shell', () => {
  it('carries the content blocks and the active resume (without its storage key), escaped', async () => {
    const key = `test.${crypto.randomUUID().slice(0, 8)}`
    await env.DB.prepare('insert into page_content (key, content, content_type) values (?, ?, ?)')
      .bind(key, 'Owner copy </script><script>alert(1)</script>', 'textarea')
      .run()
    await env.DB.prepare('update resumes set is_active = 0').run()
    await env.DB.prepare(
      "insert into resumes (original_name, mime_type, file_size, object_key, is_active) values ('CV.pdf', 'application/pdf', 10, 'resumes/secret-key', 1)",
    ).run()
    // Written behind the API: do the purge an owner write does (worker/http/cache.ts).
    await purgePublicReads()

    const html = await (await get('/about')).text()
    expect(html).not.toContain('<script>alert(1)')
    const data = JSON.parse(parse(html).data!)
    expect(data.content).toContainEqual(
      expect.objectContaining({
        key,
        content: 'Owner copy </script><script>alert(1)</script>',
        contentType: 'textarea',
      }),
    )
    expect(data.resume).toMatchObject({ originalName: 'CV.pdf', mimeType: 'application/pdf', isActive: true })
    expect(html).not.toContain('resumes/secret-key')
  })

  it('says so when no resume is active', async () => {
    await env.DB.prepare('update resumes set is_active = 0').run()
    await purgePublicReads()
    const data = JSON.parse(parse(await (await get('/')).text()).data!)
    expect(data.resume).toBeNull()
  })

  it('still serves the shell, without the data, when the database fails', async () => {
    await purgePublicReads()
    const failingDb = {
      prepare() {
        throw new Error('D1 down')
      },
    }
    const res = await app.request('https://example.test/contact', {}, {
      ...testEnv(),
      DB: failingDb,
    } as unknown as Env)
    expect(res.status).toBe(200)
    const doc = parse(await res.text())
    expect(doc.title).toContain('Contact')
    expect(doc.data).toBeUndefined()
    expect(doc.config).toBeTruthy()
  })
})

describe('server-rendered first paint', () => {
  // The markup inside <div id="root">, the inert copy the SPA replaces.
  const rootOf = (html: string) => html.match(/<div id="root">([\s\S]*)<\/div>\s*<\/body>/)?.[1] ?? ''
  const h1Of = (html: string) => decode(rootOf(html).match(/<h1[^>]*>([\s\S]*?)<\/h1>/)?.[1])

  it.each([
    ['/', HOME_COPY.heroTitle],
    ['/about', ABOUT_COPY.heroTitle],
    ['/contact', CONTACT_COPY.heroTitle],
    ['/portfolio-solutions', SOLUTIONS_COPY.heroTitle],
    ['/it-support', IT_SUPPORT_COPY.heroTitle],
    ['/schedule-consultation', SCHEDULE_COPY.heading],
  ])('renders %s with its heading inside an inert #root', async (path, heading) => {
    const res = await get(path)
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(rootOf(html)).toMatch(/^<div data-ssr inert aria-hidden="true">/)
    expect(h1Of(html)).toBe(heading)
    // The navigation bar is part of the first paint too.
    expect(rootOf(html)).toContain(`aria-label="${NAV_COPY.mainNavigation}"`)
  })

  it('renders the spec headings of / and /schedule-consultation', async () => {
    expect(h1Of(await (await get('/')).text())).toBe('Custom Software That Solves Real Problems')
    expect(h1Of(await (await get('/schedule-consultation')).text())).toBe('Schedule a Free Consultation')
  })

  it('renders the 404 page for an unknown path, with status 404', async () => {
    const res = await get('/no-such-page')
    expect(res.status).toBe(404)
    const root = decode(rootOf(await res.text()))
    expect(root).toContain(EMPTY_STATES.notFound)
    expect(root).toContain("The page you're looking for doesn't exist.")
  })

  it("renders the owner's content block copy and the resume button from the shell data", async () => {
    const copy = `Owner hero copy ${crypto.randomUUID().slice(0, 8)} <b>not markup</b>`
    await env.DB.prepare(
      "insert into page_content (key, content, content_type) values ('home.hero.subtitle', ?, 'textarea') on conflict (key) do update set content = excluded.content",
    )
      .bind(copy)
      .run()
    await env.DB.prepare('update resumes set is_active = 0').run()
    await env.DB.prepare(
      "insert into resumes (original_name, mime_type, file_size, object_key, is_active) values ('CV.pdf', 'application/pdf', 10, 'resumes/first-paint', 1)",
    ).run()
    await purgePublicReads()

    const root = rootOf(await (await get('/')).text())
    expect(decode(root)).toContain(copy)
    expect(root).not.toContain('<b>not markup</b>')
    expect(root).toContain(`href="${RESUME_DOWNLOAD_URL}"`)
    expect(decode(root)).not.toContain(CONTENT_KEYS['home.hero.subtitle'].defaultContent)

    // Another request without a resume must not see the previous one's (module state is per isolate).
    await env.DB.prepare('update resumes set is_active = 0').run()
    await env.DB.prepare("delete from page_content where key = 'home.hero.subtitle'").run()
    await purgePublicReads()
    const next = decode(rootOf(await (await get('/')).text()))
    expect(next).not.toContain(copy)
    expect(next).not.toContain(`href="${RESUME_DOWNLOAD_URL}"`)
    expect(next).toContain(CONTENT_KEYS['home.hero.subtitle'].defaultContent)
  })

  it('uses the site config of the request (owner name from the vars)', async () => {
    const root = decode(
      rootOf(await (await get('/contact', { CONTACT_EMAIL: 'owner@first-paint.test' })).text()),
    )
    expect(root).toContain('owner@first-paint.test')
  })

  it('keeps the owner screens client-only', async () => {
    for (const path of ['/login', '/admin']) {
      expect(rootOf(await (await get(path)).text())).toBe('')
    }
  })

  it('does not render a redirect target, it redirects', async () => {
    const res = await get('/portfolio')
    expect(res.status).toBe(301)
  })

  it('falls back to no markup, logged, when rendering throws', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const markup = await firstPaint(testEnv(), new Request('https://example.test/'), null, async () => {
        throw new Error('render exploded')
      })
      expect(markup).toBeNull()
      expect(String(error.mock.calls[0]?.[0])).toContain('render exploded')
    } finally {
      error.mockRestore()
    }
  })
})
