import { CONTENT_KEYS } from '../schema/content-keys'
import { openScreen, siteTab } from './admin-nav'
import { expectNoAxeViolations } from './axe'
import { expect, type Page, test } from './fixtures'
import { freeSlotPayload, seedOf } from './slots'

// The owner's admin panel, screen by screen, as the owner uses it: every change is
// checked where a visitor would see it (the catalogue, the resume download,
// the public copy). Runs against the seeded e2e server (scripts/serve-e2e.sh).
// Every test runs as the signed-in owner (ownerPage, e2e/fixtures.ts).

const toast = (page: Page, title: string) => page.getByRole('alertdialog', { name: title })

// A tiny valid PDF and a 1x1 PNG, so the browser can really open them.
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj ' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
)
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)

test("the site's areas in the navigation; the screen is kept in the URL across a reload", async ({
  ownerPage: page,
}) => {
  await page.goto('/admin')
  const nav = page.getByRole('navigation', { name: 'Admin' })
  // The six areas of SPEC §2, the requests (with the Pending badge's count) under their own name (ADR 124).
  for (const name of ['Projects', 'Skills', 'Files', 'Resumes', /^Requests/, 'Content'])
    await expect(nav.getByRole('link', { name })).toBeVisible()

  // The original's Files panel could not be reached; here it can, and survives a reload.
  await openScreen(page, 'Files', '/admin/files')
  await expect(page.getByRole('heading', { name: 'Upload File' })).toBeVisible()
  await page.reload()
  await expect(page).toHaveURL('/admin/files')
  await expect(page.getByRole('heading', { name: 'Upload File' })).toBeVisible()
})

