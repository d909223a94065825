import { expectNoAxeViolations } from './axe'
import { expect, test } from './fixtures'

// Issue 24, tried as the owner would: find a seeded client from the admin
// header, open it, see its requests and bookings, add a contact; and make an
// access token in Security and use it on the REST API.

test('the owner finds a seeded client, sees its requests and adds a contact', async ({ ownerPage: page }) => {
  await page.goto('/admin')
  await page.getByRole('link', { name: 'Clients', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Clients', level: 1 })).toBeVisible()

  await page.getByRole('searchbox', { name: 'Search' }).fill('grace@riverside')
  const list = page.getByRole('list', { name: 'Clients' })
  await expect(list.getByRole('link')).toHaveText(['Riverside Family Clinic'])
  await list.getByRole('link', { name: 'Riverside Family Clinic' }).click()

  await expect(page.getByRole('heading', { name: 'Riverside Family Clinic', level: 2 })).toBeVisible()
  const requests = page.locator('section', { hasText: 'Requests and bookings' })
  await expect(requests.getByRole('row', { name: /S-1001/ })).toContainText('In progress')
  await expect(requests.getByRole('row', { name: /C-1002/ })).toContainText('Confirmed')
  await expectNoAxeViolations(page)

  await page.getByRole('button', { name: 'Add contact' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add contact' })
  await dialog.getByLabel('Name').fill('Priya Shah')
  await dialog.getByLabel('E-mail').fill('grace@riversideclinic.example')
  await dialog.getByRole('button', { name: 'Add contact' }).click()
  // The address is taken: the field says so and nothing is added.
  await expect(dialog.getByText('Another contact already has this e-mail address')).toBeVisible()
  await dialog.getByLabel('E-mail').fill('priya@riversideclinic.example')
  await dialog.getByRole('button', { name: 'Add contact' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('list', { name: 'Contacts' })).toContainText('priya@riversideclinic.example')

  // Copy sign-in link shows a single-use portal link to pass on.
  const priya = page
    .getByRole('list', { name: 'Contacts' })
    .getByRole('listitem')
    .filter({ hasText: 'Priya Shah' })
  await priya.getByRole('button', { name: 'Copy sign-in link' }).click()
  await expect(page.getByRole('textbox', { name: 'Sign-in link' })).toHaveValue(
    /\/portal\/sign-in\/[\w-]{43}$/,
  )
})

test('a request in the inbox opens its client', async ({ ownerPage: page }) => {
  await page.goto('/admin/requests')
  await page.getByRole('button', { name: "View details of Dana Lee's request" }).click()
  await page.getByRole('link', { name: 'Open client' }).click()
  await expect(page.getByRole('heading', { name: 'Lakeside Dental', level: 2 })).toBeVisible()
})

test('an access token made in Security works on the REST API, and only there', async ({
  ownerPage: page,
  playwright,
  baseURL,
}) => {
  await page.goto('/admin/security')
  const panel = page.locator('section', { hasText: 'Access tokens' })
  await panel.getByLabel('Name').fill('e2e script')
  await panel.getByRole('button', { name: 'Create token' }).click()
  const token = await panel.getByRole('textbox', { name: 'New access token' }).inputValue()
  expect(token).toMatch(/^pat_/)

  const script = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { Authorization: `Bearer ${token}` },
  })
  const found = await script.get('/api/clients?q=lakeside')
  expect(found.status()).toBe(200)
  expect((await found.json()).map((c: { name: string }) => c.name)).toEqual(['Lakeside Dental'])
  // A read-only token (the default) cannot write, and no token opens Security.
  expect((await script.post('/api/clients', { data: { name: 'Nope' } })).status()).toBe(403)
  expect((await script.get('/api/security/tokens')).status()).toBe(403)
  await script.dispose()
  await expect(panel.getByRole('list', { name: 'Access tokens' })).toContainText('e2e script')
})
