// The admin on a 375 px phone (issues 28 and 36.6): every admin route fits
// the screen with records in its tables (no sideways scrolling of the page),
// the navigation is a Menu that leaves the screen to the work, the tables are
// cards with every value and action in reach, and the Availability grid
// scrolls inside its own box. Runs in the mobile project only (playwright.config.ts).
import { seedAdminTables } from './admin-seed'
import { expect, type Page, test } from './fixtures'

test.use({ viewport: { width: 375, height: 800 } })

/** The page is no wider than the screen: nothing to scroll sideways. */
async function expectNoOverflow(page: Page, where: string) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.scrollingElement!.scrollWidth,
    client: document.scrollingElement!.clientWidth,
  }))
  expect(scroll, `${where} is ${scroll} px wide on a ${client} px screen`).toBeLessThanOrEqual(client)
}

/** Every admin route (web/routes/admin.*.tsx) with the heading that says it has loaded. */
const ROUTES = (ids: {
  clientId: string
  quoteId: string
  invoiceId: string
  invoiceNumber: string
  assetId: string
  maintenanceTaskId: string
  incidentId: string
  riskAnalysisId: string
}) =>
  [
    ['/admin', 'Portfolio Admin'],
    ['/admin/requests', 'Requests'],
    ['/admin/clients', 'Clients'],
    [`/admin/clients/${ids.clientId}`, 'Clients'],
    ['/admin/quotes', 'Quotes'],
    ['/admin/quotes/new', 'Quotes'],
    [`/admin/quotes/${ids.quoteId}`, 'Quotes'],
    ['/admin/time', 'Time'],
    ['/admin/invoices', 'Invoices'],
    [`/admin/invoices/${ids.invoiceId}`, `Invoice ${ids.invoiceNumber}`],
    ['/admin/plans', 'Plans'],
    ['/admin/renewals', 'Renewals'],
    [`/admin/assets/${ids.assetId}`, 'Assets'],
    ['/admin/maintenance', 'Maintenance'],
    [`/admin/maintenance/tasks/${ids.maintenanceTaskId}`, 'Maintenance task'],
    ['/admin/compliance', 'Compliance'],
    [`/admin/compliance/incidents/${ids.incidentId}`, 'Incident'],
    ['/admin/compliance/risk-analyses', 'Risk analyses'],
    [`/admin/compliance/risk-analyses/${ids.riskAnalysisId}`, 'Risk analysis'],
    ['/admin/projects', 'Projects'],
    ['/admin/skills', 'Skills'],
    ['/admin/files', 'Files'],
    ['/admin/resumes', 'Resumes'],
    ['/admin/content', 'Content'],
    ['/admin/insights', 'Insights'],
    ['/admin/agreements', 'Agreement templates'],
    ['/admin/availability', 'Availability'],
    ['/admin/security', 'Security'],
  ] as const

test('every admin route fits a 375 px screen, with records in its tables', async ({ ownerPage: page }) => {
  test.setTimeout(240_000)
  const ids = await seedAdminTables(page.request)
  // One load of the admin, then each route by the router, as a link in the admin
  // goes there: the layout is the subject here, and a fresh load of every
  // address is e2e/admin-routes.spec.ts's (a boot each cost the run half a CPU-second).
  await page.goto('/admin')
  for (const [path, heading] of ROUTES(ids)) {
    await page.evaluate(
      (to) =>
        (
          window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } }
        ).__reactRouterDataRouter.navigate(to),
      path,
    )
    await expect(page).toHaveURL(path)
    await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible()
    // The tables have their rows before the width is measured.
    await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toHaveCount(0)
    await expectNoOverflow(page, path)
  }
})

test('on a phone the screen comes first: a Menu button on screen, the account with Logout at its end', async ({
  ownerPage: page,
}) => {
  await page.goto('/admin')
  await expect(page.getByText('Welcome back, owner')).toBeVisible()
  const nav = page.getByRole('navigation', { name: 'Admin' })
  const menu = nav.getByRole('button', { name: 'Menu' })
  const box = (await menu.boundingBox())!
  expect(box.x + box.width, 'Menu ends inside the screen').toBeLessThanOrEqual(375)
  // The overview's first area starts near the top, not under a wall of buttons.
  const first = (await page.getByRole('region', { name: 'New and waiting requests' }).boundingBox())!
  expect(first.y, 'the requests start within the first screen').toBeLessThan(600)
  await expect(nav.getByRole('button', { name: 'Logout' })).toBeHidden()
  await menu.click()
  const logout = nav.getByRole('group', { name: 'Account' }).getByRole('button', { name: 'Logout' })
  await expect(logout).toBeVisible()
  await nav.getByRole('link', { name: 'Invoices', exact: true }).click()
  await expect(page).toHaveURL('/admin/invoices')
  await expect(menu).toHaveAttribute('aria-expanded', 'false')
  await expectNoOverflow(page, '/admin/invoices')
})

