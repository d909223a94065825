import { expect, type Page, test } from './fixtures'
import { blockExternal, expectNoHorizontalScroll } from './public-helpers'

// Issue 28's layout polish, at the sizes named in the issue: the footer sits at
// the bottom of a short page instead of mid-screen.

test.beforeEach(async ({ page }) => {
  await blockExternal(page)
})

const VIEWPORTS = [
  { width: 1280, height: 1400 },
  { width: 375, height: 900 },
] as const

/** Pages shorter than both viewports, and what each shows once it is ready. */
const SHORT_PAGES = [
  { path: '/no-such-page', ready: (page: Page) => page.getByRole('heading', { level: 1, name: '404' }) },
  { path: '/login', ready: (page: Page) => page.getByRole('heading', { level: 1, name: 'Portfolio Admin' }) },
  { path: '/portal', ready: (page: Page) => page.getByRole('heading', { level: 1 }) },
] as const

/** The footer's bottom edge and the viewport's height, in CSS pixels, at the top of the page. */
const footerBottom = (page: Page) =>
  page.evaluate(() => ({
    bottom: Math.round(document.querySelector('body > footer')!.getBoundingClientRect().bottom),
    viewport: window.innerHeight,
    scrollable: document.documentElement.scrollHeight > window.innerHeight,
  }))

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport })

    for (const { path, ready } of SHORT_PAGES) {
      test(`${path}: the footer sits at the bottom of the viewport`, async ({ page }) => {
        await page.goto(path)
        await expect(ready(page)).toBeVisible()
        await expect
          .poll(() => footerBottom(page))
          .toEqual({
            bottom: viewport.height,
            viewport: viewport.height,
            scrollable: false,
          })
        await expectNoHorizontalScroll(page)
      })
    }
  })
}

test('a long page keeps its footer after the content, below the fold', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 900 })
  await page.goto('/about')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  const { bottom, viewport, scrollable } = await footerBottom(page)
  expect(scrollable).toBe(true)
  expect(bottom).toBeGreaterThan(viewport)
  // The page's main content still spans the viewport's width (nothing shrank to its content).
  const mainWidth = await page.getByRole('main').evaluate((el) => el.getBoundingClientRect().width)
  expect(mainWidth).toBe(375)
  await expectNoHorizontalScroll(page)
})
