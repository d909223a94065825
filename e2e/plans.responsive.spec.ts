import { addPeriods, periodLabel, periodOf } from '../schema/plans'
import { expectNoAxeViolations } from './axe'
import { expect, signInOwner, test } from './fixtures'
import { mailTo } from './mail'

// Issue 37's walk: the owner puts a client on a plan with one included hour,
// records an hour and a half last month, bills that month once it has ended (issue 52; the overage is half an hour)
// and sends the invoice; the client follows the e-mailed link and sees the
// hours and the invoice on the portal's plan page, which fits the screen (run
// at 1280 px and, as a responsive spec, at 375 px). Here the owner's steps use the
// REST API; e2e/plans-admin.spec.ts walks them in the admin.

const unique = (tag: string) =>
  `${tag}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`

test('a client on a plan sees its hours and the period invoice in the portal', async ({
  browser,
  request,
  playwright,
  baseURL,
}) => {
  const email = unique('plan-client')
  const sent = await request.post('/api/consultation', {
    data: {
      name: 'Riley Plan',
      email,
      phone: '618-555-0191',
      businessName: 'Plan Family Practice',
      issueType: 'network',
      urgency: 'critical',
      description: `The practice server is down ${email}`,
      preferredContact: 'email',
    },
  })
  expect(sent.status()).toBe(201)

  const owner = await playwright.request.newContext({ baseURL })
  await signInOwner(owner)
  const [client] = (await (await owner.get('/api/clients', { params: { q: email } })).json()) as {
    id: number
  }[]
  const plan = await owner.post('/api/plans', {
    data: {
      name: `Practice Care ${Date.now().toString(36)}`,
      monthlyFeeCents: 50_000,
      includedMinutes: 60,
      overageRateCents: 12_000,
      slaHours: { urgent: 2 },
    },
  })
  expect(plan.status()).toBe(201)
  // A period is billed once it has ended (issue 52): last month.
  const period = addPeriods(periodOf(new Date()), -1)
  const subscription = await owner.post('/api/subscriptions', {
    data: {
      clientId: client!.id,
      planId: ((await plan.json()) as { id: number }).id,
      startDate: `${period}-01`,
    },
  })
  expect(subscription.status()).toBe(201)
  const { id: subscriptionId } = (await subscription.json()) as { id: number }
  const entry = await owner.post('/api/time-entries', {
    data: {
      clientId: client!.id,
      date: `${period}-10`,
      minutes: 90,
      rateCents: 12_000,
      description: 'Restored the practice server',
    },
  })
  expect(entry.status()).toBe(201)
  const usage = (await (
    await owner.get(`/api/subscriptions/${subscriptionId}/usage?period=${period}`)
  ).json()) as Record<string, number>
  expect(usage).toMatchObject({
    includedMinutes: 60,
    usedMinutes: 90,
    overageMinutes: 30,
    remainingMinutes: 0,
  })

  const billed = await owner.post(`/api/subscriptions/${subscriptionId}/invoices`, { data: { period } })
  expect(billed.status()).toBe(201)
  const invoice = (await billed.json()) as { id: number; number: string; totalCents: number }
  // $500.00 and half an hour at $120.00.
  expect(invoice.totalCents).toBe(56_000)
  const twice = await owner.post(`/api/subscriptions/${subscriptionId}/invoices`, { data: { period } })
  expect(twice.status()).toBe(409)
  expect(((await twice.json()) as { invoiceId: number }).invoiceId).toBe(invoice.id)
  expect((await owner.post(`/api/invoices/${invoice.id}/send`)).ok()).toBe(true)
  await owner.dispose()

  const mail = await mailTo(request, email, new RegExp(`Invoice ${invoice.number}`))
  const link = /https?:\/\/[^\s"<>]+\/portal\/sign-in\/[A-Za-z0-9_-]{43}/.exec(mail.text ?? '')?.[0]
  expect(link, 'the invoice e-mail carries a sign-in link').toBeTruthy()
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(link!)
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(new RegExp(`/portal/invoices/${invoice.id}$`))

  await page.goto(`/portal/plan?period=${period}`)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Practice Care')
  const hours = page.getByTestId('plan-hours')
  await expect(hours).toContainText('1.5 h')
  await expect(hours).toContainText('1 h')
  await expect(
    page.getByText(`Invoiced on ${invoice.number} ($560.00): 0.5 h over the included hours`),
  ).toBeVisible()
  await expect(page.getByText('within 2 hours')).toBeVisible()
  await expect(page.getByRole('link', { name: `${periodLabel(period)}: ${invoice.number}` })).toBeVisible()
  const width = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }))
  expect(width.scroll).toBeLessThanOrEqual(width.client)
  await expectNoAxeViolations(page, { label: '/portal/plan' })
  await context.close()
})
