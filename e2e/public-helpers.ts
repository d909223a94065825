import { expect, type Page } from '@playwright/test'
import { expectNoAxeViolations } from './axe'

/** The public routes and the heading each one shows. */
export const PUBLIC_PAGES = [
  { path: '/', heading: 'Custom Software That Solves Real Problems' },
  { path: '/about', heading: 'From Paramedic to Software Developer' },
  { path: '/contact', heading: "Let's Talk About Your Project" },
  { path: '/portfolio-solutions', heading: 'Software Solutions That Pay for Themselves' },
  { path: '/it-support', heading: 'IT Support for Small Businesses and Healthcare Practices' },
  { path: '/schedule-consultation', heading: 'Schedule a Free Consultation' },
  { path: '/trust', heading: 'Trust & HIPAA' },
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
