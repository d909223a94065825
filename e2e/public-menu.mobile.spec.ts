import { NAV_LINKS } from '../schema/routes'
import { NAV_COPY } from '../schema/site-copy'
import { expect, test } from './fixtures'
import { expectNoSeriousA11yViolations, waitForHydration } from './public-helpers'

// The collapsed navigation at 375 px (the mobile project only: playwright.config.ts).
test.use({ viewport: { width: 375, height: 800 } })

test('the menu toggle opens and closes the menu with its mobile labels', async ({ page }) => {
  // A page React hydrates (/ has no scripts, ADR 170): React mirrors the state into aria-expanded.
  await page.goto('/it-support')
  await waitForHydration(page)
  const banner = page.getByRole('banner')
  // The desktop links are hidden at this width.
  await expect(banner.getByRole('link', { name: 'About' })).toBeHidden()

  const open = banner.getByRole('button', { name: NAV_COPY.openMenu })
  await expect(open).toHaveAttribute('aria-expanded', 'false')
  await open.click()
  const close = banner.getByRole('button', { name: NAV_COPY.closeMenu })
  await expect(close).toHaveAttribute('aria-expanded', 'true')

  const menu = page.locator('#mobile-menu')
  await expect(menu).toBeVisible()
  await expect(menu.getByRole('link')).toHaveText([
    ...NAV_LINKS.map((l) => l.mobileLabel ?? l.label),
    NAV_COPY.mobileResume,
  ])
  await expect(menu.getByRole('link', { name: 'Portfolio & Solutions' })).toHaveAttribute(
    'href',
    '/portfolio-solutions',
  )
  await expect(menu.getByRole('link', { name: NAV_COPY.mobileResume })).toHaveAttribute(
    'href',
    '/api/resume/download',
  )
  await expect(menu.getByRole('link', { name: 'IT Support' })).toHaveAttribute('aria-current', 'page')
  await expectNoSeriousA11yViolations(page)

  await close.click()
  await expect(menu).toBeHidden()
  await expect(banner.getByRole('button', { name: NAV_COPY.openMenu })).toHaveAttribute(
    'aria-expanded',
    'false',
  )
})

test('clicking a link navigates and closes the menu', async ({ page }) => {
  await page.goto('/it-support')
  await waitForHydration(page)
  await page.getByRole('button', { name: NAV_COPY.openMenu }).click()
  await page.locator('#mobile-menu').getByRole('link', { name: 'Portfolio & Solutions' }).click()
  await expect(page).toHaveURL(/\/portfolio-solutions$/)
  await expect(page.locator('#mobile-menu')).toBeHidden()
  await expect(page.getByRole('button', { name: NAV_COPY.openMenu })).toBeVisible()

  // Also when the link is the current page (no navigation happens).
  await page.getByRole('button', { name: NAV_COPY.openMenu }).click()
  await page.locator('#mobile-menu').getByRole('link', { name: 'Portfolio & Solutions' }).click()
  await expect(page.locator('#mobile-menu')).toBeHidden()
})

test('keyboard: Enter opens, Tab reaches the links, Escape closes and returns focus to the toggle', async ({
  page,
}) => {
  // /about has no scripts (ADR 170): the browser's popover does all of this by itself.
  await page.goto('/about')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  const toggle = page.getByRole('button', { name: NAV_COPY.openMenu })
  await toggle.focus()
  await page.keyboard.press('Enter')
  await expect(page.locator('#mobile-menu')).toBeVisible()
  await page.keyboard.press('Tab')
  await expect(page.locator('#mobile-menu').getByRole('link', { name: 'Home' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(page.locator('#mobile-menu')).toBeHidden()
  await expect(page.getByRole('button', { name: NAV_COPY.openMenu })).toBeFocused()
})

test('the menu works before React hydrates, and React takes its state over', async ({ page }) => {
  // Hold back the client entry: the page is server-rendered HTML with no React in charge yet.
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(/\/assets\/entry\.client-[^/]*\.js$/, async (route) => {
    await held
    await route.continue()
  })
  await page.goto('/it-support', { waitUntil: 'domcontentloaded' })
  const menu = page.locator('#mobile-menu')
  await page.getByRole('button', { name: NAV_COPY.openMenu }).click()
  await expect(menu).toBeVisible()
  const close = page.getByRole('button', { name: NAV_COPY.closeMenu })
  await expect(close).toBeVisible()
  // React has not run: it is what writes aria-expanded (the browser exposes the state until then).
  await expect(close).not.toHaveAttribute('aria-expanded')

  release()
  // Hydration keeps the menu open and reports it.
  await expect(close).toHaveAttribute('aria-expanded', 'true')
  await expect(menu).toBeVisible()
  await menu.getByRole('link', { name: 'About' }).click()
  await expect(page).toHaveURL(/\/about$/)
  await expect(menu).toBeHidden()
})
