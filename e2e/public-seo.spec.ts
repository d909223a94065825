import { expect, test } from '@playwright/test'
import { EMPTY_STATES } from '../schema/messages'
import { PUBLIC_ROUTES } from '../schema/routes'
import { blockExternal, expectNoSeriousA11yViolations } from './public-helpers'

// What the Worker answers before any JavaScript runs, and the routes' statuses.

const attr = (html: string, selector: RegExp) => html.match(selector)?.[1]

test('every public route has its own title, description, canonical, Open Graph and Twitter tags in the raw HTML', async ({
  request,
  baseURL,
}) => {
  for (const route of PUBLIC_ROUTES.filter((r) => r.inSitemap)) {
    const res = await request.get(route.path)
    expect(res.status()).toBe(200)
    const html = await res.text()
    const title = attr(html, /<title>([^<]*)<\/title>/)
    expect(title?.replace(/&amp;/g, '&')).toBe(route.title)
    expect(attr(html, /<meta name="description" content="([^"]*)"/)?.replace(/&amp;/g, '&')).toBe(
      route.description,
    )
    expect(attr(html, /<link rel="canonical" href="([^"]*)"/)).toBe(`${baseURL}${route.path}`)
    expect(attr(html, /<meta property="og:title" content="([^"]*)"/)).toBe(title)
    expect(attr(html, /<meta property="og:url" content="([^"]*)"/)).toBe(`${baseURL}${route.path}`)
    expect(html).toContain('<meta property="og:description"')
    expect(html).toContain('<meta name="twitter:card" content="summary">')
    expect(attr(html, /<meta name="twitter:title" content="([^"]*)"/)).toBe(title)
  }
})

test('the home page carries ProfessionalService JSON-LD', async ({ request }) => {
  const html = await (await request.get('/')).text()
  const json = attr(html, /<script type="application\/ld\+json">([^<]*)<\/script>/)
  expect(JSON.parse(json!)).toMatchObject({ '@type': 'ProfessionalService', email: 'hello@example.com' })
})

test('/portfolio and /software-solutions answer 301 to /portfolio-solutions', async ({ request }) => {
  for (const path of ['/portfolio', '/software-solutions']) {
    const res = await request.get(path, { maxRedirects: 0 })
    expect(res.status()).toBe(301)
    expect(new URL(res.headers().location!).pathname).toBe('/portfolio-solutions')
  }
})

test('the redirects also work in client-side navigation', async ({ page }) => {
  await blockExternal(page)
  await page.goto('/')
  for (const path of ['/portfolio', '/software-solutions']) {
    // Navigate inside the SPA (no request to the Worker for the document).
    await page.evaluate((to) => {
      history.pushState({}, '', to)
      dispatchEvent(new PopStateEvent('popstate'))
    }, path)
    await expect(page).toHaveURL(/\/portfolio-solutions$/)
    await expect(
      page.getByRole('heading', { level: 1, name: 'Software Solutions That Pay for Themselves' }),
    ).toBeVisible()
    await page.goBack()
  }
})

test('unknown paths: HTTP 404 with the 404 page, Return to Home, and no indexing', async ({
  page,
  request,
}) => {
  const raw = await request.get('/no-such-page')
  expect(raw.status()).toBe(404)
  expect(await raw.text()).toContain('<meta name="robots" content="noindex">')

  await blockExternal(page)
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
  expect(locs).toEqual(PUBLIC_ROUTES.filter((r) => r.inSitemap).map((r) => `${baseURL}${r.path}`))

  const robots = await request.get('/robots.txt')
  expect(robots.status()).toBe(200)
  const text = await robots.text()
  expect(text).toContain('Disallow: /admin')
  expect(text).toContain('Disallow: /login')
  expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`)
})
