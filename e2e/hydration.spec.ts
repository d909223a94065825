import { expect, test } from './fixtures'
import { waitForForm } from './public-helpers'

// React takes the public pages over in place and they work as an app
// afterwards: the head on client-side navigation, the sign-in page, the
// IT-support form's lazy code. Each public page's own load (no hydration
// warning, blocked script or layout shift) is checked in public-budget.spec.ts,
// on the one load that also measures its scripts.

const problem = /hydrat|did not match|Content Security Policy|Refused to|Minified React error/i

test('client-side navigation replaces the whole head: title, description, canonical, og:*, twitter:* and JSON-LD', async ({
  page,
}) => {
  // From a page React hydrates (/ has no scripts, ADR 170) to one with its own JSON-LD and back.
  await page.goto('/it-support')
  await page.waitForFunction(
    () => (window as unknown as { __reactRouterRouteModules?: object }).__reactRouterRouteModules,
  )
  await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0)
  await page.locator('header a[href="/"]').first().click()
  await expect(page).toHaveTitle(/^Custom Software/)
  await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1)
  await page.locator('header a[href="/about"]').first().click()
  await expect(page).toHaveTitle(/^About/)
  const head = await page.evaluate(() => ({
    description: document.querySelector('meta[name="description"]')?.getAttribute('content'),
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href'),
    ogTitle: document.querySelector('meta[property="og:title"]')?.getAttribute('content'),
    ogUrl: document.querySelector('meta[property="og:url"]')?.getAttribute('content'),
    twitterTitle: document.querySelector('meta[name="twitter:title"]')?.getAttribute('content'),
    canonicals: document.querySelectorAll('link[rel="canonical"]').length,
    jsonLd: document.querySelectorAll('script[type="application/ld+json"]').length,
  }))
  expect(head.description).toMatch(/former paramedic/)
  expect(head.canonical).toMatch(/\/about$/)
  expect(head.canonicals).toBe(1)
  expect(head.ogTitle).toBe(await page.title())
  expect(head.ogUrl).toBe(head.canonical)
  expect(head.twitterTitle).toBe(await page.title())
  expect(head.jsonLd).toBe(0)
})

test('/login boots with no blocked script', async ({ page }) => {
  const messages: string[] = []
  page.on('console', (m) => {
    if (problem.test(m.text())) messages.push(m.text())
  })
  await page.goto('/login')
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible()
  expect(messages).toEqual([])
})

test('the IT-support form is hydrated when opened by its address, and its code is fetched only when it is wanted', async ({
  page,
}) => {
  // The form is lazily loaded (ADR 068): a view of the page without it does not
  // download it, pointing at a link that opens it does, and a page opened with
  // the form already shown hydrates it in place.
  const messages: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning' || problem.test(m.text())) messages.push(m.text())
  })
  page.on('pageerror', (e) => messages.push(e.message))
  const scripts: string[] = []
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname)
  })

  await page.goto('/it-support')
  await page.waitForLoadState('networkidle')
  const onView = scripts.length
  await page.getByRole('link', { name: 'Request Support Now' }).hover()
  await expect.poll(() => scripts.length).toBeGreaterThan(onView)
  await page.getByRole('link', { name: 'Request Support Now' }).click()
  await expect(page.getByLabel('Full Name')).toBeVisible()

  // Opened by its address, the form comes with the page, as the plain form, and its code
  // when the visitor reaches for it (ADR 170): once a pointer is over the form.
  await page.mouse.move(0, 0)
  await page.goto('/it-support?form=support')
  await page.waitForLoadState('networkidle')
  const form = page.getByRole('form', { name: 'IT support request' })
  await expect(form).toHaveJSProperty('noValidate', false)
  await waitForForm(page, 'IT support request')
  // Enhanced in place: an empty send is refused beside the fields, by the page's
  // own check, rather than by the browser's bubble.
  await page.getByRole('button', { name: 'Send Support Request' }).click()
  await expect(page.getByLabel('Full Name')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('Full Name')).toBeFocused()
  expect(messages).toEqual([])
})
