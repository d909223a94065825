import { expect, type Page, test } from './fixtures'
import { waitForForm } from './public-helpers'
import { chooseFreeSlot, seedOf } from './slots'

// Both request forms at 1280 px (desktop project) and 375 px (mobile project):
// nothing overflows sideways, and a visitor on a phone can complete them.

async function expectNoHorizontalScroll(page: Page) {
  const [scrollWidth, clientWidth] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ])
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth)
}

async function choose(page: Page, field: RegExp, option: string) {
  await page.getByRole('combobox', { name: field }).selectOption({ label: option })
}

test('the consultation form fits the screen and can be sent', async ({ page }, testInfo) => {
  await page.goto('/schedule-consultation')
  await expect(page.getByRole('heading', { name: 'Personal Information' })).toBeVisible()
  await waitForForm(page, 'Schedule a consultation')
  const form = page.getByRole('form', { name: 'Schedule a consultation' })
  await expect(form).toBeVisible()
  await expectNoHorizontalScroll(page)

  await page.getByLabel('Full Name').fill('Robin Park')
  await page.getByLabel('Email Address').fill('robin@example.com')
  await choose(page, /Project Type/, 'Mobile App')
  await page.getByLabel('Project Description').fill('An app for our home-care nurses.')
  await chooseFreeSlot(page, seedOf(testInfo))
  await page.getByRole('button', { name: 'Schedule Consultation' }).click()
  await expect(page.getByRole('alertdialog', { name: 'Success!' })).toBeVisible()
  await expectNoHorizontalScroll(page)
})

test('the support form fits the screen, and its messages do too', async ({ page }) => {
  await page.goto('/it-support')
  await page.waitForFunction(
    () => (window as unknown as { __reactRouterRouteModules?: object }).__reactRouterRouteModules,
  )
  await page.getByRole('link', { name: 'Request Support Now' }).click()
  await expect(page.getByRole('form', { name: 'IT support request' })).toBeVisible()
  await expectNoHorizontalScroll(page)

  await page.getByLabel('Full Name').fill('Robin Park')
  await page.getByLabel('Email Address').fill('robin@example')
  await page.getByLabel('Phone Number').fill('618 555 0100')
  await choose(page, /Issue Type/, 'Security')
  await page
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: /Critical/ }) })
    .click()
  await page.getByLabel('Describe the Issue').fill('A staff laptop was stolen.')
  await page
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: 'Text' }) })
    .click()
  await page.getByRole('button', { name: 'Send Support Request' }).click()
  await expect(page.getByText('Enter a valid email address')).toBeVisible()
  await expectNoHorizontalScroll(page)
})