test('projects: create, edit and delete, seen on /portfolio-solutions', async ({ ownerPage: page }) => {
  const title = `E2E Scheduler ${Date.now()}`
  await page.goto('/admin/projects')
  await page.getByRole('button', { name: 'Add Project' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Project' })

  // The server decides what is missing, and its messages appear beside the fields.
  await dialog.getByRole('button', { name: 'Create Project' }).click()
  await expect(dialog.getByText('Title is required')).toBeVisible()
  await expect(dialog.getByText('Description is required')).toBeVisible()

  await dialog.getByLabel('Title').fill(title)
  await dialog.getByLabel('Description').fill('Online booking for a two-doctor practice.')
  await dialog.getByRole('button', { name: /Category/ }).click()
  await page.getByRole('option', { name: 'Healthcare' }).click()
  await dialog.getByRole('button', { name: /Status/ }).click()
  await page.getByRole('option', { name: 'Live & Ready' }).click()
  await dialog.getByLabel('Technologies').fill('React, , D1 ')
  await dialog.getByLabel('Key Features').fill('Reminders, Online intake')
  await dialog.getByLabel('Live URL').fill('https://scheduler.example.com')
  await dialog.getByLabel('Order').fill('0')
  await dialog.getByRole('button', { name: 'Create Project' }).click()
  await expect(toast(page, 'Project created')).toBeVisible()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('heading', { name: title })).toBeVisible()

  // The catalogue in a tab of its own; the admin stays open on Projects.
  const site = await siteTab(page)
  await site.goto('/portfolio-solutions')
  await expect(site.getByRole('heading', { name: title })).toBeVisible()

  // Edit in the same dialog, prefilled with the project.
  await page.getByRole('button', { name: `Edit ${title}` }).click()
  const edit = page.getByRole('dialog', { name: 'Edit Project' })
  await expect(edit.getByLabel('Technologies')).toHaveValue('React, D1')
  await edit.getByLabel('Title').fill(`${title} v2`)
  await edit.getByRole('button', { name: 'Save Changes' }).click()
  await expect(toast(page, 'Project updated')).toBeVisible()
  await expect(page.getByRole('heading', { name: `${title} v2` })).toBeVisible()

  await site.reload()
  await expect(site.getByRole('heading', { name: `${title} v2` })).toBeVisible()

  // Delete after a confirmation.
  await page.getByRole('button', { name: `Delete ${title} v2` }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Delete project?' })
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(toast(page, 'Project deleted')).toBeVisible()
  await expect(page.getByRole('heading', { name: `${title} v2` })).toHaveCount(0)

  await site.reload()
  await expect(site.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(site.getByRole('heading', { name: `${title} v2` })).toHaveCount(0)
})

test('skills: add and delete, grouped by category', async ({ ownerPage: page }) => {
  await page.goto('/admin/skills')
  const form = page.getByRole('form', { name: 'Add a skill' })
  await form.getByRole('combobox', { name: 'Category' }).fill('E2E Tools')
  await form.getByLabel('Skill').fill('Playwright')
  await form.getByRole('button', { name: 'Add Skill' }).click()
  await expect(toast(page, 'Skill added')).toBeVisible()
  const group = page.getByRole('region', { name: 'E2E Tools' })
  await expect(group.getByText('Playwright')).toBeVisible()

  await group.getByRole('button', { name: 'Delete Playwright' }).click()
  await page
    .getByRole('alertdialog', { name: 'Delete skill?' })
    .getByRole('button', { name: 'Delete' })
    .click()
  await expect(toast(page, 'Skill deleted')).toBeVisible()
  await expect(page.getByRole('region', { name: 'E2E Tools' })).toHaveCount(0)
})

test('resumes: upload, activate, download and delete', async ({ ownerPage: page }) => {
  await page.goto('/admin')
  await openScreen(page, 'Resumes', '/admin/resumes')
  const upload = page.getByRole('button', { name: 'Upload', exact: true })
  await expect(upload).toBeDisabled()

  // Content decides: an executable named .pdf is refused.
  await page.getByLabel(/Resume file/).setInputFiles({
    name: 'cv.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('MZ\x90\x00 this is not a pdf'),
  })
  await upload.click()
  await expect(toast(page, 'Upload failed')).toContainText('Resume upload failed')
  await expect(page.getByText('Only PDF, DOC or DOCX files are accepted')).toBeVisible()

  const name = `E2E Resume ${Date.now()}.pdf`
  await page.getByLabel(/Resume file/).setInputFiles({ name, mimeType: 'application/pdf', buffer: PDF })
  await upload.click()
  await expect(toast(page, 'Resume uploaded')).toBeVisible()
  const row = page.getByRole('listitem').filter({ hasText: name })
  await expect(row).toContainText(`${Math.round(PDF.length / 1024)} KB`)
  await expect(upload).toBeDisabled()

  await row.getByRole('button', { name: `Set Active: ${name}` }).click()
  await expect(toast(page, 'Resume activated')).toBeVisible()
  await expect(row.getByText('Active', { exact: true })).toBeVisible()
  // Set Active is offered only on the others; exactly one resume is active.
  await expect(row.getByRole('button', { name: /^Set Active/ })).toHaveCount(0)
  await expect(page.getByText('Active', { exact: true })).toHaveCount(1)

  const download = await page.request.get('/api/resume/download')
  expect(download.headers()['content-disposition']).toContain('attachment')
  expect(Buffer.from(await download.body()).equals(PDF)).toBe(true)

  // Give the active role back to the resume that had it (the seeded one), so
  // the public pages keep their Resume button, then delete ours.
  const original = page.getByRole('listitem').filter({ hasText: 'Resume.pdf' }).filter({ hasNotText: name })
  await original.getByRole('button', { name: /^Set Active/ }).click()
  await expect(toast(page, 'Resume activated')).toBeVisible()
  await expect(row.getByRole('button', { name: `Set Active: ${name}` })).toBeVisible()

  await row.getByRole('button', { name: `Delete ${name}` }).click()
  await page
    .getByRole('alertdialog', { name: 'Delete resume?' })
    .getByRole('button', { name: 'Delete' })
    .click()
  await expect(toast(page, 'Resume deleted')).toBeVisible()
  await expect(page.getByRole('listitem').filter({ hasText: name })).toHaveCount(0)
  const after = await page.request.get('/api/resume/download')
  expect(after.status()).toBe(200)
  expect(Buffer.from(await after.body()).equals(PDF)).toBe(false)
})

test('files: upload and view in a new tab', async ({ ownerPage: page, context }) => {
  await page.goto('/admin/files')
  const name = `e2e-pixel-${Date.now()}.png`
  await page
    .getByLabel('File (images, PDF, DOC, DOCX, TXT or MD, up to 10 MB)')
    .setInputFiles({ name, mimeType: 'image/png', buffer: PNG })
  await page.getByRole('button', { name: 'Upload', exact: true }).click()
  await expect(toast(page, 'File uploaded')).toBeVisible()
  const row = page.getByRole('listitem').filter({ hasText: name })
  await expect(row).toContainText('image/png')

  const [viewer] = await Promise.all([
    context.waitForEvent('page'),
    row.getByRole('link', { name: `View ${name} (opens in a new tab)` }).click(),
  ])
  const response = await viewer.waitForLoadState().then(() => viewer.reload())
  expect(response?.status()).toBe(200)
  expect(response?.headers()['content-type']).toBe('image/png')
  expect(response?.headers()['x-content-type-options']).toBe('nosniff')
  expect(response?.headers()['content-disposition']).toMatch(/^inline/)
  await viewer.close()
})

test('content: create and edit a block, and the public copy changes', async ({ ownerPage: page }) => {
  await page.goto('/admin/content')
  const save = page.getByRole('button', { name: 'Save', exact: true })
  await expect(save).toBeDisabled()
  await page.getByRole('textbox', { name: 'Key' }).fill('contact.intro')
  await expect(save).toBeDisabled()
  const first = `Call or write any weekday (${Date.now()}).`
  await page.getByRole('textbox', { name: 'Content', exact: true }).fill(first)
  await expect(save).toBeEnabled()
  await save.click()
  await expect(toast(page, 'Content saved')).toBeVisible()
  const block = page.getByRole('listitem').filter({ hasText: 'contact.intro' })
  await expect(block).toContainText(first)

  // The contact page in a tab of its own; the admin stays open on Content.
  const site = await siteTab(page)
  await site.goto('/contact')
  await expect(site.getByText(first)).toBeVisible()

  await page.getByRole('button', { name: 'Edit contact.intro' }).click()
  await expect(page.getByRole('textbox', { name: 'Key' })).toBeDisabled()
  const content = page.getByRole('textbox', { name: 'Content', exact: true })
  await expect(content).toHaveValue(first)
  await content.fill('')
  await expect(save).toBeDisabled()
  const second = `A long answer. ${'More detail. '.repeat(20)}`
  await content.fill(second)
  await save.click()
  await expect(toast(page, 'Content saved')).toBeVisible()
  // Long copy is previewed at 200 characters with an ellipsis.
  await expect(page.getByRole('listitem').filter({ hasText: 'contact.intro' })).toContainText(
    `${second.slice(0, 200)}...`,
  )

  await site.reload()
  await expect(site.getByText(second.trim())).toBeVisible()

  // Put the default copy back for the other specs that read /contact.
  const restored = await page.request.put('/api/page-content/contact.intro', {
    data: { content: CONTENT_KEYS['contact.intro'].defaultContent, contentType: 'textarea' },
  })
  expect(restored.ok()).toBe(true)
})

test("consultations: open a request's details and change its status", async ({ ownerPage: page }) => {
  // A visitor's request, booked through the public API as the form would send it.
  const name = `E2E Visitor ${Date.now()}`
  const booked = await page.request.post('/api/consultations', {
    data: {
      name,
      email: 'e2e-visitor@example.com',
      projectType: 'web-application',
      description: 'A booking system for our clinic.',
      // A free slot of its own: one slot takes one booking (issue 17).
      ...(await freeSlotPayload(page.request, seedOf(test.info()))),
    },
  })
  expect(booked.ok()).toBe(true)

  await page.goto('/admin')
  const tab = page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: /^Requests/ })
  // The Pending badge beside the label counts this new request.
  await expect(tab).toContainText(/\d+ pending/)
  const before = Number((await tab.textContent())?.match(/\d+/)?.[0])
  expect(before).toBeGreaterThan(0)
  await openScreen(page, /^Requests/, '/admin/requests')

  await page.getByRole('button', { name: `View details of ${name}'s request` }).click()
  const dialog = page.getByRole('dialog', { name: `Consultation request from ${name}` })
  await expect(dialog).toContainText('A booking system for our clinic.')
  await dialog.getByRole('button', { name: /Status/ }).click()
  await page.getByRole('option', { name: 'Confirmed' }).click()
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(toast(page, 'Request updated')).toBeVisible()
  await expect(page.getByRole('listitem').filter({ hasText: name })).toContainText(/confirmed/i)
  await expect(tab).not.toContainText(String(before))
})

// Every site area and the project dialog pass an axe scan. Two groups, each one
// signed-in boot that moves through the navigation as the owner does: a boot
// per screen cost more than the scans (docs/test-times.md), and seven scans in
// one test outlasted even a tripled timeout on a busy 2-core machine.
const AXE_GROUPS = [
  [
    ['', 'Overview', 'Portfolio Admin'],
    ['requests', 'Requests', 'Requests'],
    ['projects', 'Projects', 'Projects'],
    ['skills', 'Skills', 'Skills'],
  ],
  [
    ['files', 'Files', 'Files'],
    ['resumes', 'Resumes', 'Resumes'],
    ['content', 'Content', 'Content'],
  ],
] as const

for (const group of AXE_GROUPS) {
  test(`the ${group.map(([tab]) => `/admin/${tab}`).join(', ')} screens pass an axe scan`, async ({
    ownerPage: page,
  }) => {
    test.setTimeout(180_000)
    await page.goto(`/admin/${group[0][0]}`)
    const nav = page.getByRole('navigation', { name: 'Admin' })
    for (const [tab, navName, heading] of group) {
      await test.step(`/admin/${tab}`, async () => {
        if (tab !== group[0][0]) await nav.getByRole('link', { name: new RegExp(`^${navName}( |$)`) }).click()
        await expect(page).toHaveURL(`/admin/${tab}`.replace(/\/$/, ''))
        await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible()
        await page.waitForLoadState('networkidle')
        await expectNoAxeViolations(page, { include: 'main', label: tab })
      })
    }
  })
}

test('the project dialog passes an axe scan', async ({ ownerPage: page }) => {
  await page.goto('/admin/projects')
  await page.getByRole('button', { name: 'Add Project' }).click()
  await expect(page.getByRole('dialog', { name: 'Add Project' })).toBeVisible()
  await expectNoAxeViolations(page, { include: '[role=dialog]', label: 'dialog' })
})

test('a select with a long list opens beside its button and scrolls inside; a click chooses nothing by itself', async ({
  ownerPage: page,
}) => {
  // Sixty clients: a practice's list after a few years.
  const tag = Date.now().toString(36)
  for (let i = 0; i < 60; i += 10)
    await Promise.all(
      Array.from({ length: 10 }, (_, j) =>
        page.request.post('/api/clients', {
          data: { name: `Long list ${tag} ${String(i + j).padStart(2, '0')}` },
        }),
      ),
    )
  await page.goto('/admin/compliance')
  const form = page.getByRole('form', { name: 'Record a BAA' })
  const picker = form.getByRole('button', { name: /Client$/ })
  await expect(picker).toBeEnabled()
  await picker.click()
  const list = page.getByRole('listbox')
  await expect(list).toBeVisible()
  // The press that opened it chose nothing: the button still asks.
  await expect(picker).toHaveAccessibleName(/^Select an item Client$/)
  const [button, popover] = [(await picker.boundingBox())!, (await list.locator('..').boundingBox())!]
  const viewport = page.viewportSize()!
  expect(popover.y, 'the list starts on screen').toBeGreaterThanOrEqual(0)
  expect(popover.y + popover.height, 'the list ends on screen').toBeLessThanOrEqual(viewport.height)
  const overlaps = popover.y < button.y + button.height && button.y < popover.y + popover.height
  expect(overlaps, 'the list does not cover its button').toBe(false)
  // Its options scroll inside it, to the last one.
  const last = list.getByRole('option', { name: `Long list ${tag} 59` })
  await last.scrollIntoViewIfNeeded()
  await last.click()
  await expect(picker).toHaveAccessibleName(new RegExp(`^Long list ${tag} 59`))
})
