import { MAINTENANCE_TEMPLATES } from '../schema/maintenance-templates'
import { choose } from './admin-select'
import { expect, test } from './fixtures'

// Issue 40 on the owner's phone (375 px): a schedule made from a seeded
// template on /admin/maintenance, its tasks made, and one task worked through
// at the client's site: every item ticked (one with a note), a photo as
// evidence, time logged, marked done.

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)

test('a schedule from a template, its tasks made, one ticked on a phone and marked done', async ({
  ownerPage: page,
}) => {
  test.setTimeout(180_000)
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
  const clientName = `Maintenance Family Practice ${tag}`
  const practice = await page.request.post('/api/clients', {
    data: { name: clientName, contacts: [{ name: 'Dana Cho', email: `maint-${tag}@example.com` }] },
  })
  expect(practice.status()).toBe(201)
  const template = MAINTENANCE_TEMPLATES.find((t) => t.key === 'patch-review')!

  await page.goto('/admin/maintenance')
  await expect(page.getByRole('heading', { level: 1, name: 'Maintenance' })).toBeVisible()
  const form = page.getByRole('form', { name: 'New schedule' })
  // The client picker is disabled until the clients have loaded (a click before then opens nothing).
  const clientPicker = form.getByRole('button', { name: /Client$/ })
  await expect(clientPicker).toBeEnabled()
  await choose(page, clientPicker, clientName)
  await choose(page, form.getByRole('button', { name: /Start from$/ }), template.title)
  await expect(form.getByRole('textbox', { name: 'Title' })).toHaveValue(template.title)
  await form.getByRole('button', { name: 'Add schedule' }).click()
  await expect(page.getByText('Schedule added')).toBeVisible()
  await expect(page.getByRole('table', { name: 'Schedules' }).getByText(clientName)).toBeVisible()

  await page.getByRole('button', { name: 'Make tasks for the next 30 days' }).click()
  await expect(page.getByText(/tasks made$/)).toBeVisible()
  const due = page
    .getByRole('list', { name: 'Due and overdue tasks' })
    .getByRole('listitem')
    .filter({ hasText: clientName })
  // Monthly from today: this month's and next month's.
  await expect(due).toHaveCount(2)
  await due.first().getByRole('link', { name: template.title }).click()

  await expect(page.getByRole('heading', { level: 1, name: 'Maintenance task' })).toBeVisible()
  const boxes = page.getByRole('checkbox')
  await expect(boxes).toHaveCount(template.checklist.length)
  // Not done while an item is unticked.
  // A tap on the item's words ticks it, as a thumb would.
  const tick = async (label: string) => {
    await page.locator('label', { hasText: label }).click()
    await expect(page.getByRole('checkbox', { name: label })).toBeChecked()
  }
  await tick(template.checklist[0]!)
  await page.getByRole('textbox', { name: 'Note on item 1' }).fill('Six updates, all installed')
  await page.getByRole('button', { name: 'Mark done' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Tick every checklist item' })).toBeVisible()

  await page
    .getByLabel(/Add evidence/)
    .setInputFiles({ name: 'updates.png', mimeType: 'image/png', buffer: PNG })
  await expect(page.getByRole('link', { name: 'updates.png' })).toBeVisible()
  await page.getByRole('textbox', { name: 'Minutes' }).fill('40')
  await page.getByRole('button', { name: 'Log time' }).click()
  await expect(page.getByText('40 minutes logged on this task')).toBeVisible()

  for (const label of template.checklist.slice(1)) await tick(label)
  await page.getByRole('button', { name: 'Mark done' }).click()
  await expect(page.getByText('Task done')).toBeVisible()
  await expect(page.getByText('Done', { exact: true })).toBeVisible()
  await expect(page.getByText('Six updates, all installed')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Mark done' })).toHaveCount(0)
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(width).toBeLessThanOrEqual(375)
})
