import { FILTER_CATEGORIES } from '../schema/constants'
import { TOASTS } from '../schema/messages'
import { SOLUTIONS_COPY } from '../schema/page-copy/solutions'
import { NAV_LINKS } from '../schema/routes'
import { NAV_COPY } from '../schema/site-copy'
import { expect, type Page, signInOwner, test } from './fixtures'
import { PUBLIC_PAGES } from './public-helpers'
import { chooseFreeSlot, seedOf } from './slots'

// The site with JavaScript switched off, at 1280 px and 375 px: every page
// reads, every link navigates, and both request forms are stored and e-mailed.
test.use({ javaScriptEnabled: false })

const header = (page: Page) => page.getByRole('banner')

test('every page is there to read, and every navigation link leads to its page', async ({
  page,
  isMobile,
}) => {
  await page.goto('/')
  for (const link of NAV_LINKS) {
    const label = (isMobile && link.mobileLabel) || link.label
    // At 375 px the links are in the menu, which opens without JavaScript.
    if (isMobile) await header(page).getByRole('button', { name: NAV_COPY.openMenu }).click()
    const visible = page.locator('header a:visible').filter({ hasText: new RegExp(`^${label}$`) })
    await expect(visible).toHaveCount(1)
    await visible.click()
    await expect(page).toHaveURL(link.to)
    const heading = PUBLIC_PAGES.find((p) => p.path === link.to)!.heading
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    if (isMobile) await header(page).getByRole('button', { name: NAV_COPY.openMenu }).click()
    await expect(page.locator('header a:visible[aria-current="page"]')).toHaveText([label])
    if (isMobile) await page.keyboard.press('Escape')
  }
  await page.getByRole('main').getByRole('link', { name: 'Schedule Consultation' }).first().click()
  await expect(page.getByRole('heading', { level: 1, name: 'Schedule a Free Consultation' })).toBeVisible()
})

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 800 } })

  test('the menu toggle opens and closes the menu, with its labels, without JavaScript', async ({ page }) => {
    await page.goto('/about')
    const menu = page.locator('#mobile-menu')
    await expect(menu).toBeHidden()
    await expect(header(page).getByRole('link', { name: 'About' })).toBeHidden()

    await header(page).getByRole('button', { name: NAV_COPY.openMenu }).click()
    await expect(menu).toBeVisible()
    await expect(menu.getByRole('link')).toHaveText([
      ...NAV_LINKS.map((l) => l.mobileLabel ?? l.label),
      NAV_COPY.mobileResume,
    ])
    await expect(menu.getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page')
    await header(page).getByRole('button', { name: NAV_COPY.closeMenu }).click()
    await expect(menu).toBeHidden()

    // The keyboard: Enter opens, Tab reaches the links, Escape closes and returns focus to the toggle.
    const toggle = header(page).getByRole('button', { name: NAV_COPY.openMenu })
    await toggle.focus()
    await page.keyboard.press('Enter')
    await expect(menu).toBeVisible()
    await page.keyboard.press('Tab')
    await expect(menu.getByRole('link', { name: 'Home' })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()
    await expect(toggle).toBeFocused()

    // A link in the menu is an ordinary link.
    await toggle.click()
    await menu.getByRole('link', { name: 'Portfolio & Solutions' }).click()
    await expect(page).toHaveURL('/portfolio-solutions')
    await expect(page.locator('#mobile-menu')).toBeHidden()
  })
})

test('the catalogue shows its projects and filters them by address', async ({ page }) => {
  const projects = (await (await page.request.get('/api/projects')).json()) as unknown[]
  await page.goto('/portfolio-solutions')
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(projects.length)
  const bar = page.getByRole('navigation', { name: SOLUTIONS_COPY.filterLabel })
  await bar.getByRole('link', { name: /^Healthcare \d+$/ }).click()
  await expect(page).toHaveURL('/portfolio-solutions?category=healthcare')
  await expect(bar.getByRole('link', { name: /^Healthcare \d+$/ })).toHaveAttribute('aria-current', 'page')
  const count = Number(
    (await bar.getByRole('link', { name: /^Healthcare \d+$/ }).textContent())!.match(/\d+$/)![0],
  )
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(count)
  expect(FILTER_CATEGORIES.length).toBe(await bar.getByRole('link').count())
})

/** The owner's view of the stored requests (the admin API), with each one's mail delivery. */
async function storedRequests(page: Page, path: '/api/consultations' | '/api/support-requests') {
  return (await (await page.request.get(path)).json()) as { email: string; delivery: string; name: string }[]
}

test('a consultation is booked without JavaScript: stored, e-mailed, confirmed', async ({
  page,
}, testInfo) => {
  const email = `nojs-${Date.now()}@example.com`
  await page.goto('/schedule-consultation')
  await page.getByLabel('Full Name').fill('Casey No-Script')
  await page.getByLabel('Email Address').fill(email)
  await page.getByLabel(/Project Type/).selectOption({ label: 'Web Application' })
  await page.getByLabel('Project Description').fill('Booked with scripts off.')
  // Without scripts the times listed are the first offered day's; the server has the last word.
  await chooseFreeSlot(page, seedOf(testInfo), { firstDay: true })
  await page.getByRole('button', { name: 'Schedule Consultation' }).click()
  await expect(page.getByRole('status')).toContainText(TOASTS.consultationSent.description)

  await signInOwner(page.request)
  await expect
    .poll(
      async () => (await storedRequests(page, '/api/consultations')).find((r) => r.email === email)?.delivery,
    )
    .toBe('sent')
})

test('a refused support request comes back with its errors beside the fields and the values kept', async ({
  page,
}) => {
  await page.goto('/it-support')
  await page.getByRole('link', { name: 'Request Support Now' }).click()
  await expect(page).toHaveURL('/it-support?form=support')
  const email = `nojs-support-${Date.now()}@example.com`
  await page.getByLabel('Full Name').fill('Morgan No-Script')
  await page.getByLabel('Email Address').fill(email)
  // The browser checks the number by the server's rule (issue 28, e2e/page-polish.spec.ts);
  // without that check (an older browser, a hand-made post) the server refuses it.
  await page.getByLabel('Phone Number').evaluate((el) => el.removeAttribute('pattern'))
  await page.getByLabel('Phone Number').fill('call me')
  await page.getByLabel(/Issue Type/).selectOption({ label: 'Network' })
  await page.getByRole('radio', { name: /High/ }).check()
  await page.getByLabel('Describe the Issue').fill('The router blinks red.')
  await page.getByRole('radio', { name: 'Email' }).check()
  await page.getByRole('button', { name: 'Send Support Request' }).click()

  await expect(page.getByRole('alert')).toContainText(
    'Failed to send consultation request. Please try again.',
  )
  await expect(page.getByLabel('Phone Number')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('Phone Number')).toHaveAccessibleDescription('Enter a valid phone number')
  await expect(page.getByLabel('Full Name')).toHaveValue('Morgan No-Script')
  await expect(page.getByLabel('Describe the Issue')).toHaveValue('The router blinks red.')
  await expect(page.getByRole('radio', { name: /High/ })).toBeChecked()

  await page.getByLabel('Phone Number').fill('618-555-0100')
  await page.getByRole('button', { name: 'Send Support Request' }).click()
  await expect(page.getByRole('status')).toContainText(TOASTS.supportSent.title)

  await signInOwner(page.request)
  await expect
    .poll(
      async () =>
        (await storedRequests(page, '/api/support-requests')).find((r) => r.email === email)?.delivery,
    )
    .toBe('sent')
})
