import { formConstraints } from '../schema/form-constraints'
import { BEACON_PATH } from '../schema/insights'
import { SOLUTIONS_COPY } from '../schema/page-copy/solutions'
import { consultationInput } from '../schema/payloads'
import { PHONE_INVALID } from '../schema/request-options'
import { expect, type Page, test } from './fixtures'
import { expectNoHorizontalScroll, waitForForm } from './public-helpers'

// Issue 28's layout polish, at the sizes named in the issue: the footer sits at
// the bottom of a short page instead of mid-screen, and the catalogue's
// category chips say when they scroll sideways on a phone.

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

test.describe('the catalogue’s category chips', () => {
  const filters = (page: Page) => page.getByRole('navigation', { name: SOLUTIONS_COPY.filterLabel })
  const more = (page: Page) => filters(page).getByText(SOLUTIONS_COPY.moreFilters)
  /** The arrow at the row's end and the faded start, as drawn (not only present in the DOM). */
  const edges = (page: Page) =>
    filters(page).evaluate((nav) => {
      const shown = (el: Element | null) => !!el && getComputedStyle(el).visibility === 'visible'
      const row = nav.querySelector('ul')!
      return {
        overflows: row.scrollWidth > row.clientWidth,
        start: shown(nav.querySelector('.chips-less')),
        end: shown(nav.querySelector('.chips-more')),
      }
    })

  test('at 375 px the row that scrolls sideways says so, on the side that has more', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 })
    await page.goto('/portfolio-solutions')
    await expect(more(page)).toBeVisible()
    await expect(filters(page).locator('.chips-more svg')).toBeVisible()
    expect(await edges(page)).toEqual({ overflows: true, start: false, end: true })

    // Scrolled to its end, the hint moves to the start: the more is now to the left.
    await filters(page)
      .getByRole('list')
      .evaluate((row) => row.scrollTo({ left: row.scrollWidth, behavior: 'instant' }))
    await expect.poll(() => edges(page)).toEqual({ overflows: true, start: true, end: false })
    await expect(more(page)).toBeHidden()

    // Halfway, both sides have more.
    await filters(page)
      .getByRole('list')
      .evaluate((row) => row.scrollTo({ left: (row.scrollWidth - row.clientWidth) / 2, behavior: 'instant' }))
    await expect.poll(() => edges(page)).toEqual({ overflows: true, start: true, end: true })

    // The faded end never takes a tap meant for the chip beneath it.
    await filters(page)
      .getByRole('list')
      .evaluate((row) => row.scrollTo({ left: 0, behavior: 'instant' }))
    await expect.poll(() => edges(page)).toEqual({ overflows: true, start: false, end: true })
    const box = (await filters(page).locator('.chips-more').boundingBox())!
    await page.mouse.click(box.x + box.width - 8, box.y + box.height / 2)
    await expect(page).toHaveURL(/\?category=/)
  })

  test('at 375 px with reduced motion the hint still follows the row', async ({ page }) => {
    // The site's reduced-motion rule shortens every animation; this one is driven by scrolling, not time.
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.setViewportSize({ width: 375, height: 800 })
    await page.goto('/portfolio-solutions')
    await expect(more(page)).toBeVisible()
    expect(await edges(page)).toEqual({ overflows: true, start: false, end: true })
    await page.screenshot({ path: test.info().outputPath('chips.png') })
    await filters(page)
      .getByRole('list')
      .evaluate((row) => row.scrollTo({ left: row.scrollWidth, behavior: 'instant' }))
    await expect.poll(() => edges(page)).toEqual({ overflows: true, start: true, end: false })
  })

  test('at 1280 px the chips wrap and no hint shows', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto('/portfolio-solutions')
    await expect(filters(page).getByRole('link').first()).toBeVisible()
    await expect(more(page)).toBeHidden()
    expect(await edges(page)).toEqual({ overflows: false, start: false, end: false })
  })
})

// The `pattern` the forms carry is read from the server's phone rule (ADR 148).
const PHONE_RULE = formConstraints(consultationInput).phone.pattern!

test.describe('a phone number is checked in the browser by the server’s rule', () => {
  test('with JavaScript, "abc" is flagged beside the field before anything is sent', async ({ page }) => {
    let sent = false
    const beacons: string[] = []
    page.on('request', (r) => {
      if (r.url().endsWith('/api/consultations')) sent = true
      if (r.url().endsWith(BEACON_PATH)) beacons.push(r.postData() ?? '')
    })
    await page.goto('/schedule-consultation')
    await waitForForm(page, 'Schedule a consultation')
    const phone = page.getByLabel('Phone Number')
    await expect(phone).toHaveAttribute('pattern', PHONE_RULE)
    await phone.fill('abc')
    await page.getByRole('button', { name: 'Schedule Consultation' }).click()
    await expect(phone).toHaveAttribute('aria-invalid', 'true')
    await expect(phone).toHaveAccessibleDescription(/match the requested format/)
    // The browser's check and the server's are one rule: a real number passes both.
    await phone.fill('(618) 555-0199')
    await expect(phone).not.toHaveAttribute('aria-invalid', 'true')
    expect(await phone.evaluate((el: HTMLInputElement) => el.validity.valid)).toBe(true)
    expect(sent).toBe(false)
    // The form came with the page, which the Worker counted, though React took it over only when
    // it was reached for (ADR 170): the funnel hears it started, not that it was shown again.
    await expect.poll(() => beacons.some((b) => b.includes('consultation:started'))).toBe(true)
    expect(beacons.filter((b) => b.includes('consultation:shown'))).toEqual([])
  })

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false })

    test('the browser holds "abc" back, and a post that skips that check gets the form with the error', async ({
      page,
    }) => {
      await page.goto('/it-support?form=support')
      const phone = page.getByLabel('Phone Number')
      await expect(phone).toHaveAttribute('pattern', PHONE_RULE)
      await phone.fill('abc')
      expect(await phone.evaluate((el: HTMLInputElement) => el.validity.patternMismatch)).toBe(true)
      await phone.fill('618-555-0100')
      expect(await phone.evaluate((el: HTMLInputElement) => el.validity.patternMismatch)).toBe(false)

      const res = await page.request.post('/it-support?form=support', {
        form: {
          name: 'Pat Phone',
          email: 'pat-phone@example.com',
          phone: 'abc',
          issueType: 'network',
          urgency: 'low',
          description: 'The printer is offline.',
          preferredContact: 'email',
        },
      })
      expect(res.status()).toBe(400)
      await page.setContent(await res.text())
      await expect(page.getByLabel('Phone Number')).toHaveAttribute('aria-invalid', 'true')
      await expect(page.getByLabel('Phone Number')).toHaveAccessibleDescription(PHONE_INVALID)
      await expect(page.getByLabel('Phone Number')).toHaveValue('abc')
    })
  })
})
