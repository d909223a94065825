import { formatCalendarDate } from '../schema/slot-time'
import { fillDate } from './admin-date'
import { expectNoAxeViolations } from './axe'
import { type APIRequestContext, expect, signInOwner, test } from './fixtures'
import { mailTo } from './mail'
import { expectNoHorizontalScroll } from './public-helpers'

// Issue 38's walks: the owner adds an asset on the client page's Assets
// section, imports a CSV (a bad row is reported by line and field and nothing
// is stored; then the valid rows only), and sees them in the table; the
// client's contact sees the list and the renewals at /portal/assets on a 375 px
// phone and reports a problem with an asset.

const unique = (tag: string) =>
  `${tag}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`

async function newClient(request: APIRequestContext, owner: APIRequestContext, tag: string) {
  const email = unique(tag)
  const res = await request.post('/api/consultation', {
    data: {
      name: 'Maria Assets',
      email,
      phone: '618-555-0142',
      businessName: 'Riverside Family Clinic',
      issueType: 'hardware',
      urgency: 'low',
      description: `The exam room laptop is slow ${email}`,
      preferredContact: 'email',
    },
  })
  expect(res.status()).toBe(201)
  const [client] = (await (await owner.get('/api/clients', { params: { q: email } })).json()) as {
    id: number
  }[]
  return { email, clientId: client!.id }
}

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

test('the owner adds an asset and imports a CSV on the client page', async ({ ownerPage: page, request }) => {
  const { clientId } = await newClient(request, page.request, 'assets-admin')
  await page.goto(`/admin/clients/${clientId}`)
  await expect(page.getByRole('heading', { level: 2, name: 'Assets' })).toBeVisible()

  await page.getByRole('button', { name: 'Add asset' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add asset' })
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Reception workstation')
  await dialog.getByRole('textbox', { name: 'Serial' }).fill('SN-7731')
  // A date is chosen with the picker (issue 52.7): no "February 30" can be typed into it.
  await fillDate(dialog, 'Warranty end', day(40))
  await dialog.getByRole('textbox', { name: 'Seats' }).fill('-3')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog.getByText('Seats cannot be negative')).toBeVisible()
  await dialog.getByRole('textbox', { name: 'Seats' }).fill('3')
  // Issue 38.5: the error goes as the value changes, not on the blur that pressing Save causes (which
  // moved the button under the pointer and lost the click): one click on Save, straight from the field.
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toBeHidden()
  const table = page.getByRole('table', { name: 'Assets' })
  await expect(table.getByRole('link', { name: 'Reception workstation' })).toBeVisible()
  const assetPage = (await table.getByRole('link', { name: 'Reception workstation' }).getAttribute('href'))!

  // Time recorded on the asset from the Time page (the asset picker) shows on the asset's page.
  await page.goto(`/admin/time?clientId=${clientId}`)
  await page.getByRole('button', { name: /Asset$/ }).click()
  await page.getByRole('option', { name: /Reception workstation/ }).click()
  await page.getByRole('textbox', { name: /^Minutes/ }).fill('25')
  await page.getByRole('textbox', { name: /^Description/ }).fill('Replaced the keyboard')
  await page.getByRole('button', { name: 'Record', exact: true }).click()
  await expect(page.getByRole('row', { name: /Replaced the keyboard/ })).toBeVisible()
  await page.goto(assetPage)
  await expect(page.getByRole('row', { name: /Replaced the keyboard/ })).toBeVisible()
  await page.goto(`/admin/clients/${clientId}`)

  const csv = [
    'Kind,Name,Renewal Date,Seats,ePHI',
    `software licence,Practice EHR,${day(25)},12,yes`,
    'toaster,Break room toaster,,,',
    `domain,riverside.example,${day(300)},,no`,
  ].join('\n')
  await page.getByLabel('CSV file to import').setInputFiles({
    name: 'assets.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  })
  const report = page.getByRole('alert').filter({ hasText: 'Nothing was imported' })
  await expect(report).toContainText('Line 3, Kind: Kind must be one of Workstation')
  await expect(table.getByRole('link', { name: 'Practice EHR' })).toHaveCount(0)
  await report.getByRole('button', { name: 'Import the valid rows' }).click()
  await expect(table.getByRole('link', { name: 'Practice EHR' })).toBeVisible()
  await expect(table.getByRole('link', { name: 'riverside.example' })).toBeVisible()
  await expect(table.getByRole('link', { name: 'Break room toaster' })).toHaveCount(0)

  await table.getByRole('link', { name: 'Practice EHR' }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'Practice EHR' })).toBeVisible()
  await expect(page.getByRole('list', { name: 'History' })).toContainText('imported by owner')
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 800 } })

  test("the client's contact sees the assets and renewals, and reports a problem with one", async ({
    browser,
    request,
    playwright,
    baseURL,
  }) => {
    const owner = await playwright.request.newContext({ baseURL })
    await signInOwner(owner)
    const { email, clientId } = await newClient(request, owner, 'assets-portal')
    const made = await owner.post(`/api/clients/${clientId}/assets`, {
      data: {
        kind: 'certificate',
        name: 'Patient portal TLS certificate for riverside-family-clinic.example',
        renewalDate: day(30),
        ephi: 'yes',
        notes: 'Internal: renew through the registrar account',
      },
    })
    expect(made.status()).toBe(201)
    const { id: assetId } = (await made.json()) as { id: number }
    await owner.dispose()

    const context = await browser.newContext({ viewport: { width: 375, height: 800 } })
    const page = await context.newPage()
    const origin = { origin: baseURL! }
    expect((await request.post('/portal', { headers: origin, form: { email } })).status()).toBe(200)
    const mail = await mailTo(request, email, /sign-in link/)
    const link = /https?:\/\/[^\s"<>]+\/portal\/sign-in\/[A-Za-z0-9_-]{43}/.exec(mail.text ?? '')?.[0]
    expect(link, 'the e-mail carries a sign-in link').toBeTruthy()
    const continued = await page.request.post(new URL(link!).pathname, {
      headers: origin,
      form: {},
      maxRedirects: 0,
    })
    expect(continued.status()).toBe(302)

    await page.goto('/portal/assets')
    await expect(page.getByRole('heading', { level: 1, name: 'Your IT' })).toBeVisible()
    await expect(page.getByTestId('portal-renewals')).toContainText(
      `renewal due: ${formatCalendarDate(day(30))}`,
    )
    const list = page.getByTestId('portal-assets')
    await expect(list).toContainText('Patient portal TLS certificate')
    await expect(page.getByText('Internal: renew')).toHaveCount(0)
    await expectNoHorizontalScroll(page)
    await expectNoAxeViolations(page, { label: '/portal/assets' })

    await list.getByRole('link', { name: /Report a problem/ }).click()
    await expect(page).toHaveURL(new RegExp(`/portal/requests/new\\?asset=${assetId}$`))
    await expect(page.getByTestId('request-asset')).toContainText('About: Patient portal TLS certificate')
    await page.getByLabel('Issue type').selectOption('security')
    await page.getByLabel('Urgency').selectOption('high')
    await page.getByLabel('What is going on?').fill('The browser says the certificate is not trusted')
    await page.getByRole('button', { name: 'Send request' }).click()
    await expect(page).toHaveURL(/\/portal\/requests\/S-\d+$/)
    await context.close()
  })
})
