import { CONTENT_KEYS } from '../schema/content-keys'
import { openScreen, siteTab } from './admin-nav'
import { expect, type Locator, type Page, test } from './fixtures'

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

// Every test runs as the signed-in owner (ownerPage, e2e/fixtures.ts).
const toast = (page: Page, title: string) => page.getByRole('alertdialog', { name: title })

test('an image uploaded in the dialog shows on the card and the page, which search engines can read', async ({
  ownerPage: page,
}) => {
  test.slow()
  const title = `E2E Gallery ${Date.now()}`
  await page.goto('/admin/projects')
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
  ownerPage: page,
}) => {
  test.slow()
  const before = (await (await page.request.get('/api/projects')).json()) as { id: number; title: string }[]
  await page.goto('/admin/projects')
  const list = page.getByRole('grid', { name: 'Projects' })
  await expect(list.getByRole('row')).toHaveCount(before.length)
  const second = before[1]!
  await dragWithKeyboard(
    page,
    list.getByRole('button', { name: `Move ${second.title}` }),
    `Insert before ${before[0]!.title}`,
  )
  await expect(toast(page, 'Order saved')).toBeVisible()

  const after = (await (await page.request.get('/api/projects')).json()) as { id: number; title: string }[]
  expect(after.map((p) => p.id)).toEqual([second.id, before[0]!.id, ...before.slice(2).map((p) => p.id)])
  await page.goto('/portfolio-solutions')
  await expect(page.locator('article h3').first()).toHaveText(second.title)

  // Put the original order back for the other specs.
  const restored = await page.request.put('/api/projects/order', { data: { ids: before.map((p) => p.id) } })
  expect(restored.ok()).toBe(true)
})

test("Home's Featured Work shows featured projects first, in catalogue order", async ({
  ownerPage: page,
}) => {
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
  ownerPage: page,
}) => {
  test.slow()
  await page.goto('/admin/content')
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
  // The contact page in a tab of its own; the admin stays open on Content.
  const site = await siteTab(page)
  await site.goto('/contact')
  await expect(site.getByText(custom)).toBeVisible()

  await page.getByRole('button', { name: `Edit ${key}` }).click()
  await page.getByRole('button', { name: 'Reset to Default' }).click()
  // It asks first (issue 52.5): the owner's text is deleted.
  await page
    .getByRole('alertdialog', { name: 'Reset to the default text?' })
    .getByRole('button', { name: 'Reset' })
    .click()
  await expect(toast(page, 'Content reset')).toBeVisible()
  await site.reload()
  await expect(site.getByText(custom)).toHaveCount(0)
  await expect(site.getByText(CONTENT_KEYS[key].defaultContent).first()).toBeVisible()
})

test('the project dialog asks before throwing edits away, and tabs are history entries', async ({
  ownerPage: page,
}) => {
  await page.goto('/admin/projects')
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

  const nav = page.getByRole('navigation', { name: 'Admin' })
  await nav.getByRole('link', { name: 'Skills', exact: true }).click()
  await expect(page).toHaveURL('/admin/skills')
  await nav.getByRole('link', { name: 'Content', exact: true }).click()
  await expect(page).toHaveURL('/admin/content')
  await page.goBack()
  await expect(page).toHaveURL('/admin/skills')
  await expect(nav.getByRole('link', { name: 'Skills', exact: true })).toHaveAttribute('aria-current', 'page')
})

/** Uploads a public image as the owner (as the dialog's own upload does); its name and address. */
/**
 * react-aria's keyboard drag: focus the handle, Enter to pick it up, ArrowUp
 * through the announced drop positions ("Insert before ...") until `dropLabel`,
 * Enter to drop.
 */
async function dragWithKeyboard(page: Page, handle: Locator, dropLabel: string) {
  // The grid's first focus goes to its remembered row: focus the handle until it holds.
  await expect(async () => {
    await handle.focus()
    await expect(handle).toBeFocused({ timeout: 500 })
  }).toPass()
  await page.keyboard.press('Enter')
  const target = page.locator(':focus')
  await expect(target).toHaveAttribute('aria-label', /^Insert /)
  for (let step = 0; step < 3 && (await target.getAttribute('aria-label')) !== dropLabel; step++) {
    await page.keyboard.press('ArrowUp')
  }
  await expect(target).toHaveAttribute('aria-label', dropLabel)
  await page.keyboard.press('Enter')
}

