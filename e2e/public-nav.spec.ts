import { NAV_LINKS } from '../schema/routes'
import { NAV_COPY } from '../schema/site-copy'
import { expect, test } from './fixtures'
import { withoutActiveResume } from './owner'

// The desktop navigation bar (1280 px).

const nav = (page: import('@playwright/test').Page) =>
  page.getByRole('navigation', { name: NAV_COPY.mainNavigation })

test('links in order, the active one highlighted, Resume opening the download in a new tab', async ({
  page,
}) => {
  await page.goto('/about')
  const links = nav(page).getByRole('link')
  // The brand (owner name from config), the five links, then Resume (the seed has an active resume).
  await expect(links).toHaveText(['Alex Morgan', ...NAV_LINKS.map((l) => l.label), NAV_COPY.resume])
  await expect(nav(page).getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page')
  await expect(nav(page).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page')
  const active = await nav(page)
    .getByRole('link', { name: 'About' })
    .evaluate((el) => getComputedStyle(el).backgroundColor)
  const inactive = await nav(page)
    .getByRole('link', { name: 'Contact' })
    .evaluate((el) => getComputedStyle(el).backgroundColor)
  expect(active).not.toBe(inactive)

  const resume = nav(page).getByRole('link', { name: NAV_COPY.resume })
  await expect(resume).toHaveAttribute('href', '/api/resume/download')
  await expect(resume).toHaveAttribute('target', '_blank')
  // Clicking opens a new tab on the download URL...
  const [popup, request] = await Promise.all([
    page.waitForEvent('popup'),
    page.context().waitForEvent('request', (r) => r.url().endsWith('/api/resume/download')),
    resume.click(),
  ])
  expect(popup).not.toBe(page)
  expect(request.frame().page()).toBe(popup)
  // ...which answers with the resume as an attachment, so the tab downloads it.
  const res = await page.request.get('/api/resume/download')
  expect(res.status()).toBe(200)
  expect(res.headers()['content-type']).toBe('application/pdf')
  expect(res.headers()['content-disposition']).toMatch(/^attachment; filename="Resume\.pdf"/)
})

test('client-side navigation moves the highlight and updates title and description', async ({ page }) => {
  await page.goto('/')
  await nav(page).getByRole('link', { name: 'Portfolio', exact: true }).click()
  await expect(page).toHaveURL(/\/portfolio-solutions$/)
  await expect(nav(page).getByRole('link', { name: 'Portfolio', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  )
  await expect(page).toHaveTitle(/Software Solutions Portfolio/)
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    /Browse custom software solutions/,
  )
  await nav(page).getByRole('link', { name: 'IT Support' }).click()
  await expect(page).toHaveTitle(/^IT Support/)
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/it-support$/)
})

test('no Resume button when there is no active resume', async ({ ownerPage: page }) => {
  const restore = await withoutActiveResume(page.request)
  await page.goto('/')
  await expect(nav(page).getByRole('link', { name: 'Contact' })).toBeVisible()
  await expect(nav(page).getByRole('link', { name: NAV_COPY.resume })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Download CV' })).toHaveCount(0)
  await page.goto('/about')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Download Resume' })).toHaveCount(0)
  await restore()
  await page.goto('/')
  await expect(nav(page).getByRole('link', { name: NAV_COPY.resume })).toBeVisible()
})

test('keyboard only: skip link, every nav link reachable with a visible focus ring', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: NAV_COPY.skipToContent })
  await expect(skip).toBeFocused()
  await expect(skip).toBeVisible()

  const focusRing = () =>
    page.evaluate(() => {
      const el = document.activeElement as HTMLElement
      const style = getComputedStyle(el)
      return {
        text: el.textContent?.trim(),
        ring: style.boxShadow !== 'none' || style.outlineStyle !== 'none',
      }
    })
  const seen: string[] = []
  for (let i = 0; i < 1 + NAV_LINKS.length + 1; i++) {
    await page.keyboard.press('Tab')
    const { text, ring } = await focusRing()
    expect(ring, `focus ring on ${text}`).toBe(true)
    seen.push(text ?? '')
  }
  expect(seen).toEqual(['Alex Morgan', ...NAV_LINKS.map((l) => l.label), NAV_COPY.resume])

  // Enter on a focused link navigates.
  await page.keyboard.press('Shift+Tab')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/contact$/)
})

test('the skip link moves focus past the navigation to the page', async ({ page }) => {
  await page.goto('/contact')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.keyboard.press('Tab')
  await page.keyboard.press('Enter')
  await page.keyboard.press('Tab')
  const inMain = await page.evaluate(() => Boolean(document.activeElement?.closest('main')))
  expect(inMain).toBe(true)
})
