// The one axe-core helper of the e2e suite: scans the page (or a part of it)
// and fails with one line per violation. By default every axe rule counts;
// `seriousOnly` narrows it to serious and critical WCAG 2.1 A/AA violations.
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

export async function expectNoAxeViolations(
  page: Page,
  {
    include,
    label = include ?? 'page',
    seriousOnly = false,
  }: {
    /** A CSS selector to scan instead of the whole page. */
    include?: string
    /** Prefixes each reported violation (e.g. which tab was scanned). */
    label?: string
    /** Only serious and critical WCAG 2.1 A/AA violations fail (the public pages' budget). */
    seriousOnly?: boolean
  } = {},
) {
  // Legacy mode runs axe in the page itself. The default also injects axe into a
  // fresh blank page to merge the frames' results: a third of the scan's browser
  // CPU (docs/test-times.md). What it adds is cross-origin frames, and the only
  // one on a scanned page is the chatbot demo's stand-in (another origin, not
  // ours); the frame element itself (its title) is still checked.
  let builder = new AxeBuilder({ page }).setLegacyMode(true)
  if (seriousOnly) builder = builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
  if (include) builder = builder.include(include)
  const { violations } = await builder.analyze()
  const failing = seriousOnly
    ? violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    : violations
  expect(
    failing.map(
      (v) =>
        `${label}: ${v.id} (${v.impact}): ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([])
}
