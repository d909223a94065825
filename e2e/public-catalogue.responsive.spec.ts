import { FILTER_CATEGORIES, PROJECT_STATUSES } from '../schema/constants'
import { SOLUTIONS_COPY } from '../schema/page-copy/solutions'
import { apiProjects, cards, filterButton, shownUnder } from './catalogue'
import { expect, test } from './fixtures'

// The solutions catalogue at 1280 px and 375 px: what the width changes (the
// filter bar's chips, scrolling, the cards' layout). What it does not change
// (the counts, the server's rendering of a filter address, the empty state,
// the images, the animations' timing, the calls to action) is checked once, at
// 1280 px, in public-catalogue.spec.ts.

test('each filter shows exactly its projects, one current at a time, and is an address of its own', async ({
  page,
}) => {
  const projects = await apiProjects(page)
  await page.goto('/portfolio-solutions')
  const bar = page.getByRole('navigation', { name: SOLUTIONS_COPY.filterLabel })
  for (const { value, label } of FILTER_CATEGORIES) {
    await filterButton(page, label).click()
    await expect(page).toHaveURL(
      value === 'all' ? /\/portfolio-solutions$/ : `/portfolio-solutions?category=${value}`,
    )
    await expect(filterButton(page, label)).toHaveAttribute('aria-current', 'page')
    await expect(bar.locator('[aria-current]')).toHaveCount(1)
    const expected = projects
      .filter((p) => value === 'all' || shownUnder(p.category) === value)
      .map((p) => p.title)
    await expect(cards(page).getByRole('heading', { level: 3 })).toHaveText(expected)
  }
  // Choosing the current filter again keeps it.
  await filterButton(page, 'Other Solutions').click()
  await expect(filterButton(page, 'Other Solutions')).toHaveAttribute('aria-current', 'page')
  // Back undoes a filter.
  await page.goBack()
  await expect(page).toHaveURL(/category=inventory$/)
  await expect(filterButton(page, 'Inventory Management')).toHaveAttribute('aria-current', 'page')
})

test('choosing a filter further down the page brings the top of the results into view', async ({ page }) => {
  await page.goto('/portfolio-solutions')
  await page.waitForFunction(
    () => (window as unknown as { __reactRouterRouteModules?: object }).__reactRouterRouteModules,
  )
  await page.getByRole('heading', { level: 3 }).last().scrollIntoViewIfNeeded()
  const before = await page.evaluate(() => window.scrollY)
  await filterButton(page, 'Healthcare').click()
  await expect(page).toHaveURL(/category=healthcare/)
  const results = page.locator('section[aria-labelledby="solutions-title"]')
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(before)
  // The results' top is right below the sticky bars, not hidden under them and not far below.
  const top = await results.evaluate((el) => el.getBoundingClientRect().top)
  expect(top).toBeGreaterThanOrEqual(100)
  expect(top).toBeLessThan(300)
})

test('the filter bar stays at the top while scrolling', async ({ page }) => {
  await page.goto('/portfolio-solutions')
  await expect(cards(page).first()).toBeVisible()
  await page.mouse.wheel(0, 2000)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000)
  await expect(page.getByRole('navigation', { name: SOLUTIONS_COPY.filterLabel })).toBeInViewport()
})

test('cards: status badge, Perfect for, first 3 key features, clamped description and the action buttons', async ({
  page,
}) => {
  const projects = await apiProjects(page)
  await page.goto('/portfolio-solutions')
  for (const project of projects) {
    const card = cards(page).filter({ has: page.getByRole('heading', { name: project.title, exact: true }) })
    const status = project.status ?? 'production'
    const label = PROJECT_STATUSES.find((s) => s.value === status)!.label
    await expect(card.getByText(label, { exact: true })).toBeVisible()
    await expect(card.getByText(`${SOLUTIONS_COPY.perfectFor}:`)).toHaveCount(project.targetAudience ? 1 : 0)
    await expect(card.getByRole('listitem')).toHaveText(project.keyFeatures.slice(0, 3))
    const description = card.locator('p.line-clamp-3')
    expect(await description.evaluate((el) => getComputedStyle(el).webkitLineClamp)).toBe('3')

    // The title links to the project's page (issue 16); the two action buttons follow it.
    await expect(card.getByRole('heading').getByRole('link')).toHaveAttribute(
      'href',
      /^\/portfolio-solutions\/[a-z0-9-]+$/,
    )
    const links = card.getByRole('link').filter({ hasText: `: ${project.title}` })
    await expect(links).toHaveCount(2)
    await expect(links.nth(1)).toHaveText(`${SOLUTIONS_COPY.discuss}: ${project.title}`)
    await expect(links.nth(1)).toHaveAttribute('href', '/schedule-consultation')
  }

  // One card per rule of SPEC §2, from the seed. The visible label is followed by the title for screen readers.
  const label = (text: string) => new RegExp(`^${text}: `)
  const byTitle = (title: string) =>
    cards(page)
      .filter({ has: page.getByRole('heading', { name: title, exact: true }) })
      .getByRole('link')
      // The first link is the title's (to the project's page); the main button comes next.
      .nth(1)
  const live = byTitle('ClinicFlow Practice Manager')
  await expect(live).toHaveText(label(SOLUTIONS_COPY.actions.live))
  await expect(live).toHaveAttribute('href', 'https://clinicflow.example.com')
  await expect(live).toHaveAttribute('target', '_blank')
  // A missing status is production: the inventory tracker is live.
  await expect(byTitle('Pharmacy Inventory Tracker')).toHaveText(label(SOLUTIONS_COPY.actions.live))
  const access = byTitle('Counter POS for Cafés')
  await expect(access).toHaveText(label(SOLUTIONS_COPY.actions.access))
  await expect(access).toHaveAttribute('href', '/schedule-consultation')
  await expect(byTitle('Internal Help Desk')).toHaveText(label(SOLUTIONS_COPY.actions.access))
  const demo = byTitle('After-Hours Answering Assistant')
  await expect(demo).toHaveText(label(SOLUTIONS_COPY.actions.demo))
  await expect(demo).toHaveAttribute('href', 'https://demo.example.com/assistant')
  await expect(demo).toHaveAttribute('target', '_blank')
  const learn = byTitle('Document Intake Automation')
  await expect(learn).toHaveText(label(SOLUTIONS_COPY.actions.learnMore))
  await expect(learn).toHaveAttribute('href', '/schedule-consultation')
})