async function uploadPublicImage(page: Page, name: string) {
  const res = await page.request.post('/api/uploads/images', {
    multipart: { file: { name, mimeType: 'image/png', buffer: PNG } },
  })
  expect(res.status()).toBe(201)
  return ((await res.json()) as { publicUrl: string }).publicUrl
}

test('skills: a category picked or typed in the combobox, and reordered with the keyboard for the About page', async ({
  ownerPage: page,
}) => {
  test.slow()
  const category = `E2E Skills ${Date.now()}`
  await page.goto('/admin/skills')
  const form = page.getByRole('form', { name: 'Add a skill' })
  const categoryBox = form.getByRole('combobox', { name: 'Category' })

  // A new category, typed.
  await categoryBox.fill(category)
  await form.getByRole('textbox', { name: 'Skill' }).fill('Zeta Skill')
  await form.getByRole('button', { name: 'Add Skill' }).click()
  await expect(toast(page, 'Skill added')).toBeVisible()
  const group = page.getByRole('grid', { name: category })
  await expect(group.getByRole('row')).toHaveText(['⠿Zeta SkillDelete'])

  // The same category, picked from the existing ones rather than retyped.
  // Emptied, the combobox lists every existing category (it opens on focus; the arrow key opens it too).
  await categoryBox.fill('')
  await expect(categoryBox).toHaveAttribute('aria-expanded', 'true')
  await page.getByRole('option', { name: category, exact: true }).click()
  await expect(categoryBox).toHaveValue(category)
  await form.getByRole('textbox', { name: 'Skill' }).fill('Alpha Skill')
  await form.getByRole('button', { name: 'Add Skill' }).click()
  await expect(group.getByRole('row')).toHaveCount(2)
  await expect(page.getByRole('grid', { name: category })).toHaveCount(1)

  // Alpha (added last) moved before Zeta with the keyboard.
  await dragWithKeyboard(
    page,
    group.getByRole('button', { name: 'Move Alpha Skill' }),
    'Insert before Zeta Skill',
  )

  type Skill = { id: number; category: string; name: string }
  const mine = async () =>
    ((await (await page.request.get('/api/skills')).json()) as Skill[]).filter((s) => s.category === category)
  await expect.poll(async () => (await mine()).map((s) => s.name)).toEqual(['Alpha Skill', 'Zeta Skill'])
  await page.goto('/about')
  const about = page.locator('main')
  await expect(about.getByText('Alpha Skill')).toBeVisible()
  const text = (await about.textContent()) ?? ''
  expect(text.indexOf('Alpha Skill')).toBeLessThan(text.indexOf('Zeta Skill'))

  for (const skill of await mine())
    expect((await page.request.delete(`/api/skills/${skill.id}`)).ok()).toBe(true)
})

