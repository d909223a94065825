// The admin as routes (issue 35.2, ADR 122): every screen has its own
// address, a reload keeps it, Back returns to the screen before, and the
// document title names the screen.
import { seedAdminTables } from './admin-seed'
import { type APIRequestContext, expect, type Locator, test } from './fixtures'

/** Every admin area: its address, its heading, and its name in the navigation. */
const AREAS = [
  { path: '/admin', heading: 'Portfolio Admin', nav: 'Overview', title: 'Overview' },
  { path: '/admin/requests', heading: 'Requests', nav: 'Requests', title: 'Requests' },
  { path: '/admin/clients', heading: 'Clients', nav: 'Clients', title: 'Clients' },
  { path: '/admin/quotes', heading: 'Quotes', nav: 'Quotes', title: 'Quotes' },
  { path: '/admin/time', heading: 'Time', nav: 'Time', title: 'Time' },
  { path: '/admin/invoices', heading: 'Invoices', nav: 'Invoices', title: 'Invoices' },
  // An invoice's own page (issue 52); its id and number come from the seed (`{invoice}`).
  { path: '/admin/invoices/{invoice}', heading: 'Invoice {number}', nav: 'Invoices', title: 'Invoice' },
  { path: '/admin/plans', heading: 'Plans', nav: 'Plans', title: 'Plans' },
  { path: '/admin/renewals', heading: 'Renewals', nav: 'Renewals', title: 'Renewals' },
  { path: '/admin/maintenance', heading: 'Maintenance', nav: 'Maintenance', title: 'Maintenance' },
  { path: '/admin/compliance', heading: 'Compliance', nav: 'Compliance', title: 'Compliance' },
  // An incident's page: its id comes from the seed (`:incident`).
  {
    path: '/admin/compliance/incidents/:incident',
    heading: 'Incident',
    nav: 'Compliance',
    title: 'Incident',
  },
  // Under Compliance (issue 39.4); the analysis's id is a seeded record's.
  {
    path: '/admin/compliance/risk-analyses',
    heading: 'Risk analyses',
    nav: 'Compliance',
    title: 'Risk analyses',
  },
  {
    path: '/admin/compliance/risk-analyses/{riskAnalysisId}',
    heading: 'Risk analysis',
    nav: 'Compliance',
    title: 'Risk analysis',
  },
  { path: '/admin/projects', heading: 'Projects', nav: 'Projects', title: 'Projects' },
  { path: '/admin/skills', heading: 'Skills', nav: 'Skills', title: 'Skills' },
  { path: '/admin/files', heading: 'Files', nav: 'Files', title: 'Files' },
  { path: '/admin/resumes', heading: 'Resumes', nav: 'Resumes', title: 'Resumes' },
  { path: '/admin/content', heading: 'Content', nav: 'Content', title: 'Content' },
  { path: '/admin/insights', heading: 'Insights', nav: 'Insights', title: 'Insights' },
  { path: '/admin/agreements', heading: 'Agreement templates', nav: 'Agreements', title: 'Agreements' },
  { path: '/admin/availability', heading: 'Availability', nav: 'Availability', title: 'Availability' },
  { path: '/admin/security', heading: 'Security', nav: 'Security', title: 'Security' },
] as const

/** A navigation item by its name (Requests carries the pending count after it). */
const navLink = (nav: Locator, name: string) => nav.getByRole('link', { name: new RegExp(`^${name}( |$)`) })

/** An incident to open (issue 39): a practice and an incident affecting it, through REST. */
async function anIncident(request: APIRequestContext) {
  const client = await request.post('/api/clients', { data: { name: `Route check practice ${Date.now()}` } })
  const { id: clientId } = (await client.json()) as { id: number }
  const made = await request.post('/api/incidents', {
    data: {
      title: 'Route check',
      discoveredAt: new Date().toISOString(),
      description: 'Opened by its address.',
      clientIds: [clientId],
      ephiInvolved: 'no',
    },
  })
  expect(made.status()).toBe(201)
  return String(((await made.json()) as { id: number }).id)
}

// One signed-in browser walks a group of areas: each address is opened as a
// fresh document (a deep link, not a click) and checked; the address stays.
// A browser per area cost the suite a signed-in boot each, and so did a reload
// after each deep link, which loaded the same address fresh once more
// (docs/test-times.md); a reload keeps its own check below, on a client's page.
const GROUPS = [AREAS.slice(0, 6), AREAS.slice(6, 13), AREAS.slice(13)]

