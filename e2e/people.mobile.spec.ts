import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from './fixtures'
import { mailTo } from './mail'

// Issue 55 at 375 px: the owner publishes the seeded draft module and assigns
// it to a clinic's three people (a round already due yesterday); two of them
// complete it on a phone from their own e-mailed links; the clinic's contact
// sees 2 of 3 done and one overdue in the portal and starts a departure; the
// owner works the run on the client page; the run's and the year's evidence
// PDFs read right in pdftotext.

const pdfToText = (bytes: Buffer, name: string) => {
  const file = join(tmpdir(), name)
  writeFileSync(file, bytes)
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
}

/** Yesterday on the business's wall clock (Central Time), as a date input takes it. */
const yesterday = () => {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Chicago',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(Date.now() - 24 * 60 * 60_000))
}

test('training on a phone, the contact follows it and starts a departure, the owner works the run', async ({
  ownerPage: page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000)
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
  const clientName = `Maple Street Clinic ${tag}`
  const contactEmail = `office-${tag}@maple.example`
  const made = await page.request.post('/api/clients', {
    data: { name: clientName, contacts: [{ name: 'Olivia Office', email: contactEmail }] },
  })
  expect(made.status()).toBe(201)
  const clientId = ((await made.json()) as { id: number }).id
  const people = ['Ana Lopez', 'Ben Okafor', 'Chen Wei'].map((name, i) => ({
    name,
    email: `${name.split(' ')[0]!.toLowerCase()}-${tag}-${i}@maple.example`,
  }))
  for (const p of people) {
    const res = await page.request.post(`/api/clients/${clientId}/staff`, {
      data: { ...p, role: 'Front desk' },
    })
    expect(res.status()).toBe(201)
  }

  // The seeded module is a draft to review: the owner publishes it.
  await page.goto('/admin/training')
  await expect(page.getByRole('heading', { level: 1, name: 'Training' })).toBeVisible()
  const row = page.getByRole('listitem').filter({ hasText: 'HIPAA security basics' })
  const publish = row.getByRole('button', { name: /^Publish/ })
  if (await row.getByText('Draft to review').isVisible()) {
    await publish.click()
    await expect(row.getByText('Draft to review')).toHaveCount(0)
  }

  // The owner assigns it to the clinic's three people from the client page.
  await page.goto(`/admin/clients/${clientId}`)
  const section = page
    .locator('section')
    .filter({ has: page.getByRole('heading', { level: 2, name: 'People and training' }) })
  await expect(section.getByText(people[2]!.email)).toBeVisible()
  await section.getByRole('button', { name: 'Assign training' }).click()
  const dialog = page.getByRole('dialog', { name: 'Assign training' })
  for (const p of people) await expect(dialog.getByRole('checkbox', { name: p.name })).toBeChecked()
  await dialog.getByLabel('Due date').fill(yesterday())
  await dialog.getByRole('button', { name: 'Assign' }).click()
  await expect(page.getByText('3 people get an e-mail with their own link.')).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)

  // Two complete it on a phone, from their own links, without signing in.
  const phone = await browser.newContext({ baseURL, viewport: { width: 375, height: 800 }, hasTouch: true })
  for (const p of people.slice(0, 2)) {
    const mail = await mailTo(phone.request, p.email, /Training to do: HIPAA security basics/)
    const link = /https?:\/\/[^\s"<>]+(\/training\/[^\s"<>]+)/.exec(mail.text ?? '')?.[1]
    expect(link, 'the e-mail carries a personal link').toBeTruthy()
    const tab = await phone.newPage()
    await tab.goto(link!)
    await expect(tab.getByRole('heading', { level: 1, name: 'HIPAA security basics' })).toBeVisible()
    await expect(tab.getByText(`for ${p.name}`)).toBeVisible()
    expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    const answers = [
      'Decline and help them get their own access',
      'Lock the screen',
      'Report it and do not click',
      'Only the approved systems',
      'The same day',
    ]
    for (const a of answers) await tab.getByText(a, { exact: true }).click()
    await tab.getByRole('button', { name: 'Send my answers' }).click()
    await expect(tab.getByTestId('training-result')).toContainText('You passed with 100%')
    await tab.close()
  }
  await phone.close()

  // The contact signs in to the portal: 2 of 3 done, one overdue; starts a departure.
  const client = await browser.newContext({ baseURL, viewport: { width: 375, height: 800 } })
  const origin = { origin: baseURL! }
  expect(
    (await client.request.post('/portal', { headers: origin, form: { email: contactEmail } })).status(),
  ).toBe(200)
  const signIn = await mailTo(client.request, contactEmail, /sign-in link/)
  const signInLink = /https?:\/\/[^\s"<>]+\/portal\/sign-in\/[A-Za-z0-9_-]{43}/.exec(signIn.text ?? '')?.[0]
  expect(
    (
      await client.request.post(new URL(signInLink!).pathname, { headers: origin, form: {}, maxRedirects: 0 })
    ).status(),
  ).toBe(302)
  const portal = await client.newPage()
  await portal.goto('/portal')
  await portal.getByRole('link', { name: 'People', exact: true }).click()
  await expect(portal.getByRole('heading', { level: 1, name: 'Your people' })).toBeVisible()
  await expect(portal.getByTestId('training-completion')).toHaveText('2 of 3 done this year · 1 overdue')
  const chen = portal.getByTestId('portal-people').getByRole('listitem').filter({ hasText: people[2]!.email })
  await expect(chen).toContainText('HIPAA security basics: overdue')
  expect(await portal.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  await portal.getByLabel('Who is leaving').selectOption({ label: 'Chen Wei' })
  await portal.getByLabel('Last day').fill(yesterday())
  await portal.getByLabel('Leaves at (Central Time)').fill('17:00')
  await portal.getByRole('button', { name: 'Start the departure' }).click()
  await expect(portal.getByRole('heading', { level: 1, name: 'Departure: Chen Wei' })).toBeVisible()
  await expect(portal.getByTestId('run-status')).toHaveText('0 of 5 steps done')
  const runId = portal.url().split('/').pop()!

  // The owner works the run on the client page: every step, who and when recorded.
  await page.reload()
  const run = page.getByTestId(`run-${runId}`)
  await expect(run).toContainText('Departure: Chen Wei')
  for (let left = 5; left > 0; left--) {
    await run.getByRole('button', { name: /^Done/ }).first().click()
    await expect(run.getByRole('button', { name: /^Done/ })).toHaveCount(left - 1)
  }
  await expect(page.getByText(/Departure: Chen Wei, completed/)).toBeVisible()

  // The contact follows it: done, each step late (the leave time was yesterday).
  await portal.reload()
  await expect(portal.getByTestId('run-status')).toContainText('Completed')
  await expect(portal.getByTestId('run-steps').getByText('Late')).toHaveCount(5)
  await client.close()

  // The evidence reads right.
  const runPdf = await page.request.get(`/api/runs/${runId}/pdf`)
  expect(runPdf.status()).toBe(200)
  expect(runPdf.headers()['x-content-sha256']).toMatch(/^[0-9a-f]{64}$/)
  const runText = pdfToText(await runPdf.body(), `run-${tag}.pdf`)
  expect(runText).toContain('DEPARTURE')
  expect(runText).toContain(`Chen Wei · ${clientName}`)
  expect(runText).toContain('Disable the EHR account (LATE)')
  expect(runText).toMatch(/Done by owner on/)
  expect(runText).toMatch(/started by portal:Olivia Office/)

  const year = new Date().getFullYear()
  const records = await page.request.get(`/api/clients/${clientId}/training-records/${year}.pdf`)
  expect(records.status()).toBe(200)
  const recordsText = pdfToText(await records.body(), `records-${tag}.pdf`)
  expect(recordsText).toContain('WORKFORCE TRAINING RECORDS')
  expect(recordsText).toContain('2 of 3 done (66%), 1 overdue.')
  expect(recordsText).toContain('Ana Lopez: HIPAA security basics (version 1)')
  expect(recordsText).toMatch(/Done · Due .* · Completed .* · Score 100%/)
  expect(recordsText).toMatch(/Overdue · Due .* · Completed not yet/)
})
