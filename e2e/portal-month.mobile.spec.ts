import { periodOf } from '../schema/plans'
import { reportTitle } from '../schema/service-report'
import { addDays, businessToday } from '../schema/slot-time'
import { type APIRequestContext, expect, type Page, test } from './fixtures'
import { mailTo } from './mail'
import { PDF } from './owner'
import { expectNoHorizontalScroll } from './public-helpers'

// Issue 52, points 6 and 7, on a 375 px phone as a practice's contact: the
// portal's Maintenance page (overdue, scheduled, done with its checklist, each
// task's own page), this month's report "so far" with its PDF, and the signed
// BAA downloaded from Compliance; each page's heading is its menu's label.

const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`

async function signIn(page: Page, request: APIRequestContext, email: string, baseURL: string) {
  const origin = { origin: baseURL }
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
}

/** A practice with a weekly check (two weeks overdue, one done with its checklist) and a signed BAA on file. */
async function practice(owner: APIRequestContext) {
  const t = tag()
  const email = `manager-${t}@harbor-dental.example`
  const made = await owner.post('/api/clients', {
    data: { name: `Harbor Dental ${t}`, contacts: [{ name: 'Noor Haddad', email }] },
  })
  expect(made.status()).toBe(201)
  const clientId = ((await made.json()) as { id: number }).id
  const today = businessToday()
  const schedule = await owner.post('/api/maintenance-schedules', {
    data: {
      clientId,
      title: 'Backup check',
      checklist: ['Open last night’s backup log', 'Restore one test file'],
      recurrence: { freq: 'weekly' },
      startDate: addDays(today, -15),
    },
  })
  expect(schedule.status()).toBe(201)
  expect((await owner.post('/api/maintenance/generate', { data: { until: addDays(today, 7) } })).ok()).toBe(
    true,
  )
  const tasks = (await (await owner.get(`/api/maintenance-tasks?clientId=${clientId}`)).json()) as {
    id: number
    dueDate: string
  }[]
  expect(tasks.length).toBeGreaterThanOrEqual(3)
  const done = tasks[0]!
  const closed = await owner.patch(`/api/maintenance-tasks/${done.id}`, {
    data: { items: [{ done: true }, { done: true }], status: 'done' },
  })
  expect(closed.status()).toBe(200)
  const baa = await owner.post('/api/baas', { data: { clientId, effectiveDate: '2026-01-01' } })
  expect(baa.status()).toBe(201)
  const baaId = ((await baa.json()) as { id: number }).id
  const filed = await owner.put(`/api/baas/${baaId}/document`, {
    headers: { 'Content-Type': 'application/pdf' },
    data: PDF,
  })
  expect(filed.ok()).toBe(true)
  return { email, doneId: done.id }
}

test('the month so far, maintenance and the signed BAA, in the portal at 375 px', async ({
  page,
  request,
  baseURL,
  ownerRequest: owner,
}) => {
  test.setTimeout(60_000)
  const p = await practice(owner)
  await signIn(page, request, p.email, baseURL!)
  await page.goto('/portal')
  const menu = page.getByRole('navigation', { name: 'Client portal' })

  // Maintenance: overdue, scheduled, done with its checklist.
  await menu.getByRole('link', { name: 'Maintenance' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Maintenance' })).toBeVisible()
  await expect(
    page.getByTestId('maintenance-overdue').getByRole('link', { name: 'Backup check' }),
  ).toHaveCount(2)
  await expect(page.getByTestId('maintenance-schedules')).toContainText(
    /Weekly; next \w+day, \w+ \d{1,2}, \d{4}/,
  )
  const done = page.getByTestId('maintenance-done')
  await expect(done.getByRole('list', { name: 'Checklist' }).getByRole('listitem')).toHaveText([
    /Open last night’s backup log/,
    /Restore one test file/,
  ])
  await expectNoHorizontalScroll(page)
  await done.getByRole('link', { name: 'Backup check' }).click()
  await expect(page).toHaveURL(new RegExp(`/portal/maintenance/${p.doneId}$`))
  await expect(page.getByRole('heading', { level: 1, name: 'Backup check' })).toBeVisible()
  await expect(page.getByText('2 of 2 checked')).toBeVisible()
  await expectNoHorizontalScroll(page)

  // This month's report, so far, and its PDF.
  await menu.getByRole('link', { name: 'Reports' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible()
  const title = reportTitle({ period: periodOf(new Date()), asOf: businessToday() })
  await expect(page.getByRole('heading', { level: 2, name: `Service report: ${title}` })).toBeVisible()
  await expect(page.getByTestId('report-so-far')).toBeVisible()
  await expect(page.getByTestId('report-lines')).toContainText('Maintenance overdue')
  await expectNoHorizontalScroll(page)
  const [reportPdf] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download the PDF' }).click(),
  ])
  expect(reportPdf.suggestedFilename()).toBe(`service-report-${periodOf(new Date())}.pdf`)

  // The signed BAA from Compliance.
  await menu.getByRole('link', { name: 'Compliance' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Compliance' })).toBeVisible()
  await expect(page.getByTestId('portal-baas')).toContainText('In effect from Thursday, January 1, 2026')
  await expectNoHorizontalScroll(page)
  const [baaPdf] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download the signed BAA (PDF)' }).click(),
  ])
  expect(baaPdf.suggestedFilename()).toMatch(/^business-associate-agreement-\d+\.pdf$/)
  const path = await baaPdf.path()
  const { readFileSync } = await import('node:fs')
  expect(readFileSync(path).subarray(0, 5).toString()).toBe('%PDF-')
})
