import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fillDate } from './admin-date'
import { choose } from './admin-select'
import { expect, test } from './fixtures'
import { mailTo } from './mail'

// Issue 39, point 4, on the owner's phone (375 px): a risk analysis started
// for a client from Compliance > Risk analyses, a few items answered with the
// large finding buttons, notes and a remediation task (a refused one shows its
// message at the field), completed; the PDF report reads right in pdftotext;
// then the client's portal offers it for download.

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)

test('the owner runs a risk analysis on a phone; the client downloads its report in the portal', async ({
  ownerPage: page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000)
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
  const clientName = `Risk Family Practice ${tag}`
  const email = `risk-${tag}@example.com`
  const made = await page.request.post('/api/clients', {
    data: { name: clientName, contacts: [{ name: 'Dana Risk', email }] },
  })
  expect(made.status()).toBe(201)
  const clientId = ((await made.json()) as { id: number }).id

  await page.goto('/admin/compliance/risk-analyses')
  await expect(page.getByRole('heading', { level: 1, name: 'Risk analyses' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Back to Compliance' })).toHaveAttribute(
    'href',
    '/admin/compliance',
  )
  const form = page.getByRole('form', { name: 'Start a risk analysis' })
  const picker = form.getByRole('button', { name: /Client$/ })
  await expect(picker).toBeEnabled()
  // A client without an analysis is due.
  await choose(page, picker, new RegExp(`${clientName} · due, none yet`))
  await form.getByRole('button', { name: 'Start a risk analysis' }).click()

  await expect(page.getByRole('heading', { level: 1, name: 'Risk analysis' })).toBeVisible()
  await expect(page).toHaveURL(/\/admin\/compliance\/risk-analyses\/\d+$/)
  const id = page.url().split('/').pop()!
  await expect(page.getByRole('heading', { level: 2, name: clientName })).toBeVisible()
  for (const area of ['Administrative safeguards', 'Physical safeguards', 'Technical safeguards'])
    await expect(page.getByRole('heading', { level: 2, name: area })).toBeVisible()
  const progress = page.getByTestId('risk-progress')
  await expect(progress).toContainText('0 of 17 answered')

  const item = (topic: string) =>
    page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: topic }) })
  const plan = item('Security management process')
  const notMet = plan.locator('label').filter({ hasText: 'Not met' })
  const box = (await notMet.boundingBox())!
  expect(box.height, 'a finding is a large touch target').toBeGreaterThanOrEqual(24)
  await notMet.click()
  await expect(plan.getByRole('radio', { name: 'Not met' })).toBeChecked()
  await expect(progress).toContainText('1 of 17 answered')
  await item('Assigned security responsibility').locator('label').filter({ hasText: /^Met$/ }).click()
  await item('Facility access controls').locator('label').filter({ hasText: 'Partly met' }).click()
  await expect(progress).toContainText('3 of 17 answered')

  await plan.getByRole('textbox', { name: 'Notes' }).fill('No written risk management plan on file')
  await plan.getByRole('button', { name: 'Save notes' }).click()
  await expect(page.getByText('Notes saved')).toBeVisible()

  const taskForm = plan.getByRole('form', { name: /New remediation task/ })
  // Refused without a description: the message stands at the field.
  await fillDate(taskForm, 'Due date', '2027-01-15')
  await taskForm.getByRole('button', { name: 'Add task' }).click()
  const description = taskForm.getByRole('textbox', { name: 'Task' })
  await expect(description).toHaveAttribute('aria-invalid', 'true')
  await expect(description).toHaveAccessibleDescription(/Description/)
  await description.fill('Write the risk management plan')
  await taskForm.getByRole('button', { name: 'Add task' }).click()
  await expect(plan.getByRole('checkbox', { name: /Write the risk management plan · due/ })).toBeVisible()
  await plan
    .getByLabel(/Add evidence/)
    .setInputFiles({ name: 'closet.png', mimeType: 'image/png', buffer: PNG })
  const evidence = plan.getByRole('link', { name: 'closet.png' })
  await expect(evidence).toHaveAttribute('href', new RegExp(`^/api/risk-analyses/${id}/evidence/\\d+$`))
  const stored = await page.request.get((await evidence.getAttribute('href'))!)
  expect(Buffer.from(await stored.body()).equals(PNG)).toBe(true)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)

  await page.getByRole('button', { name: 'Complete', exact: true }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Complete' }).click()
  await expect(page.getByText('Completed', { exact: true })).toBeVisible()
  await expect(plan.getByRole('radio', { name: 'Met', exact: true })).toBeDisabled()

  // The client page shows it with its progress.
  await page.getByRole('link', { name: 'Client page' }).click()
  await expect(page).toHaveURL(`/admin/clients/${clientId}`)
  const latest = page.getByRole('link', { name: /^Risk analysis of / })
  await expect(latest).toHaveAttribute('href', `/admin/compliance/risk-analyses/${id}`)
  await expect(latest.locator('..')).toContainText('3 of 17 answered · completed · 1 open tasks')

  const pdf = await page.request.get(`/api/risk-analyses/${id}/pdf`)
  expect(pdf.status()).toBe(200)
  const file = join(tmpdir(), `risk-${tag}.pdf`)
  writeFileSync(file, await pdf.body())
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
  expect(text).toContain(clientName)
  expect(text).toContain('No written risk management plan on file')
  expect(text).toContain('Write the risk management plan')

  // The client signs in through the e-mailed link and finds the report.
  const client = await browser.newContext({ baseURL, viewport: { width: 375, height: 800 } })
  const origin = { origin: baseURL! }
  expect((await client.request.post('/portal', { headers: origin, form: { email } })).status()).toBe(200)
  const mail = await mailTo(client.request, email, /sign-in link/)
  const link = /https?:\/\/[^\s"<>]+\/portal\/sign-in\/[A-Za-z0-9_-]{43}/.exec(mail.text ?? '')?.[0]
  expect(link, 'the e-mail carries a sign-in link').toBeTruthy()
  const signedIn = await client.request.post(new URL(link!).pathname, {
    headers: origin,
    form: {},
    maxRedirects: 0,
  })
  expect(signedIn.status()).toBe(302)
  const portal = await client.newPage()
  await portal.goto('/portal/compliance')
  const analyses = portal.getByTestId('portal-risk-analyses')
  await expect(analyses).toContainText('Risk analysis of')
  const download = analyses.getByRole('link', { name: 'Download the report (PDF)' })
  const href = (await download.getAttribute('href'))!
  expect(href).toBe(`/portal/compliance/risk-analyses/${id}/pdf`)
  const report = await client.request.get(href)
  expect(report.status()).toBe(200)
  expect((await report.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-')
  await client.close()
})
