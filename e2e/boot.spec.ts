import { expect, test } from '@playwright/test'
import { blockExternal, PUBLIC_PAGES } from './public-helpers'

// The built shell paints the server's copy first and only then requests the
// SPA (docs/decisions/051-paint-before-boot.md), through one inline script the
// CSP allows by hash.
for (const { path, heading } of PUBLIC_PAGES) {
  test(`${path} paints before it requests the app, then boots without CSP errors`, async ({ page }) => {
    await blockExternal(page)
    const cspErrors: string[] = []
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) cspErrors.push(m.text())
    })
    await page.goto(path)
    // The live page (not the aria-hidden copy) is what role queries find.
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    await expect(page.locator('[data-ssr]')).toHaveCount(0)

    const timing = await page.evaluate(() => {
      const entry = document.querySelector<HTMLMetaElement>('meta[name="app-entry"]')?.content ?? ''
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime
      const request = performance.getEntriesByName(new URL(entry, location.href).href)[0]?.startTime
      return { entry, fcp, request }
    })
    expect(timing.entry).toMatch(/^\/assets\/index-[\w-]+\.js$/)
    expect(timing.fcp).toBeGreaterThan(0)
    expect(timing.request).toBeGreaterThanOrEqual(timing.fcp!)
    expect(cspErrors).toEqual([])
  })
}

test('/login has no server copy and boots at once', async ({ page }) => {
  const cspErrors: string[] = []
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) cspErrors.push(m.text())
  })
  await page.goto('/login')
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible()
  expect(cspErrors).toEqual([])
})
