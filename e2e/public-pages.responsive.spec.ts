import { FEATURED_PROJECT_COUNT, HOME_CATEGORIES } from '../schema/constants'
import { ABOUT_COPY } from '../schema/page-copy/about'
import { CONTACT_COPY } from '../schema/page-copy/contact'
import { HOME_COPY } from '../schema/page-copy/home'
import { IT_SUPPORT_COPY } from '../schema/page-copy/it-support'
import { SCHEDULE_COPY } from '../schema/page-copy/schedule'
import { CLAIMS, copyrightYear } from '../schema/site-copy'
import { expect, test } from './fixtures'
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations, PUBLIC_PAGES } from './public-helpers'

// Runs at 1280 px (desktop project) and 375 px (mobile project). What the width
// does not change (where the copy comes from, which requests it needs) is
// checked at 1280 px only, in public-content.spec.ts.

for (const { path, heading } of PUBLIC_PAGES) {
  test(`${path}: heading, fixed nav, no horizontal scroll, no serious axe violations`, async ({ page }) => {
    const res = await page.goto(path)
    expect(res?.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    const banner = page.getByRole('banner')
    await expect(banner).toBeVisible()
    expect(await banner.evaluate((el) => getComputedStyle(el).position)).toBe('fixed')
    await expectNoHorizontalScroll(page)
    await expectNoSeriousA11yViolations(page)
  })
}

test('home: hero, badges, categories, featured work from the API, values, background, contact and footer', async ({
  page,
  request,
}) => {
  const projects = (await (await request.get('/api/projects')).json()) as {
    title: string
    featured: boolean
    problemSolved: string | null
    businessValue: string | null
  }[]
  await page.goto('/')
  await expect(page).toHaveTitle(/Custom Software That Solves Real Problems/)
  const main = page.getByRole('main')

  // Hero buttons; the seeded database has an active resume, so Download CV is there.
  await expect(main.getByRole('link', { name: HOME_COPY.viewSolutions })).toHaveAttribute(
    'href',
    '/portfolio-solutions',
  )
  await expect(main.getByRole('link', { name: HOME_COPY.scheduleConsultation }).first()).toHaveAttribute(
    'href',
    '/schedule-consultation',
  )
  const cv = main.getByRole('link', { name: HOME_COPY.downloadCv })
  await expect(cv).toHaveAttribute('href', '/api/resume/download')
  await expect(cv).toHaveAttribute('target', '_blank')
  for (const badge of HOME_COPY.badges) await expect(main.getByText(badge, { exact: true })).toBeVisible()

  // Six category cards, each to the catalogue showing its category.
  for (const name of HOME_CATEGORIES) {
    await expect(main.getByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute(
      'href',
      /^\/portfolio-solutions\?category=[a-z-]+$/,
    )
  }

  // Featured Work: the featured projects of GET /api/projects first, in order, then the rest (issue 16).
  const featured = main.getByTestId('featured-project')
  await expect(featured).toHaveCount(FEATURED_PROJECT_COUNT)
  const shown = [...projects.filter((p) => p.featured), ...projects.filter((p) => !p.featured)]
  for (const [i, project] of shown.slice(0, FEATURED_PROJECT_COUNT).entries()) {
    const item = featured.nth(i)
    await expect(item.getByRole('heading')).toHaveText(project.title)
    // Problem and Result lines only when present.
    await expect(item.getByText(`${HOME_COPY.problem}:`)).toHaveCount(project.problemSolved ? 1 : 0)
    await expect(item.getByText(`${HOME_COPY.result}:`)).toHaveCount(project.businessValue ? 1 : 0)
    // Descriptions are clamped to 3 lines.
    expect(
      await item
        .locator('p')
        .first()
        .evaluate((el) => getComputedStyle(el).webkitLineClamp),
    ).toBe('3')
  }
  await expect(main.getByRole('link', { name: HOME_COPY.viewAllProjects })).toHaveAttribute(
    'href',
    '/portfolio-solutions',
  )

  // Value propositions with the spec's claims.
  await expect(main.getByText(`documentation time by ${CLAIMS.documentationDown}`)).toBeVisible()
  await expect(main.getByText(`costs by ${CLAIMS.costsDown}`)).toBeVisible()
  await expect(main.getByText(`live in ${CLAIMS.launchTime}`)).toBeVisible()
  await expect(main.getByRole('link', { name: HOME_COPY.backgroundLink })).toHaveAttribute('href', '/about')

  // Contact call to action, then the footer.
  const contact = page.locator('#contact')
  await expect(contact.getByRole('link', { name: HOME_COPY.scheduleConsultation })).toHaveAttribute(
    'href',
    '/schedule-consultation',
  )
  await expect(contact.getByRole('link', { name: HOME_COPY.emailMe })).toHaveAttribute(
    'href',
    'mailto:hello@example.com',
  )
  await expect(page.getByRole('contentinfo')).toContainText(
    `© ${copyrightYear()} Alex Morgan. All rights reserved.`,
  )
  await expect(
    page.getByRole('contentinfo').getByRole('link', { name: 'Privacy & Security' }),
  ).toHaveAttribute('href', '/privacy')
})

test('about: buttons, sections, skills grouped by category from the API, closing email link', async ({
  page,
  request,
}) => {
  const skills = (await (await request.get('/api/skills')).json()) as { category: string; name: string }[]
  await page.goto('/about')
  const main = page.getByRole('main')
  await expect(main.getByRole('link', { name: ABOUT_COPY.viewMyWork })).toHaveAttribute(
    'href',
    '/portfolio-solutions',
  )
  await expect(main.getByRole('link', { name: ABOUT_COPY.scheduleConsultation }).first()).toHaveAttribute(
    'href',
    '/schedule-consultation',
  )
  const resume = main.getByRole('link', { name: ABOUT_COPY.downloadResume })
  await expect(resume).toHaveAttribute('href', '/api/resume/download')
  await expect(resume).toHaveAttribute('target', '_blank')

  await expect(main.getByRole('heading', { name: ABOUT_COPY.healthcareTitle })).toBeVisible()
  for (const title of ['Healthcare Technology', 'Business Solutions', 'Apple Development']) {
    await expect(main.getByRole('heading', { name: title, level: 3 })).toBeVisible()
  }
  await expect(main.getByRole('heading', { name: ABOUT_COPY.benefitsTitle })).toBeVisible()
  await expect(
    main.getByRole('heading', { name: ABOUT_COPY.benefitsTitle }).locator('..').getByRole('listitem'),
  ).toHaveCount(4)

  const categories = [...new Set(skills.map((s) => s.category))]
  const groups = main.getByTestId('skill-group')
  await expect(groups).toHaveCount(categories.length)
  for (const category of categories) {
    const group = groups.filter({ has: page.getByRole('heading', { name: category, exact: true }) })
    const names = skills.filter((s) => s.category === category).map((s) => s.name)
    await expect(group.getByRole('listitem')).toHaveText(names)
  }
  await expect(main.getByRole('link', { name: ABOUT_COPY.emailMe })).toHaveAttribute(
    'href',
    'mailto:hello@example.com',
  )
})

test('contact: phone, email and schedule cards, what to expect, location and hours, links', async ({
  page,
}) => {
  await page.goto('/contact')
  const main = page.getByRole('main')
  await expect(main.getByRole('link', { name: '+1 (618) 555-0123' })).toHaveAttribute(
    'href',
    'tel:+16185550123',
  )
  await expect(main.getByText(CLAIMS.businessHoursShort)).toBeVisible()
  await expect(main.getByRole('link', { name: 'hello@example.com' })).toHaveAttribute(
    'href',
    'mailto:hello@example.com',
  )
  await expect(main.getByText(CLAIMS.responseTime, { exact: true })).toBeVisible()
  await expect(main.getByRole('link', { name: CONTACT_COPY.scheduleButton })).toHaveAttribute(
    'href',
    '/schedule-consultation',
  )
  await expect(main.getByRole('heading', { name: CONTACT_COPY.expectTitle })).toBeVisible()
  await expect(main.getByRole('heading', { name: CONTACT_COPY.locationTitle })).toBeVisible()
  await expect(main.getByText(CLAIMS.location, { exact: true })).toBeVisible()
  await expect(main.getByRole('heading', { name: CONTACT_COPY.hoursTitle })).toBeVisible()
  await expect(main.getByText(CLAIMS.businessHours, { exact: true })).toBeVisible()
  await expect(main.getByRole('link', { name: CONTACT_COPY.viewSolutions })).toHaveAttribute(
    'href',
    '/portfolio-solutions',
  )
  await expect(main.getByRole('link', { name: CONTACT_COPY.aboutMe })).toHaveAttribute('href', '/about')
})

test('IT support: the form toggle, the framed chatbot demo and the closing call to action', async ({
  page,
}) => {
  await page.goto('/it-support')
  const main = page.getByRole('main')
  for (const service of ['Security', 'System Optimisation', 'Custom Solutions']) {
    await expect(main.getByRole('heading', { name: service, level: 3 })).toBeVisible()
  }
  await expect(main.getByRole('heading', { name: IT_SUPPORT_COPY.whyTitle })).toBeVisible()

  // Request Support Now reveals the form; Back to Services hides it again.
  // The form itself belongs to the requests feature; this page only shows and hides it.
  const form = main.locator('form')
  await expect(form).toHaveCount(0)
  await page.waitForFunction(
    () => (window as unknown as { __reactRouterRouteModules?: object }).__reactRouterRouteModules,
  )
  await main.getByRole('link', { name: IT_SUPPORT_COPY.requestSupportNow }).click()
  await expect(form).toHaveCount(1)
  await expect(main.getByRole('heading', { name: IT_SUPPORT_COPY.whyTitle })).toHaveCount(0)
  await main.getByRole('link', { name: IT_SUPPORT_COPY.backToServices }).click()
  await expect(form).toHaveCount(0)
  await expect(main.getByRole('link', { name: IT_SUPPORT_COPY.requestSupportNow })).toBeFocused()

  // The e2e server's CHATBOT_DEMO_URL is a local stand-in on another origin (scripts/serve-demo.mjs):
  // the sandboxed frame loads it under the "live" label. (Without a URL there is no frame and no
  // label: test/worker/pages.test.ts.)
  const frame = main.locator('iframe')
  await expect(frame).toHaveAttribute('title', IT_SUPPORT_COPY.demoLabel)
  await expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-same-origin allow-forms')
  await expect(main.locator('figcaption')).toHaveText(IT_SUPPORT_COPY.demoLabel)
  await expect(main.getByTestId('demo-placeholder')).toHaveCount(0)
  await frame.scrollIntoViewIfNeeded()
  const demo = page.frameLocator(`iframe[title="${IT_SUPPORT_COPY.demoLabel}"]`)
  await expect(demo.getByRole('heading', { name: 'Demo assistant' })).toBeVisible()
  // Its own script ran (the sandbox allows scripts), on its own origin.
  await expect(demo.locator('#origin')).toHaveText(
    `Served from ${new URL((await frame.getAttribute('src')) as string).origin}`,
  )
  expect(new URL((await frame.getAttribute('src'))!).origin).not.toBe(new URL(page.url()).origin)

  // Submit Support Request opens the form and scrolls to the top.
  await main.getByRole('link', { name: IT_SUPPORT_COPY.submitSupportRequest }).click()
  await expect(form).toHaveCount(1)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  await expect(main.getByRole('heading', { name: IT_SUPPORT_COPY.formTitle })).toBeFocused()

  // Contact Me Directly goes to the home page's contact section.
  await main.getByRole('link', { name: IT_SUPPORT_COPY.contactMeDirectly }).click()
  await expect(page).toHaveURL(/\/#contact$/)
  await expect(page.locator('#contact')).toBeInViewport()
})

test('/#contact scrolls to the contact section on a fresh load', async ({ page }) => {
  await page.goto('/#contact')
  await expect(page.getByTestId('featured-project')).toHaveCount(FEATURED_PROJECT_COUNT)
  await expect(page.locator('#contact')).toBeInViewport()
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
})

test('schedule consultation: heading, the form, and a sidebar with what to expect and contact info', async ({
  page,
}) => {
  await page.goto('/schedule-consultation')
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(SCHEDULE_COPY.heading)
  await expect(main.locator('form')).toHaveCount(1)
  const sidebar = main.getByRole('complementary')
  await expect(sidebar.getByRole('heading', { name: SCHEDULE_COPY.expectTitle })).toBeVisible()
  await expect(sidebar.getByText(CLAIMS.freeConsultation)).toBeVisible()
  await expect(sidebar.getByRole('heading', { name: SCHEDULE_COPY.contactTitle })).toBeVisible()
  await expect(sidebar.getByRole('link', { name: 'hello@example.com' })).toHaveAttribute(
    'href',
    'mailto:hello@example.com',
  )
  await expect(sidebar.getByRole('link', { name: '+1 (618) 555-0123' })).toHaveAttribute(
    'href',
    'tel:+16185550123',
  )
})
