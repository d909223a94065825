import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { fillDate, fillDateTime } from './admin-date'
import { openScreen } from './admin-nav'
import { choose } from './admin-select'
import { expect, test } from './fixtures'
import { mailTo } from './mail'
import { PDF } from './owner'

// Issue 39, point 6, as the owner lives a breach: record the practice's BAA
// (10 business days), record the incident, see its clock on the overview and
// the Compliance page, assess it (the timeline grows), draft the notice, send
// it through the send step (the clock stops), and the practice's contact
// finds the notice in the portal.

/** Now on the business's wall clock, as the form takes it: "2026-11-27 09:30". */
const businessNow = () => new Date().toLocaleString('sv-SE', { timeZone: 'America/Chicago' }).slice(0, 16)

test('a BAA, an incident on the clock, its assessment and the notice sent to the practice', async ({
  ownerPage: page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000)
  const tag = Date.now().toString(36)
  const clientName = `Lakeside Pediatrics ${tag}`
  const email = `privacy-${tag}@lakeside-peds.example`
  const made = await page.request.post('/api/clients', {
    data: { name: clientName, contacts: [{ name: 'Ines Ruiz', email }] },
  })
  expect(made.status()).toBe(201)

  await page.goto('/admin/compliance')
  await expect(page.getByRole('heading', { level: 1, name: 'Compliance' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Risk analyses' })).toHaveAttribute(
    'href',
    '/admin/compliance/risk-analyses',
  )
  const baaForm = page.getByRole('form', { name: 'Record a BAA' })
  const picker = baaForm.getByRole('button', { name: /Client$/ })
  await expect(picker).toBeEnabled()
  await choose(page, picker, clientName)
  await fillDate(baaForm, 'Effective date', '2026-01-01')
  await baaForm.getByRole('textbox', { name: 'Breach-notice period (days)' }).fill('10')
  await choose(page, baaForm.getByRole('button', { name: /Counted in$/ }), 'Business days')
  await baaForm.getByLabel('Signed PDF (optional)').setInputFiles({
    name: 'baa-signed.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  })
  await baaForm.getByRole('button', { name: 'Record BAA' }).click()
  const register = page.getByRole('table', { name: 'BAAs on file' })
  const row = register.getByRole('row').filter({ hasText: clientName })
  await expect(row).toContainText('10 business days')
  const sha = createHash('sha256').update(PDF).digest('hex')
  await expect(row.getByTitle(sha)).toHaveText(sha.slice(0, 12))
  await expect(row.getByRole('link', { name: 'PDF' })).toHaveAttribute('href', /\/api\/baas\/\d+\/document$/)
  // Its renewal date added later; the filed PDF is not offered for replacement.
  await row.getByRole('button', { name: `Edit the BAA of ${clientName}` }).click()
  const edit = page.getByRole('dialog', { name: `BAA of ${clientName}` })
  await expect(edit.getByLabel('Signed PDF (optional)')).toHaveCount(0)
  await fillDate(edit, 'Renewal or end date', '2027-01-01')
  await edit.getByRole('button', { name: 'Save BAA' }).click()
  await expect(edit).toHaveCount(0)
  await expect(row).toContainText('January 1, 2027')

  const incidentForm = page.getByRole('form', { name: 'New incident' })
  await incidentForm.getByRole('textbox', { name: 'Title' }).fill(`Phishing at the front desk ${tag}`)
  await fillDateTime(incidentForm, 'Discovered at', businessNow())
  await incidentForm
    .getByRole('textbox', { name: 'Description' })
    .fill('A receptionist entered her e-mail password on a fake sign-in page.')
  await incidentForm.locator('label').filter({ hasText: clientName }).click()
  await incidentForm.getByRole('button', { name: 'Record incident' }).click()
  const listed = page.getByRole('list', { name: 'Incidents' }).getByRole('listitem').filter({ hasText: tag })
  await expect(listed.getByTestId('incident-clock')).toContainText(`left to notify ${clientName}`)
  const reference = /INC-\d{4}-\d{4}/.exec((await listed.getByRole('link').textContent()) ?? '')![0]

  await openScreen(page, 'Overview', '/admin')
  const clocks = page.getByRole('region', { name: 'Incident clocks' })
  await expect(clocks.getByRole('listitem').filter({ hasText: reference })).toContainText(
    `left to notify ${clientName}`,
  )
  await clocks.getByRole('link', { name: new RegExp(reference) }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Incident' })).toBeVisible()

  // The assessment: each save is an entry in the timeline.
  const timeline = page.getByRole('list', { name: 'Timeline' })
  await expect(timeline.locator(':scope > li')).toHaveCount(1)
  const assessment = page.getByRole('form', { name: 'Risk assessment' })
  await assessment.getByRole('textbox', { name: /Nature and extent/ }).fill('Names and e-mail addresses')
  await choose(page, assessment.getByRole('button', { name: /Determination$/ }), 'Breach')
  await assessment.getByRole('button', { name: 'Save assessment' }).click()
  await expect(timeline.locator(':scope > li')).toHaveCount(2)
  await expect(timeline).toContainText('Determination: Undetermined → Breach')

  // The notice: drafted, edited, sent through the send step; the client's clock stops.
  const notice = page.getByRole('listitem', { name: `Notice to ${clientName}` })
  await notice.getByRole('button', { name: 'Draft notice' }).click()
  const body = notice.getByRole('textbox', { name: 'Notice text' })
  await expect(body).toHaveValue(/Names and e-mail addresses/)
  await body.fill(`${await body.inputValue()}\n\nReset every password at the front desk.`)
  await notice.getByRole('button', { name: 'Send…' }).click()
  const dialog = page.getByRole('dialog', { name: `Send the notice to ${clientName}` })
  await expect(dialog.getByRole('checkbox', { name: /Ines Ruiz/ })).toBeChecked()
  await expect(dialog.getByRole('link', { name: /Open the document/ })).toHaveAttribute(
    'href',
    /\/api\/incident-notices\/\d+\/preview$/,
  )
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(notice.getByTestId('client-clock')).toContainText('Notice sent')
  await expect(notice).toContainText('SHA-256')
  await expect(page.getByTestId('incident-clock')).toContainText('All notices sent')
  const mail = await mailTo(request, email, new RegExp(reference))
  expect(mail.attachments.map((a) => a.filename)).toEqual([`${reference}-notice.pdf`])
  // The notice's words are in the e-mail too, with the owner's edit.
  expect(mail.text).toContain('Reset every password at the front desk.')
  // The PDF served is the one whose SHA-256 was stored at sending, and a real reader finds the
  // incident's reference, the discovery date and the sending date in it.
  const stored = (await notice.locator('code').textContent())!.trim()
  const served = await page.request.get(
    (await notice.getByRole('link', { name: /as sent/ }).getAttribute('href'))!,
  )
  expect(served.status()).toBe(200)
  const bytes = await served.body()
  expect(createHash('sha256').update(bytes).digest('hex')).toBe(stored)
  const file = test.info().outputPath('notice.pdf')
  writeFileSync(file, bytes)
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ')
  expect(text).toContain(reference)
  // "Nov 27, 2026, 9:30 AM CST": the business's wall clock, the zone named.
  const when = String.raw`[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M C[SD]T`
  expect(text).toMatch(new RegExp(`Date of discovery: ${when}`))
  expect(text).toMatch(new RegExp(`Sent ${when}`))

  // The practice's contact finds it in the portal.
  const context = await browser.newContext()
  const client = await context.newPage()
  const origin = { origin: baseURL! }
  expect((await request.post('/portal', { headers: origin, form: { email } })).status()).toBe(200)
  const signIn = await mailTo(request, email, /sign-in link/)
  const link = /https?:\/\/[^\s"<>]+\/portal\/sign-in\/[A-Za-z0-9_-]{43}/.exec(signIn.text ?? '')![0]
  const continued = await client.request.post(new URL(link).pathname, {
    headers: origin,
    form: {},
    maxRedirects: 0,
  })
  expect(continued.status()).toBe(302)
  await client.goto('/portal/compliance')
  await expect(client.getByTestId('portal-notices')).toContainText(reference)
  await context.close()
})