test('the image picker chooses an uploaded image, in the project dialog and in an image content block', async ({
  ownerPage: page,
}) => {
  test.slow()
  const stamp = Date.now()
  const src = await uploadPublicImage(page, `picked-${stamp}.png`)

  // The project dialog.
  const title = `E2E Picked ${stamp}`
  await page.goto('/admin/projects')
  await page.getByRole('button', { name: 'Add Project' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Project' })
  await dialog.getByLabel('Title').fill(title)
  await dialog.getByLabel('Description').fill('Made to check the picker.')
  await dialog.getByRole('button', { name: 'Choose uploaded image' }).click()
  await page
    .getByRole('dialog', { name: 'Uploaded images' })
    .getByRole('button', { name: `Use picked-${stamp}.png` })
    .click()
  await expect(dialog.getByLabel('Image URL')).toHaveValue(src)
  await expect(dialog.getByRole('img', { name: `Preview: ${src}` })).toBeVisible()
  await dialog.getByRole('button', { name: 'Create Project' }).click()
  await expect(toast(page, 'Project created')).toBeVisible()
  const projects = (await (await page.request.get('/api/projects')).json()) as {
    id: number
    title: string
    image: string | null
  }[]
  const mine = projects.find((p) => p.title === title)!
  expect(mine.image).toBe(src)
  expect((await page.request.delete(`/api/projects/${mine.id}`)).ok()).toBe(true)

  // An image content block: the About page's portrait.
  const blocks = (await (await page.request.get('/api/page-content')).json()) as {
    key: string
    content: string
  }[]
  const previous = blocks.find((b) => b.key === 'about.photo') ?? null
  await openScreen(page, 'Content', '/admin/content')
  await page.getByRole('button', { name: 'Edit about.photo' }).click()
  await page.getByRole('button', { name: 'Choose uploaded image' }).click()
  await page
    .getByRole('dialog', { name: 'Uploaded images' })
    .getByRole('button', { name: `Use picked-${stamp}.png` })
    .click()
  await expect(page.getByRole('textbox', { name: 'Image URL' })).toHaveValue(src)
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(toast(page, 'Content saved')).toBeVisible()
  await page.goto('/about')
  await expect(page.locator(`main img[src="${src}"]`)).toBeVisible()

  // Put the portrait back as it was.
  const restored = previous
    ? await page.request.post('/api/page-content', {
        data: { key: 'about.photo', content: previous.content, contentType: 'image' },
      })
    : await page.request.delete('/api/page-content/about.photo')
  expect(restored.ok()).toBe(true)
})

test('leaving the page with unsaved edits in the project dialog asks first; without edits it does not', async ({
  ownerPage: page,
  context,
}) => {
  await page.goto('/admin/projects')
  await page.getByRole('button', { name: 'Add Project' }).click()
  await page.getByRole('dialog', { name: 'Add Project' }).getByLabel('Title').fill('Not saved yet')
  const asked = page.waitForEvent('dialog')
  await page.close({ runBeforeUnload: true })
  const question = await asked
  expect(question.type()).toBe('beforeunload')
  await question.accept()
  await expect.poll(() => page.isClosed()).toBe(true)

  // The same dialog, untouched: the page closes without a question.
  const clean = await context.newPage()
  let questions = 0
  clean.on('dialog', (d) => {
    questions++
    void d.accept()
  })
  await clean.goto('/admin/projects')
  await clean.getByRole('button', { name: 'Add Project' }).click()
  await expect(clean.getByRole('dialog', { name: 'Add Project' })).toBeVisible()
  const closed = clean.waitForEvent('close')
  await clean.close({ runBeforeUnload: true })
  await closed
  expect(questions).toBe(0)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('a project page has its title, content and way back to the filtered catalogue; a private one offers only "Contact for Access"', async ({
    ownerPage: page,
  }) => {
    const stamp = Date.now()
    const made: number[] = []
    const create = async (data: Record<string, unknown>) => {
      const res = await page.request.post('/api/projects', {
        data: { description: 'Described for the no-JS visitor.', category: 'healthcare', ...data },
      })
      expect(res.status()).toBe(201)
      const project = (await res.json()) as { id: number; slug: string }
      made.push(project.id)
      return project
    }
    const open = await create({
      title: `E2E NoJS Open ${stamp}`,
      status: 'production',
      problemSolved: 'Paper rotas went missing.',
      liveUrl: 'https://nojs-live.example/',
    })
    const locked = await create({
      title: `E2E NoJS Private ${stamp}`,
      status: 'private',
      liveUrl: 'https://nojs-secret.example/',
      githubUrl: 'https://github.com/owner/nojs-secret',
    })

    await page.goto(`/portfolio-solutions/${open.slug}?category=healthcare`)
    await expect(page.getByRole('heading', { level: 1, name: `E2E NoJS Open ${stamp}` })).toBeVisible()
    await expect(page.getByText('Described for the no-JS visitor.').first()).toBeVisible()
    await expect(page.getByText('Paper rotas went missing.')).toBeVisible()
    await expect(page.locator('a[href="https://nojs-live.example/"]').first()).toBeVisible()
    const back = page.getByRole('link', { name: 'Back to Solutions' })
    await expect(back).toHaveAttribute('href', '/portfolio-solutions?category=healthcare')
    await back.click()
    await expect(page).toHaveURL(/\/portfolio-solutions\?category=healthcare$/)
    await expect(page.getByRole('article', { name: `E2E NoJS Open ${stamp}` })).toBeVisible()

    await page.goto(`/portfolio-solutions/${locked.slug}`)
    await expect(page.getByRole('heading', { level: 1, name: `E2E NoJS Private ${stamp}` })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Contact for Access' }).first()).toBeVisible()
    await expect(page.locator('a[href*="nojs-secret"]')).toHaveCount(0)
    expect(await page.content()).not.toContain('nojs-secret')

    for (const id of made) expect((await page.request.delete(`/api/projects/${id}`)).ok()).toBe(true)
  })
})
