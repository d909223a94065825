import { gzipSync } from 'node:zlib'
import { expect, test } from './fixtures'
import { PUBLIC_PAGES } from './public-helpers'

// Public routes load at most 112 KB of gzipped JavaScript: issue 11's 120 KB
// budget with 8 KB to spare (issue 35; the admin's code, urql and GraphQL stay
// out of them), measured as `npm run bench` measures it: on what the browser
// actually fetched for each route on a fresh load, gzip -9, 1 KB = 1,000 bytes.
// ADRs 068, 149 and 170 say where the bytes went; a change that crosses the
// line fails here, not only in the bench.
const BUDGET_BYTES = 112 * 1000

for (const { path, heading, hydrates } of PUBLIC_PAGES) {
  test(`${path} loads at most 112 KB of gzipped JavaScript`, async ({ page }) => {
    const scripts = new Map<string, number>()
    page.on('response', async (res) => {
      if (res.request().resourceType() !== 'script') return
      scripts.set(res.url(), gzipSync(await res.body(), { level: 9 }).length)
    })
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    await page.waitForLoadState('networkidle')
    const total = [...scripts.values()].reduce((a, b) => a + b, 0)
    // A page with nothing to hydrate loads no script at all (ADR 170); the others load theirs.
    if (hydrates) expect(scripts.size).toBeGreaterThan(0)
    else expect([...scripts.keys()]).toEqual([])
    expect(
      total,
      [...scripts].map(([url, n]) => `${new URL(url).pathname}: ${n}`).join('\n'),
    ).toBeLessThanOrEqual(BUDGET_BYTES)
  })
}
