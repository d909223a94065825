// Issue 28: the admin on a 375 px phone. Every admin tab and owner page fits
// the screen (no sideways scrolling of the page), the header's links wrap
// instead of running off, and the Availability grid scrolls inside its own box.
// Runs in the mobile project only (playwright.config.ts).
import { expect, type Page, test } from './fixtures'

test.use({ viewport: { width: 375, height: 800 } })

/** The page is no wider than the screen: nothing to scroll sideways. */
async function expectNoOverflow(page: Page, where: string) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }))
  expect(scroll, `${where} is ${scroll} px wide on a ${client} px screen`).toBeLessThanOrEqual(client)
}

const TABS = ['Projects', 'Skills', 'Files', 'Resumes', 'Consultations', 'Content']

test('every admin tab and owner page fits a 375 px screen', async ({ ownerPage: page }) => {
  await page.goto('/admin')
  await expect(page.getByText('Welcome back, owner')).toBeVisible()
  // The header's last links are on screen, not pushed off it.
  for (const name of ['Availability', 'Logout']) {
    const box = (await page
      .getByRole(name === 'Logout' ? 'button' : 'link', { name, exact: true })
      .boundingBox())!
    expect(box.x + box.width, `${name} ends inside the screen`).toBeLessThanOrEqual(375)
  }
  for (const tab of TABS) {
    await page.getByRole('tab', { name: tab }).click()
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true')
    await expectNoOverflow(page, `The ${tab} tab`)
  }
  for (const [path, heading] of [
    ['/admin/insights', 'Insights'],
    ['/admin/security', 'Security'],
    ['/admin/availability', 'Availability'],
  ] as const) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    await expectNoOverflow(page, path)
  }
  // The weekly grid is wider than the phone: it scrolls in its own box, its last column reachable.
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