for (const group of GROUPS) {
  test(`${group.map((a) => a.path).join(', ')}: a deep link opens each screen, with its title, and stays at its address`, async ({
    ownerPage: page,
  }) => {
    test.setTimeout(180_000)
    for (const area of group) {
      await test.step(area.path, async () => {
        const seed = area.path.includes('{') ? await seedAdminTables(page.request) : null
        const path = area.path.includes(':incident')
          ? area.path.replace(':incident', await anIncident(page.request))
          : seed
            ? area.path.replace('{riskAnalysisId}', seed.riskAnalysisId).replace('{invoice}', seed.invoiceId)
            : area.path
        const heading = seed ? area.heading.replace('{number}', seed.invoiceNumber) : area.heading
        await page.goto(path)
        await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible()
        await expect(page).toHaveTitle(`${area.title} · Portfolio Admin`)
        const nav = page.getByRole('navigation', { name: 'Admin' })
        await expect(navLink(nav, area.nav)).toHaveAttribute('aria-current', 'page')
        await expect(page).toHaveURL(path)
      })
    }
  })
}

test('the navigation moves between screens and Back returns to each previous one', async ({
  ownerPage: page,
}) => {
  await page.goto('/admin')
  await expect(page.getByRole('heading', { level: 1, name: 'Portfolio Admin' })).toBeVisible()
  const nav = page.getByRole('navigation', { name: 'Admin' })
  const visited = ['/admin/requests', '/admin/quotes', '/admin/invoices', '/admin/files', '/admin/security']
  for (const path of visited) {
    const name = AREAS.find((a) => a.path === path)!.nav
    await navLink(nav, name).click()
    await expect(page).toHaveURL(path)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      AREAS.find((a) => a.path === path)!.heading,
    )
  }
  for (const path of [...visited.slice(0, -1)].reverse()) {
    await page.goBack()
    await expect(page).toHaveURL(path)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      AREAS.find((a) => a.path === path)!.heading,
    )
  }
  await page.goBack()
  await expect(page).toHaveURL('/admin')
})

test('a client, a quote and a new quote have addresses of their own; Back returns from each', async ({
  ownerPage: page,
}) => {
  const { clientId, quoteId } = await seedAdminTables(page.request)
  await page.goto(`/admin/clients/${clientId}`)
  await expect(page.getByRole('heading', { name: /Riverside Family Clinic and Associates/ })).toBeVisible()
  await page.reload()
  await expect(page.getByRole('heading', { name: /Riverside Family Clinic and Associates/ })).toBeVisible()
  await page.goto(`/admin/quotes/${quoteId}`)
  const quote = page.getByRole('textbox', { name: 'Title' })
  await expect(quote).toHaveValue('Practice management system with patient reminders')
  await page.goto('/admin/quotes/new')
  await expect(page).toHaveTitle('New quote · Portfolio Admin')
  await page.goBack()
  await expect(page).toHaveURL(`/admin/quotes/${quoteId}`)
  await expect(quote).toHaveValue('Practice management system with patient reminders')
  await page.goBack()
  await expect(page).toHaveURL(`/admin/clients/${clientId}`)
  await expect(page.getByRole('heading', { name: /Riverside Family Clinic and Associates/ })).toBeVisible()
})

test('the old tab addresses lead to their screens, keeping the filter', async ({ ownerPage: page }) => {
  await page.goto('/admin?tab=files')
  await expect(page).toHaveURL('/admin/files')
  await expect(page.getByRole('heading', { level: 1, name: 'Files' })).toBeVisible()
  await page.goto('/admin?tab=consultations&kind=support')
  await expect(page).toHaveURL('/admin/requests?kind=support')
  await expect(page.getByRole('heading', { level: 1, name: 'Requests' })).toBeVisible()
})

test('an unknown admin address goes to the overview; the admin is still private', async ({
  ownerPage: page,
}) => {
  await page.goto('/admin/nothing-here')
  await expect(page).toHaveURL('/admin')
  await expect(page.getByRole('heading', { level: 1, name: 'Portfolio Admin' })).toBeVisible()
  const robots = await (await page.request.get('/robots.txt')).text()
  expect(robots).toContain('Disallow: /admin')
  expect(robots).not.toContain('/admin/')
  const sitemap = await (await page.request.get('/sitemap.xml')).text()
  expect(sitemap).not.toContain('/admin')
})
