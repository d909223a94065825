import { EMPTY_STATES } from '../schema/messages'
import { expect, test } from './fixtures'
import { expectNoSeriousA11yViolations, PUBLIC_PAGES } from './public-helpers'

// What the Worker answers before any JavaScript runs, and the routes' statuses.

const attr = (html: string, selector: RegExp) => html.match(selector)?.[1]
const decode = (s: string | undefined) => s?.replace(/&amp;/g, '&').replace(/&#x27;/g, "'")

/** The pages the sitemap lists, which the page modules define (worker/seo/crawl.ts). */
async function sitemapPaths(request: import('@playwright/test').APIRequestContext) {
  const xml = await (await request.get('/sitemap.xml')).text()
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => new URL(m[1]!).pathname)
}

test('every public route has its own title, description, canonical, Open Graph and Twitter tags in the raw HTML', async ({
  request,
  baseURL,
}) => {
  const paths = await sitemapPaths(request)
  // Then one page per project (/portfolio-solutions/{slug}, issue 16), each checked below like the others.
  expect(paths.filter((p) => !p.startsWith('/portfolio-solutions/')).sort()).toEqual(
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
  const titles = new Set<string>()
  for (const path of paths) {
    const res = await request.get(path)
    expect(res.status()).toBe(200)
    const html = await res.text()
    const title = decode(attr(html, /<title>([^<]*)<\/title>/))
    expect(title).toBeTruthy()
    titles.add(title!)
    expect(attr(html, /<meta name="description" content="([^"]*)"/)).toBeTruthy()
    expect(attr(html, /<link rel="canonical" href="([^"]*)"/)).toBe(`${baseURL}${path}`)
    expect(decode(attr(html, /<meta property="og:title" content="([^"]*)"/))).toBe(title)
    expect(attr(html, /<meta property="og:url" content="([^"]*)"/)).toBe(`${baseURL}${path}`)
    expect(html).toContain('<meta property="og:description"')
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>')
    expect(decode(attr(html, /<meta name="twitter:title" content="([^"]*)"/))).toBe(title)
    // The link-preview image, served by the site itself, with its alternative text.
    const image = attr(html, /<meta property="og:image" content="([^"]*)"/)
    // A project's page shows its own image when it has one; every other page the site's default.
    if (path.startsWith('/portfolio-solutions/')) expect(image).toMatch(new RegExp(`^${baseURL}/`))
    else expect(image).toBe(`${baseURL}/og-default.jpg`)
    expect(attr(html, /<meta name="twitter:image" content="([^"]*)"/)).toBe(image)
    expect(attr(html, /<meta property="og:image:alt" content="([^"]*)"/)).toBeTruthy()
    expect(attr(html, /<meta name="twitter:image:alt" content="([^"]*)"/)).toBeTruthy()
  }
  expect(titles.size).toBe(paths.length)
  const image = await request.get('/og-default.jpg')
  expect(image.status()).toBe(200)
  expect(image.headers()['content-type']).toBe('image/jpeg')
})

test('the home page carries ProfessionalService JSON-LD', async ({ request }) => {
  const html = await (await request.get('/')).text()
  const json = attr(html, /<script type="application\/ld\+json">([^<]*)<\/script>/)
  expect(JSON.parse(json!)).toMatchObject({ '@type': 'ProfessionalService', email: 'hello@example.com' })
})

test('/portfolio and /software-solutions answer 301 to /portfolio-solutions', async ({
  request,
  baseURL,
}) => {
  for (const path of ['/portfolio', '/software-solutions']) {
    const res = await request.get(path, { maxRedirects: 0 })
    expect(res.status()).toBe(301)
    expect(new URL(res.headers().location!, baseURL).pathname).toBe('/portfolio-solutions')
  }
})

test('wrong-case and trailing-slash addresses never show a page under a second address', async ({
  request,
}) => {
  const upper = await request.get('/ABOUT')
  expect(upper.status()).toBe(404)
  expect(await upper.text()).toContain(EMPTY_STATES.notFound.replace(/'/g, '&#x27;'))
  const slash = await request.get('/about/', { maxRedirects: 0 })
  expect(slash.status()).toBe(301)
  expect(new URL(slash.headers().location!).pathname).toBe('/about')
})

test('hashed assets are cached for a year; pages are revalidated with an ETag', async ({ request }) => {
  // (A page React hydrates: /, /about and others have no script, ADR 170.)
  const html = await (await request.get('/it-support')).text()
  const script = attr(html, /import \* as route0 from "(\/assets\/[^"]+\.js)"/)
  expect(script).toBeTruthy()
  const asset = await request.get(script!)
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
  const page = await request.get('/about')
  expect(page.headers()['cache-control']).toBe('private, no-cache')
  const etag = page.headers().etag
  expect(etag).toBeTruthy()
  const again = await request.get('/about', { headers: { 'If-None-Match': etag! } })
  expect(again.status()).toBe(304)
})

test("each public page's HTML links its stylesheet and preloads no module", async ({ request }) => {
  // The HTML is readable and works before hydration, so nothing may compete with
  // the render-blocking stylesheet and the page's image (web/entry.server.tsx,
  // ADR 069): no module is preloaded, and the browser asks for the first script
  // only once the stylesheet has arrived (the browser's side: public-budget.spec.ts).
  for (const path of await sitemapPaths(request)) {
    const html = await (await request.get(path)).text()
    const head = html.slice(0, html.indexOf('</head>'))
    const links = [...head.matchAll(/<link ([^>]*)>/g)].map((m) => m[1] ?? '')
    // (A project page may preload its image first: it is what that page paints.)
    expect(
      links.some((attrs) => /rel="stylesheet" href="\/assets\/[^"]+\.css"/.test(attrs)),
      path,
    ).toBe(true)
    expect(html, path).not.toContain('modulepreload')
    if (hydrates(path))
      expect(html, path).toMatch(/<script [^>]*type="module"[^>]*>[^<]*import \* as route0 from "\/assets\//)
    else expect(html, path).not.toMatch(/<script(?! type="application\/ld\+json")/)
  }
})

/** Whether a page of the sitemap is hydrated: the others are sent without scripts (ADR 170). */
function hydrates(path: string): boolean {
  const page = PUBLIC_PAGES.find((p) => p.path === path)
  if (page) return page.hydrates
  return !(path === '/privacy' || path.startsWith('/portfolio-solutions/'))
}

test('every icon on a public page is a symbol of the cached icon sprite', async ({ request }) => {
  // The icons are drawn from one hashed SVG file (web/components/icons.svg),
  // not from script; a renamed or missing symbol would draw nothing, silently.
  const symbols = new Map<string, Set<string>>()
  let icons = 0
  for (const path of await sitemapPaths(request)) {
    const html = await (await request.get(path)).text()
    for (const [, file, id] of html.matchAll(/<use href="(\/assets\/icons-[\w-]+\.svg)#([\w-]+)"/g)) {
      if (!file || !id) continue
      if (!symbols.has(file)) {
        const sprite = await request.get(file)
        expect(sprite.headers()['content-type'], file).toContain('image/svg+xml')
        expect(sprite.headers()['cache-control'], file).toContain('immutable')
        symbols.set(
          file,
          new Set([...(await sprite.text()).matchAll(/<symbol id="([\w-]+)"/g)].map((m) => m[1] ?? '')),
        )
      }
      expect(symbols.get(file)?.has(id), `${path}: #${id}`).toBe(true)
      icons++
    }
  }
  expect(symbols.size).toBe(1)
  expect(icons).toBeGreaterThan(20)
})

test('unknown paths: HTTP 404 with the 404 page, Return to Home, and no indexing', async ({
  page,
  request,
}) => {
  const raw = await request.get('/no-such-page')
  expect(raw.status()).toBe(404)
  expect(await raw.text()).toContain('<meta name="robots" content="noindex"/>')

  const res = await page.goto('/no-such-page/deeper')
  expect(res?.status()).toBe(404)
  await expect(page.getByText(EMPTY_STATES.notFound)).toBeVisible()
  await expect(page).toHaveTitle('Page Not Found')
  await expectNoSeriousA11yViolations(page)
  await page.getByRole('link', { name: 'Return to Home' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(
    page.getByRole('heading', { level: 1, name: 'Custom Software That Solves Real Problems' }),
  ).toBeVisible()
})

test('/sitemap.xml lists the public routes; /robots.txt disallows /admin and /login', async ({
  request,
  baseURL,
}) => {
  const sitemap = await request.get('/sitemap.xml')
  expect(sitemap.status()).toBe(200)
  const locs = [...(await sitemap.text()).matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1])
  expect(locs).not.toContain(`${baseURL}/admin`)
  expect(locs).not.toContain(`${baseURL}/login`)
  // Every listed page answers 200 (the sitemap is read from the page modules, not kept by hand).
  for (const loc of locs) expect((await request.get(new URL(loc!).pathname)).status()).toBe(200)

  const robots = await request.get('/robots.txt')
  expect(robots.status()).toBe(200)
  const text = await robots.text()
  expect(text).toContain('Disallow: /admin')
  expect(text).toContain('Disallow: /login')
  expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`)
})
