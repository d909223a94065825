import { expect, test } from './fixtures'
import { expectNoHorizontalScroll, PUBLIC_PAGES } from './public-helpers'

// No horizontal scrolling at 375, 768 and 1280 px on any public route. One load
// per route, resized to each width (a reflow, as when a tablet turns), in the
// desktop run only: the phone run checks 375 px with touch in
// public-pages.responsive.spec.ts. One test per route, so that a busy machine
// slows each page load down without one test having to beat its timeout over
// all of them.
for (const { path, heading } of PUBLIC_PAGES) {
  test(`${path}: no horizontal scrolling at 375, 768 and 1280 px`, async ({ page }) => {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    for (const width of [375, 768, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      await expectNoHorizontalScroll(page)
    }
  })
}
