import { expect, type Page } from '@playwright/test'
import { expectNoAxeViolations } from './axe'

/**
 * The public routes, the heading each one shows, and whether it is hydrated: a page with nothing of
 * its own to run in the browser is sent without scripts (`handle: { hydrate: false }`, ADR 170).
 */
export const PUBLIC_PAGES = [
  { path: '/', heading: 'Custom Software That Solves Real Problems', hydrates: false },
  { path: '/about', heading: 'From Paramedic to Software Developer', hydrates: false },
  { path: '/contact', heading: "Let's Talk About Your Project", hydrates: false },
  { path: '/portfolio-solutions', heading: 'Software Solutions That Pay for Themselves', hydrates: true },
  {
    path: '/it-support',
    heading: 'IT Support for Small Businesses and Healthcare Practices',
    hydrates: true,
  },
  { path: '/schedule-consultation', heading: 'Schedule a Free Consultation', hydrates: true },
  { path: '/trust', heading: 'Trust & HIPAA', hydrates: false },
] as const

export async function expectNoHorizontalScroll(page: Page) {
  const [scrollWidth, clientWidth] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ])
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth)
}

/**
 * Waits until entrance animations are over (axe reads colours of fully opaque
 * content). Only animations that run in time: a scroll-driven one (the filter
 * chips' scroll hint) follows a scroll position and is "running" for as long
 * as the page is open.
 */
export async function settleAnimations(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => !(a.timeline instanceof DocumentTimeline) || a.playState !== 'running'),
  )
}

/** Axe-core scan of the page; fails on serious or critical violations (WCAG 2.1 A/AA). */
export async function expectNoSeriousA11yViolations(page: Page) {
  // Scan the page as a visitor sees it: data loaded, cards rendered, animations over.
  await page.waitForLoadState('networkidle')
  await settleAnimations(page)
  await expectNoAxeViolations(page, { seriousOnly: true })
}

/**
 * Waits until React Router has the page's route modules (just before React
 * hydrates). Links, forms and the menu work before that (they are HTML); other
 * buttons only work after it.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(
    () => (window as unknown as { __reactRouterRouteModules?: object }).__reactRouterRouteModules,
  )
}

/**
 * Waits until a request form that came with its page is React's. Its code is fetched when the
 * visitor reaches for the form (ADR 170), so: hydrated page, a pointer over the form, then the
 * check in place that the hydrated form turns on (until then it is the plain HTML form, posted
 * without JavaScript).
 */
export async function waitForForm(page: Page, name: 'Schedule a consultation' | 'IT support request') {
  await waitForHydration(page)
  const form = page.getByRole('form', { name })
  await form.hover()
  await expect(form).toHaveJSProperty('noValidate', true)
}
