import { addPeriods, dateWords, periodLabel, periodOf, periodRange } from '../schema/plans'
import { fillDate } from './admin-date'
import { choose } from './admin-select'
import { expect, test } from './fixtures'
import { mailTo } from './mail'

// Issue 52, "plans bill what they show", walked as the owner and the clinic's
// contact: a month is billed only once it has ended (the button says when),
// time logged into that month afterwards asks where it goes, goes onto the
// next month's invoice as a late line labelled with its date, and the contact
// sees both months in the portal at 375 px. Pause and Cancel ask first, and a
// cancellation can be taken back.

const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`

test('a plan billed after its month, with late time billed on the next invoice and seen in the portal', async ({
  ownerPage: page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(150_000)
  const t = tag()
  const email = `late-time-${t}@example.com`
  const planName = `Clinic Care ${t}`
  const now = periodOf(new Date())
  const first = addPeriods(now, -2)
  const second = addPeriods(now, -1)
  const lastDay = periodRange(first).to

  const plan = await page.request.post('/api/plans', {
    data: { name: planName, monthlyFeeCents: 50_000, includedMinutes: 600, overageRateCents: 12_000 },
  })
  expect(plan.status()).toBe(201)
  const clinic = await page.request.post('/api/clients', {
    data: { name: `Lakeside Clinic ${t}`, contacts: [{ name: 'Ana Kowalska', email }] },
  })
  expect(clinic.status()).toBe(201)
  const clientId = ((await clinic.json()) as { id: number }).id
  const sub = await page.request.post('/api/subscriptions', {
    data: { clientId, planId: ((await plan.json()) as { id: number }).id, startDate: `${first}-01` },
  })
  expect(sub.status()).toBe(201)
  const subscriptionId = ((await sub.json()) as { id: number }).id
  const worked = await page.request.post('/api/time-entries', {
    data: { clientId, date: `${first}-10`, minutes: 150, description: 'Replaced the reception printer' },
  })
  expect(worked.status()).toBe(201)

  // This month is running: "Bill this period" waits and says from when.
  await page.goto(`/admin/clients/${clientId}`)
  await expect(page.getByRole('heading', { name: `Plan: ${planName}` })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Bill this period' })).toBeDisabled()
  await expect(
    page.getByText(
      `Can be billed from ${dateWords(periodRange(addPeriods(now, 1)).from)}, once ${periodLabel(now)} has ended.`,
    ),
  ).toBeVisible()

  // The first month has ended: billed at 2.5 h used of 10.
  const month = page.getByRole('button', { name: /^\w+ \d{4} Month$/ })
  await choose(page, month, periodLabel(first))
  await page.getByRole('button', { name: 'Bill this period' }).click()
  const made = page.getByText(/^Invoice INV-\d{4}-\d{4} created$/)
  await expect(made).toBeVisible()
  const firstNumber = /INV-\d{4}-\d{4}/.exec((await made.textContent()) ?? '')![0]
  await expect(page.getByText(`Invoiced on ${firstNumber}.`)).toBeVisible()

  // 8 h logged afterwards for its last day: the time form asks where it goes.
  await page.goto(`/admin/time?clientId=${clientId}`)
  const form = page.getByRole('form', { name: 'Record time' })
  await fillDate(form, 'Date', lastDay)
  await form.getByRole('textbox', { name: /^Minutes/ }).fill('480')
  await form.getByRole('textbox', { name: /^Description/ }).fill('Moved the server room')
  await form.getByRole('button', { name: 'Record' }).click()
  const ask = page.getByRole('dialog', { name: 'This month is already invoiced' })
  await expect(ask).toContainText(`${periodLabel(first)} is already invoiced (${firstNumber})`)
  await ask.getByRole('button', { name: 'Bill it on the next plan invoice' }).click()
  await expect(page.getByText('Time recorded')).toBeVisible()

  // The card shows what the first month billed and what goes onto the next invoice.
  await page.goto(`/admin/clients/${clientId}`)
  await choose(page, page.getByRole('button', { name: /^\w+ \d{4} Month$/ }), periodLabel(first))
  const words = page.getByTestId('plan-billing')
  await expect(words).toContainText(`Invoiced on ${firstNumber} ($500.00): no time over the included hours.`)
  await expect(words).toContainText(
    '8 h logged after the invoice goes onto the next plan invoice as late time: 0.5 h over the included hours, $60.00.',
  )
  const card = page.locator('section', { has: page.getByRole('heading', { name: `Plan: ${planName}` }) })
  await card.screenshot({ path: testInfo.outputPath('plan-card-1280.png') })
  await page.setViewportSize({ width: 375, height: 800 })
  await card.screenshot({ path: testInfo.outputPath('plan-card-375.png') })
  await page.setViewportSize({ width: 1280, height: 800 })

  // The next month's invoice carries the late line: $500.00 fee and half an hour at $120.00.
  await choose(page, page.getByRole('button', { name: /^\w+ \d{4} Month$/ }), periodLabel(second))
  await expect(page.getByTestId('plan-billing')).toContainText(
    `Late time from ${periodLabel(first)} (${dateWords(lastDay, true)}: 8 h) goes onto the next plan invoice: 0.5 h over the included hours, $60.00.`,
  )
  await page.getByRole('button', { name: 'Bill this period' }).click()
  const second_ = page.getByText(/^Invoice INV-\d{4}-\d{4} created$/)
  await expect(second_).toBeVisible()
  await expect(page.getByText('$560.00').first()).toBeVisible()
  const secondNumber = /INV-\d{4}-\d{4}/.exec((await second_.textContent()) ?? '')![0]

  const invoices = (await (
    await page.request.get(`/api/subscriptions/${subscriptionId}/invoices`)
  ).json()) as {
    invoiceId: number
    number: string
  }[]
  for (const i of invoices)
    expect((await page.request.post(`/api/invoices/${i.invoiceId}/send`)).ok()).toBe(true)
  const secondId = invoices.find((i) => i.number === secondNumber)!.invoiceId

  // The clinic's contact, on a phone.
  const mail = await mailTo(request, email, new RegExp(`Invoice ${secondNumber}`))
  const link = /https?:\/\/[^\s"<>]+\/portal\/sign-in\/[A-Za-z0-9_-]{43}/.exec(mail.text ?? '')?.[0]
  expect(link, 'the invoice e-mail carries a sign-in link').toBeTruthy()
  const context = await browser.newContext({ viewport: { width: 375, height: 800 } })
  const phone = await context.newPage()
  await phone.goto(link!)
  await phone.getByRole('button', { name: 'Continue' }).click()
  await expect(phone).toHaveURL(new RegExp(`/portal/invoices/${secondId}$`))
  await expect(
    phone.getByText(
      `Late time from ${periodLabel(first)}, logged after its invoice (${dateWords(lastDay, true)}: 8 h): 0.5 h over the included hours`,
    ),
  ).toBeVisible()
  await expect(phone.getByText('$560.00').first()).toBeVisible()

  // This month's page, then the first month from its list of months.
  await phone.goto('/portal/plan')
  await expect(phone.getByRole('heading', { name: `Hours in ${periodLabel(now)} so far` })).toBeVisible()
  await phone
    .getByRole('navigation', { name: 'Other months' })
    .getByRole('link', { name: periodLabel(first) })
    .click()
  await expect(phone.getByRole('heading', { name: `Hours in ${periodLabel(first)}` })).toBeVisible()
  const billing = phone.getByTestId('plan-billing')
  await expect(billing).toContainText(
    `Invoiced on ${firstNumber} ($500.00): no time over the included hours.`,
  )
  await expect(billing).toContainText(
    `8 h logged after the invoice was billed as late time on ${secondNumber}: $60.00.`,
  )
  await expect(phone.getByRole('link', { name: `${periodLabel(second)}: ${secondNumber}` })).toBeVisible()
  const width = await phone.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }))
  expect(width.scroll).toBeLessThanOrEqual(width.client)
  await phone.screenshot({ path: testInfo.outputPath('portal-plan-375.png'), fullPage: true })
  await phone.setViewportSize({ width: 1280, height: 800 })
  await phone.screenshot({ path: testInfo.outputPath('portal-plan-1280.png'), fullPage: true })
  await context.close()
})

test('Pause and Cancel ask first; a cancellation can be taken back until the month ends', async ({
  ownerPage: page,
}) => {
  test.setTimeout(90_000)
  const t = tag()
  const planName = `Practice Care ${t}`
  const plan = await page.request.post('/api/plans', {
    data: { name: planName, monthlyFeeCents: 40_000, includedMinutes: 300, overageRateCents: 11_000 },
  })
  const clinic = await page.request.post('/api/clients', {
    data: {
      name: `Hillside Practice ${t}`,
      contacts: [{ name: 'Minh Tran', email: `confirm-${t}@example.com` }],
    },
  })
  const clientId = ((await clinic.json()) as { id: number }).id
  const now = periodOf(new Date())
  expect(
    (
      await page.request.post('/api/subscriptions', {
        data: { clientId, planId: ((await plan.json()) as { id: number }).id, startDate: `${now}-01` },
      })
    ).status(),
  ).toBe(201)
  await page.goto(`/admin/clients/${clientId}`)
  await expect(page.getByRole('heading', { name: `Plan: ${planName}` })).toBeVisible()

  // Pause asks, says what happens, and a second thought leaves the plan as it was.
  await page.getByRole('button', { name: 'Pause', exact: true }).click()
  const pause = page.getByRole('alertdialog', { name: 'Pause this plan?' })
  await expect(pause).toContainText(`From ${periodLabel(now)} on, Hillside Practice ${t} pays no plan fee`)
  await expect(pause).toContainText('cannot be undone')
  await pause.getByRole('button', { name: 'Cancel', exact: true }).click()
  await expect(pause).toBeHidden()
  await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Pause', exact: true }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Pause the plan' }).click()
  await expect(page.getByText('Plan paused')).toBeVisible()
  await page.getByRole('button', { name: 'Resume' }).click()
  await expect(page.getByText('Plan resumed')).toBeVisible()

  // Cancel asks, waits for the month's end, and can be taken back.
  await page.getByRole('button', { name: 'Cancel at the end of this period' }).click()
  const cancel = page.getByRole('alertdialog', { name: 'Cancel this plan?' })
  await expect(cancel).toContainText(`The plan runs until ${dateWords(periodRange(now).to)}`)
  await expect(cancel).toContainText('Once the plan has ended it cannot be undone')
  await cancel.getByRole('button', { name: 'Cancel at the end of this period' }).click()
  await expect(page.getByText('The plan ends after this period')).toBeVisible()
  await expect(
    page.getByText(
      `The plan ends after ${periodLabel(now)}; you can take this back until ${dateWords(periodRange(now).to)}.`,
    ),
  ).toBeVisible()
  await page.getByRole('button', { name: 'Undo cancellation' }).click()
  await expect(page.getByText('Cancellation undone: the plan goes on')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Cancel at the end of this period' })).toBeVisible()
})
