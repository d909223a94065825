import { addPeriods, periodLabel, periodOf } from '../schema/plans'
import { fillDate } from './admin-date'
import { openScreen } from './admin-nav'
import { choose } from './admin-select'
import { expect, test } from './fixtures'
import { mailTo } from './mail'

// Issue 37's walk on the owner's side, in the admin: a new plan on the Plans
// screen, a practice put on it from its client page, an hour and a half of
// work against one included hour, "Bill this period" (the fee and half an hour
// of overage), and the invoice sent through the send step. The client's side
// (hours and the invoice in the portal, at 375 px too) is e2e/plans.responsive.spec.ts.

test('the owner adds a plan, puts a practice on it, bills the period past its included hour and sends it', async ({
  ownerPage: page,
  request,
}) => {
  test.setTimeout(180_000)
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
  const email = `plan-admin-${tag}@example.com`
  const planName = `Clinic Care ${tag}`

  await page.goto('/admin/plans')
  await expect(page.getByRole('heading', { level: 1, name: 'Plans' })).toBeVisible()
  const newPlan = page.getByRole('form', { name: 'New plan' })
  await newPlan.getByRole('textbox', { name: 'Name' }).fill(planName)
  await newPlan.getByRole('textbox', { name: 'Monthly fee ($)' }).fill('500')
  await newPlan.getByRole('textbox', { name: 'Included hours per month' }).fill('1')
  await newPlan.getByRole('textbox', { name: 'Overage rate ($ per hour)' }).fill('120')
  await newPlan.getByRole('button', { name: 'Add plan' }).click()
  await expect(
    page.getByRole('table', { name: 'Plans' }).getByRole('row', { name: new RegExp(planName) }),
  ).toBeVisible()

  const practice = await page.request.post('/api/clients', {
    data: { name: `Plan Family Practice ${tag}`, contacts: [{ name: 'Dana Cho', email }] },
  })
  expect(practice.status()).toBe(201)
  const clientId = ((await practice.json()) as { id: number }).id

  // A period is billed once it has ended (issue 52): the practice joined last month.
  const period = addPeriods(periodOf(new Date()), -1)
  await page.goto(`/admin/clients/${clientId}`)
  const subscribe = page.getByRole('form', { name: 'Put on a plan' })
  await subscribe.getByRole('button', { name: /Plan$/ }).click()
  await page.getByRole('option', { name: planName }).click()
  await fillDate(subscribe, 'Start date', `${period}-01`)
  await subscribe.getByRole('button', { name: 'Put on the plan' }).click()
  await expect(page.getByText('Client put on the plan')).toBeVisible()
  await expect(page.getByRole('heading', { name: `Plan: ${planName}` })).toBeVisible()

  // An hour and a half of work this month, past the one included hour.
  const entry = await page.request.post('/api/time-entries', {
    data: {
      clientId,
      date: `${period}-10`,
      minutes: 90,
      rateCents: 12_000,
      description: 'Replaced the front-desk switch',
    },
  })
  expect(entry.status()).toBe(201)
  await page.reload()
  await expect(page.getByRole('heading', { name: `Plan: ${planName}` })).toBeVisible()
  // The plan card's month (the service reports have a Month of their own, "... so far").
  await choose(page, page.getByRole('button', { name: /^\w+ \d{4} Month$/ }), periodLabel(period))
  await page.getByRole('button', { name: 'Bill this period' }).click()
  // $500.00 and half an hour at $120.00.
  const made = page.getByText(/^Invoice INV-\d{4}-\d{4} created$/)
  await expect(made).toBeVisible()
  await expect(page.getByText('$560.00').first()).toBeVisible()
  const number = /INV-\d{4}-\d{4}/.exec((await made.textContent()) ?? '')![0]

  await openScreen(page, 'Invoices', '/admin/invoices')
  const row = page.getByRole('row', { name: new RegExp(number) })
  await expect(row).toContainText('Draft')
  const dialog = page.getByRole('dialog', { name: `Send invoice ${number}` })
  // A click that lands while the list refetches can open nothing; a person clicks again.
  await expect(async () => {
    if (!(await dialog.isVisible())) await row.getByRole('button', { name: 'Send...' }).click()
    await expect(dialog).toBeVisible({ timeout: 2_000 })
  }).toPass({ timeout: 30_000 })
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(page.getByText(`Invoice ${number} sent`)).toBeVisible()
  const mail = await mailTo(request, email, new RegExp(`^Invoice ${number} from `))
  expect(mail.text).toContain('$560.00')
})
