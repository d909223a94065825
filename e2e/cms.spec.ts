import { expect, type Page, test } from '@playwright/test'
import { CONTENT_KEYS } from '../schema/content-keys'
import { OWNER } from './owner'

// Issue 16, tried as the owner would: an image uploaded in the project dialog
// shows on the card and the project's page, served from the site with an
// immutable cache header; the page's raw HTML has its head and its URL is in
// the sitemap; moving a project changes the catalogue and Home's featured
// cards; the content editor resets a key to its default on the public page.

// A 1x1 PNG, so the browser really shows it.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)

const toast = (page: Page, title: string) => page.getByRole('alertdialog', { name: title })

test.beforeEach(async ({ page }) => {
  const res = await page.request.post('/api/auth/login', { data: OWNER })
  expect(res.ok()).toBe(true)
})

test('an image uploaded in the dialog shows on the card and the page, which search engines can read', async ({
  page,
}) => {
  test.slow()
  const title = `E2E Gallery ${Date.now()}`
  await page.goto('/admin')
  await page.getByRole('button', { name: 'Add Project' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Project' })
  await dialog.getByLabel('Title').fill(title)
  await dialog.getByLabel('Description').fill('Photos of every job, filed by address.')
  await dialog.getByRole('button', { name: 'Add metric' }).click()
  await dialog.getByLabel('Metric 1 label').fill('Photos filed')
  await dialog.getByLabel('Metric 1 value').fill('12,000')
  await dialog.getByLabel('Testimonial quote').fill('Nothing gets lost any more.')
  await dialog.getByLabel('Testimonial author', { exact: true }).fill('Kim')
  await dialog
    .getByLabel('Upload image')
    .setInputFiles({ name: 'job.png', mimeType: 'image/png', buffer: PNG })
  const url = dialog.getByLabel('Image URL')
  await expect(url).toHaveValue(/^\/media\/[0-9a-f-]+\.png$/)
  const src = await url.inputValue()
  await expect(dialog.getByRole('img', { name: `Preview: ${src}` })).toBeVisible()
  await dialog.getByRole('button', { name: 'Create Project' }).click()
  await expect(toast(page, 'Project created')).toBeVisible()

  const image = await page.request.get(src)
  expect(image.status()).toBe(200)
  expect(image.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
  expect(image.headers()['content-type']).toBe('image/png')

  // The card shows the image and links to the page; a new project is last, so it is the last card.
  await page.goto('/portfolio-solutions')
  const card = page.getByRole('article', { name: title })
  await expect(card.locator(`img[src="${src}"]`)).toBeVisible()
  await expect(card).toContainText('Photos filed')
  await card.getByRole('link', { name: title, exact: true }).click()
  await expect(page).toHaveURL(/\/portfolio-solutions\/e2e-gallery-\d+$/)
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(page.locator(`main img[src="${src}"]`)).toBeVisible()
  await expect(page.getByText('Nothing gets lost any more.')).toBeVisible()
  const path = new URL(page.url()).pathname

  // The raw HTML, as a crawler gets it.
  const html = await (await page.request.get(path)).text()
  expect(html).toContain(`<title>${title} | Software Solutions</title>`)
  expect(html).toContain('<meta name="description" content="Photos of every job, filed by address."/>')
  expect(html).toMatch(new RegExp(`<meta property="og:image" content="https?://[^"]+${src}"/>`))
  expect(html).toContain('"@type":"SoftwareApplication"')
  const sitemap = await (await page.request.get('/sitemap.xml')).text()
  expect(sitemap).toMatch(new RegExp(`<loc>[^<]+${path}</loc><lastmod>`))

  // Clean up for the other specs that count the catalogue.
  const projects = (await (await page.request.get('/api/projects')).json()) as { id: number; title: string }[]
  const mine = projects.find((p) => p.title === title)!
  expect((await page.request.delete(`/api/projects/${mine.id}`)).ok()).toBe(true)
})

test("moving a project with the keyboard changes the catalogue and Home's featured cards", async ({
  page,
}) => {
  test.slow()
  const before = (await (await page.request.get('/api/projects')).json()) as { id: number; title: string }[]
  await page.goto('/admin')
  const list = page.getByRole('grid', { name: 'Projects' })
  await expect(list.getByRole('row')).toHaveCount(before.length)
  const second = before[1]!
  // react-aria's keyboard drag: focus the handle, Enter to pick up, arrows to move, Enter to drop.
  const handle = list.getByRole('button', { name: `Move ${second.title}` })
  // The grid's first focus goes to its remembered row: focus the handle until it holds.
  await expect(async () => {
    await handle.focus()
    await expect(handle).toBeFocused({ timeout: 500 })
  }).toPass()
  await page.keyboard.press('Enter')
  // The drop positions are announced ("Insert before ..."); step up until it is before the first project.
  const target = page.locator(':focus')
  await expect(target).toHaveAttribute('aria-label', /^Insert /)
  const wanted = `Insert before ${before[0]!.title}`
  for (let step = 0; step < 3 && (await target.getAttribute('aria-label')) !== wanted; step++) {
    await page.keyboard.press('ArrowUp')
  }
  await expect(target).toHaveAttribute('aria-label', wanted)
  await page.keyboard.press('Enter')
  await expect(toast(page, 'Order saved')).toBeVisible()

  const after = (await (await page.request.get('/api/projects')).json()) as { id: number; title: string }[]
  expect(after.map((p) => p.id)).toEqual([second.id, before[0]!.id, ...before.slice(2).map((p) => p.id)])
  await page.goto('/portfolio-solutions')
  await expect(page.locator('article h3').first()).toHaveText(second.title)

  // Put the original order back for the other specs.
  const restored = await page.request.put('/api/projects/order', { data: { ids: before.map((p) => p.id) } })
  expect(restored.ok()).toBe(true)
})

test("Home's Featured Work shows featured projects first, in catalogue order", async ({ page }) => {
  const projects = (await (await page.request.get('/api/projects')).json()) as {
    title: string
    featured: boolean
  }[]
  const expected = [...projects.filter((p) => p.featured), ...projects.filter((p) => !p.featured)]
    .slice(0, 3)
    .map((p) => p.title)
  await page.goto('/')
  await expect(page.getByTestId('featured-project').locator('h3')).toHaveText(expected)
})

test('the content editor lists every key, and reset restores the default text on the public page', async ({
  page,
}) => {
  test.slow()
  await page.goto('/admin?tab=content')
  for (const key of Object.keys(CONTENT_KEYS)) {
    await expect(page.getByRole('button', { name: `Edit ${key}` })).toBeVisible()
  }
  // A key the server refuses, corrected, then saved: Save is not stuck after the error.
  await page.getByRole('textbox', { name: 'Key' }).fill('Bad Key')
  await page.getByRole('textbox', { name: 'Content', exact: true }).fill('Scratch')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByText(/Key may contain lowercase letters/)).toBeVisible()
  await page.getByRole('textbox', { name: 'Key' }).fill('e2e.scratch')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(toast(page, 'Content saved')).toBeVisible()
  await page.getByRole('button', { name: 'Delete e2e.scratch' }).click()
  await page
    .getByRole('alertdialog', { name: 'Delete content block?' })
    .getByRole('button', { name: 'Delete' })
    .click()
  await expect(toast(page, 'Content deleted')).toBeVisible()

  const key = 'contact.hours'
  const custom = `By appointment (${Date.now()})`
  await page.getByRole('button', { name: `Edit ${key}` }).click()
  await page.getByRole('textbox', { name: 'Content', exact: true }).fill(custom)
  await expect(page.getByTestId('content-preview')).toHaveText(custom)
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(toast(page, 'Content saved')).toBeVisible()
  await page.goto('/contact')
  await expect(page.getByText(custom)).toBeVisible()

  await page.goto('/admin?tab=content')
  await page.getByRole('button', { name: `Edit ${key}` }).click()
  await page.getByRole('button', { name: 'Reset to Default' }).click()
  await expect(toast(page, 'Content reset')).toBeVisible()
  await page.goto('/contact')
  await expect(page.getByText(custom)).toHaveCount(0)
  await expect(page.getByText(CONTENT_KEYS[key].defaultContent).first()).toBeVisible()
})

test('the project dialog asks before throwing edits away, and tabs are history entries', async ({ page }) => {
  await page.goto('/admin')
  await page.getByRole('button', { name: 'Add Project' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Project' })
  await dialog.getByLabel('Title').fill('Half-written')
  await page.keyboard.press('Escape')
  const confirm = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' })
  await expect(confirm).toBeVisible()
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog.getByLabel('Title')).toHaveValue('Half-written')
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await page
    .getByRole('alertdialog', { name: 'Discard unsaved changes?' })
    .getByRole('button', { name: 'Discard' })
    .click()
  await expect(dialog).toBeHidden()

  await page.getByRole('tab', { name: 'Skills' }).click()
  await expect(page).toHaveURL(/tab=skills/)
  await page.getByRole('tab', { name: 'Content' }).click()
  await expect(page).toHaveURL(/tab=content/)
  await page.goBack()
  await expect(page).toHaveURL(/tab=skills/)
  await expect(page.getByRole('tab', { name: 'Skills' })).toHaveAttribute('aria-selected', 'true')
})