test('the admin tables are cards on a phone: every value named, Balance and the actions in reach', async ({
  ownerPage: page,
}) => {
  const { clientId } = await seedAdminTables(page.request)
  for (const [path, cell] of [
    ['/admin/invoices', 'Balance'],
    ['/admin/quotes', 'Total'],
    ['/admin/time', 'Description'],
    [`/admin/clients/${clientId}`, 'Balance'],
  ] as const) {
    await page.goto(path)
    const value = page.locator(`td[data-label="${cell}"]`).first()
    await expect(value, `${path} has a ${cell} on its cards`).toBeVisible()
    const box = (await value.boundingBox())!
    expect(box.x + box.width, `${path}: ${cell} ends inside the screen`).toBeLessThanOrEqual(375)
    await expectNoOverflow(page, path)
    if (path !== '/admin/invoices') continue
    // An invoice card's actions are in reach too.
    const action = page.locator('td[data-label="Actions"]').first().getByRole('button').first()
    await action.scrollIntoViewIfNeeded()
    await expect(action).toBeInViewport()
    const actionBox = (await action.boundingBox())!
    expect(actionBox.x + actionBox.width, 'the first action ends inside the screen').toBeLessThanOrEqual(375)
  }
})

test('the Availability grid scrolls in its own box, its last column reachable', async ({
  ownerPage: page,
}) => {
  await page.goto('/admin/availability')
  await expect(page.getByRole('heading', { level: 1, name: 'Availability' })).toBeVisible()
  const grid = page.getByRole('region', { name: 'Weekly hours grid' })
  const last = grid.getByRole('checkbox', { name: 'Friday 4:00 PM' })
  await last.scrollIntoViewIfNeeded()
  await expect(last).toBeInViewport()
  await expectNoOverflow(page, '/admin/availability after scrolling the grid')
})

test('the Insights charts keep readable labels on a 375 px screen, none cut off', async ({
  ownerPage: page,
}) => {
  await page.goto('/admin/insights')
  await expect(page.getByRole('img', { name: /^Page views per day/ })).toBeVisible()
  await expect(page.getByRole('img', { name: /^Consultation form:/ })).toBeVisible()
  // Every text in and under the charts: the funnel's step labels and counts, the day axis.
  const labels = await page.evaluate(() =>
    [...document.querySelectorAll('[role="img"] span, figure figcaption span')]
      .filter((el) => el.textContent?.trim())
      .map((el) => {
        const box = el.getBoundingClientRect()
        return {
          text: el.textContent!.trim(),
          size: Number.parseFloat(getComputedStyle(el).fontSize),
          right: box.right,
          cut: el.scrollWidth > Math.ceil(box.width),
        }
      }),
  )
  expect(labels.map((l) => l.text)).toContain('Started')
  for (const label of labels) {
    expect(label.size, `"${label.text}" is at least 12 px`).toBeGreaterThanOrEqual(12)
    expect(label.right, `"${label.text}" ends inside the screen`).toBeLessThanOrEqual(375)
    expect(label.cut, `"${label.text}" is not cut off`).toBe(false)
  }
})

test('on a phone a toast sits at the top, clear of the buttons at the bottom of a form or dialog', async ({
  page,
}) => {
  await page.goto('/login')
  await page.getByLabel('Username').fill('owner')
  await page.getByLabel('Password').fill('not-the-password')
  const login = page.getByRole('button', { name: 'Login' })
  await login.click()
  const toast = page.getByRole('region', { name: /notification/i }).getByRole('alertdialog')
  await expect(toast).toHaveAccessibleName('Login failed')
  const box = (await toast.boundingBox())!
  expect(box.y + box.height, 'the toast ends in the upper part of the screen').toBeLessThan(400)
  // The form's button is still what a tap on it reaches.
  const target = (await login.boundingBox())!
  const hit = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x!, y!)?.closest('button')?.textContent ?? null,
    [target.x + target.width / 2, target.y + target.height / 2],
  )
  expect(hit).toBe('Login')
})
