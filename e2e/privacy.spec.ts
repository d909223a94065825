import { PRIVACY_CONTENT_KEYS, PRIVACY_COPY } from '../schema/privacy-copy'
import { expect, type Page, signInOwner, test } from './fixtures'
import { freeSlotPayload, seedOf } from './slots'

// Issue 14 as the owner and a visitor meet it: the privacy page, and the
// owner's CSV export and erasure of a visitor's request.

const toast = (page: Page, title: string) => page.getByRole('alertdialog', { name: title })

async function book(page: Page, name: string, email: string) {
  const res = await page.request.post('/api/consultations', {
    data: {
      name,
      email,
      projectType: 'web-application',
      description: 'A booking system for our clinic.',
      // A free slot of its own: one slot takes one booking (issue 17).
      ...(await freeSlotPayload(page.request, seedOf(test.info(), email))),
    },
  })
  expect(res.status()).toBe(201)
}

test('a visitor reads what happens to their data on /privacy', async ({ page }) => {
  await page.goto('/privacy')
  await expect(page).toHaveTitle(/Privacy & Security/)
  await expect(page.getByRole('heading', { level: 1, name: PRIVACY_COPY.heroTitle })).toBeVisible()
  await expect(page.getByRole('heading', { name: PRIVACY_COPY.phiTitle })).toBeVisible()
  await expect(page.getByRole('heading', { name: PRIVACY_COPY.retentionTitle })).toBeVisible()
  await expect(page.getByText(PRIVACY_CONTENT_KEYS['privacy.rights'].defaultContent)).toBeVisible()
})

test("the owner exports the requests as CSV and erases one on a visitor's demand", async ({ page }) => {
  const stamp = Date.now()
  const name = `Erase Visitor ${stamp}`
  const email = `erase-${stamp}@example.com`
  await book(page, name, email)
  await signInOwner(page.request)
  await page.goto('/admin/requests')

  const downloading = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Export CSV' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^requests-\d{4}-\d{2}-\d{2}\.csv$/)
  const csv = await (await download.createReadStream()).toArray()
  expect(Buffer.concat(csv).toString('utf8')).toContain(email)

  await page.getByRole('button', { name: `View details of ${name}'s request` }).click()
  const dialog = page.getByRole('dialog', { name: `Consultation request from ${name}` })
  await dialog.getByRole('button', { name: 'Erase' }).click()
  await page
    .getByRole('alertdialog', { name: 'Erase this request?' })
    .getByRole('button', { name: 'Erase permanently' })
    .click()
  await expect(toast(page, 'Request erased')).toBeVisible()
  await expect(page.getByRole('listitem').filter({ hasText: name })).toHaveCount(0)
  const after = await page.request.get('/api/consultations/export.csv')
  expect(await after.text()).not.toContain(email)
})
