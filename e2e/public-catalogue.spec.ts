import { FILTER_CATEGORIES } from '../schema/constants'
import { EMPTY_STATES } from '../schema/messages'
import { SOLUTIONS_COPY } from '../schema/page-copy/solutions'
import { apiProjects, cards, filterButton, PUBLIC_FILTERS, shownUnder } from './catalogue'
import { expect, test } from './fixtures'
import { ownerProjects, recreateProject } from './owner'
import { settleAnimations } from './public-helpers'

// The solutions catalogue against the seeded API, at 1280 px: what does not
// depend on the width. The phone's side is public-catalogue.responsive.spec.ts.

test('the filter shows a count per category that matches GET /api/projects', async ({ page }) => {
  const projects = await apiProjects(page)
  await page.goto('/portfolio-solutions')
  await expect(cards(page)).toHaveCount(projects.length)
  for (const { value, label } of FILTER_CATEGORIES) {
    const expected =
      value === 'all' ? projects.length : projects.filter((p) => shownUnder(p.category) === value).length
    await expect(filterButton(page, label)).toHaveText(`${label} ${expected}`)
  }
  // The seed has a legacy ai-chatbot project and an unknown category: both are counted where the spec says.
  expect(projects.some((p) => p.category === 'ai-chatbot')).toBe(true)
  expect(projects.some((p) => !PUBLIC_FILTERS.has(p.category) && p.category !== 'ai-chatbot')).toBe(true)
})

test('a filter address is rendered by the server, an unknown one shows All, and Home links to each', async ({
  page,
}) => {
  await page.goto('/portfolio-solutions?category=healthcare')
  await expect(filterButton(page, 'Healthcare')).toHaveAttribute('aria-current', 'page')
  await page.goto('/portfolio-solutions?category=nope')
  await expect(filterButton(page, 'All Solutions')).toHaveAttribute('aria-current', 'page')
  await page.goto('/')
  await page.getByRole('link', { name: /^Point of Sale/ }).click()
  await expect(page).toHaveURL('/portfolio-solutions?category=pos')
  await expect(filterButton(page, 'Point of Sale')).toHaveAttribute('aria-current', 'page')
})

test('a category without projects shows the empty state, and View All Solutions resets the filter', async ({
  ownerPage: page,
}) => {
  // The owner removes every inventory project for a moment, so that one category is empty.
  const full = await ownerProjects(page.request)
  const inventory = full.filter((p) => shownUnder(p.category) === 'inventory')
  expect(inventory.length).toBeGreaterThan(0)
  for (const p of inventory) expect((await page.request.delete(`/api/projects/${p.id}`)).ok()).toBe(true)
  try {
    await page.goto('/portfolio-solutions')
    await expect(filterButton(page, 'Inventory Management')).toHaveText('Inventory Management 0')
    await filterButton(page, 'Inventory Management').click()
    await expect(cards(page)).toHaveCount(0)
    await expect(page.getByRole('heading', { name: EMPTY_STATES.solutions })).toBeVisible()
    await page.getByRole('link', { name: SOLUTIONS_COPY.viewAll }).click()
    await expect(filterButton(page, 'All Solutions')).toHaveAttribute('aria-current', 'page')
    await expect(cards(page)).toHaveCount(full.length - inventory.length)
  } finally {
    for (const project of inventory) await recreateProject(page.request, project)
  }
})

test('images: shown when valid and loading; gradient fallback when missing, invalid, placeholder or failing', async ({
  page,
}) => {
  // The seeded POS image is a real image served by the site; ClinicFlow's request is made to fail here.
  await page.route('**/demo/clinicflow.svg', (route) => route.abort())
  await page.goto('/portfolio-solutions')
  const card = (title: string) =>
    cards(page).filter({ has: page.getByRole('heading', { name: title, exact: true }) })

  const loaded = card('Counter POS for Cafés')
  await loaded.scrollIntoViewIfNeeded()
  await expect(loaded.locator('img')).toHaveAttribute('src', /\/demo\/pos\.svg$/)
  await expect(loaded.getByTestId('image-fallback')).toHaveCount(0)

  for (const title of [
    'Field Service Dispatch Board', // placeholder path
    'After-Hours Answering Assistant', // empty
    'Document Intake Automation', // not a URL
    'Revenue Dashboard', // null
    'ClinicFlow Practice Manager', // valid URL that fails to load
  ]) {
    const fallback = card(title)
    await fallback.scrollIntoViewIfNeeded()
    await expect(fallback.getByTestId('image-fallback')).toBeVisible()
    await expect(fallback.locator('img')).toHaveCount(0)
  }
})

test('cards animate in 0.1 s apart, and not at all with reduced motion', async ({ page }) => {
  await page.goto('/portfolio-solutions')
  await expect(cards(page).nth(2)).toBeVisible()
  const delays = await cards(page).evaluateAll((els) =>
    els.slice(0, 3).map((el) => getComputedStyle(el).animationDelay),
  )
  expect(delays).toEqual(['0s', '0.1s', '0.2s'])
  expect(
    await cards(page)
      .first()
      .evaluate((el) => getComputedStyle(el).animationName),
  ).toBe('card-in')
  await settleAnimations(page)

  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.reload()
  await expect(cards(page).first()).toBeVisible()
  expect(
    await cards(page)
      .first()
      .evaluate((el) => getComputedStyle(el).animationName),
  ).toBe('none')
  // Nothing moves by time; the chips' scroll hint (a scroll-driven fade that follows
  // the finger, not the clock) stays, reduced motion or not.
  expect(
    await page.evaluate(
      () => document.getAnimations().filter((a) => a.timeline instanceof DocumentTimeline).length,
    ),
  ).toBe(0)
})

test('hero and closing call to action', async ({ page }) => {
  await page.goto('/portfolio-solutions')
  const main = page.getByRole('main')
  await expect(main.getByRole('link', { name: SOLUTIONS_COPY.scheduleConsultation })).toHaveAttribute(
    'href',
    '/schedule-consultation',
  )
  await expect(main.getByRole('link', { name: new RegExp(SOLUTIONS_COPY.call) })).toHaveAttribute(
    'href',
    'tel:+16185550123',
  )
  await expect(main.getByRole('link', { name: SOLUTIONS_COPY.freeQuote })).toHaveAttribute(
    'href',
    '/schedule-consultation',
  )
  await expect(main.getByRole('link', { name: SOLUTIONS_COPY.emailMe })).toHaveAttribute(
    'href',
    'mailto:hello@example.com',
  )
})
