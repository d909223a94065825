import { expect, type Page } from './fixtures'

// Moving around the admin as the owner does, without starting it again: a
// signed-in admin start is the costliest page load of the suite (about a
// CPU-second; docs/test-times.md), and a test that checks one screen's work
// on another, or on the public site, need not pay it twice.

/**
 * Opens a screen from the admin's navigation (a client-side navigation; ADR 122:
 * each screen has its own address). For a screen this page has not shown yet:
 * one it has shown may answer from urql's cache, which a change made through
 * REST does not reach; load that one with `page.goto` or `page.reload`.
 */
export async function openScreen(page: Page, name: string | RegExp, path: string) {
  const link = page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name })
  await link.click()
  await expect(page).toHaveURL(new RegExp(`${path}(\\?|$)`))
  await expect(link).toHaveAttribute('aria-current', 'page')
}

/** A second tab of the owner's browser for the public site, so the admin's tab stays open where it is. */
export const siteTab = (page: Page) => page.context().newPage()
