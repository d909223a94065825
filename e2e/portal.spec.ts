import { gzipSync } from 'node:zlib'
import { formatCalendarDate, formatSlotTime } from '../schema/slot-time'
import { formatDay } from '../web/booking/days'
import { expectNoAxeViolations } from './axe'
import { type APIRequestContext, type Browser, expect, signInOwner, test } from './fixtures'
import { mailTo } from './mail'
import { freeSlotPayload, seedOf } from './slots'

// The client portal (issue 24) as a client lives it, with and without
// JavaScript: a visitor who sent a support request (matched to a contact by
// their address at intake) asks for a sign-in link at /portal, follows the
// mailed link from the local mail output, continues, reads their request's
// thread and replies; the owner sees the reply in the inbox thread; the same
// link fails the second time.

const unique = (tag: string) =>
  `${tag}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`

async function sendSupportRequest(request: APIRequestContext, email: string, description: string) {
  const res = await request.post('/api/consultation', {
    data: {
      name: 'Robin Portal',
      email,
      phone: '618-555-0177',
      businessName: 'Portal Family Practice',
      issueType: 'network',
      urgency: 'low',
      description,
      preferredContact: 'email',
    },
  })
  expect(res.status()).toBe(201)
  return ((await res.json()) as { reference: string }).reference
}

/** Asks for a link at /portal and returns the link the e-mail carries. */
async function signInByMail(
  browser: Browser,
  request: APIRequestContext,
  email: string,
  javaScriptEnabled: boolean,
) {
  const context = await browser.newContext({ javaScriptEnabled })
  const page = await context.newPage()
  await page.goto('/portal')
  await expect(page.getByRole('heading', { level: 1, name: 'Client portal' })).toBeVisible()
  await page.getByRole('textbox', { name: 'Your e-mail address' }).fill(email)
  await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click()
  await expect(page.getByRole('status')).toContainText('a sign-in link is on its way')
  const mail = await mailTo(request, email, /sign-in link/)
  const link = /https?:\/\/[^\s"<>]+\/portal\/sign-in\/[A-Za-z0-9_-]{43}/.exec(mail.text ?? '')?.[0]
  expect(link, 'the e-mail carries a sign-in link').toBeTruthy()
  return { page, context, link: link! }
}

for (const javaScriptEnabled of [true, false]) {
  const how = javaScriptEnabled ? 'with JavaScript' : 'without JavaScript'

  test(`a client signs in by e-mailed link, reads and answers their request (${how})`, async ({
    browser,
    request,
    playwright,
    baseURL,
  }) => {
    const email = unique(javaScriptEnabled ? 'portal-js' : 'portal-nojs')
    const description = `Printer offline at the front desk ${email}`
    const reference = await sendSupportRequest(request, email, description)

    const { page, context, link } = await signInByMail(browser, request, email, javaScriptEnabled)
    await page.goto(link)
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect(page.getByTestId('portal-greeting')).toHaveText('Hello, Robin Portal')
    const requests = page.getByRole('region', { name: 'Requests' })
    await requests.getByRole('link', { name: new RegExp(reference) }).click()
    await expect(page).toHaveURL(new RegExp(`/portal/requests/${reference}$`))
    await expect(page.getByText(description)).toBeVisible()

    const answer = `Restarted the printer, still offline (${how}).`
    await page.getByRole('textbox', { name: 'Your reply' }).fill(answer)
    await page.getByRole('button', { name: 'Send reply' }).click()
    await expect(page.getByRole('status')).toContainText('Your reply is in the thread.')
    await expect(page.getByRole('region', { name: 'Conversation' })).toContainText(answer)

    // The owner sees it in the request's thread in the inbox.
    const owner = await playwright.request.newContext({ baseURL })
    await signInOwner(owner)
    const list = (await (await owner.get('/api/support-requests')).json()) as {
      id: number
      reference: string
    }[]
    const id = list.find((r) => r.reference === reference)!.id
    const thread = (await (await owner.get(`/api/support-requests/${id}/messages`)).json()) as {
      direction: string
      author: string
      body: string
    }[]
    expect(thread).toEqual(
      expect.arrayContaining([{ ...thread.at(-1)!, direction: 'in', author: email, body: answer }]),
    )
    await owner.dispose()

    // The link worked once: opened again, it says so and offers a new one.
    const again = await context.newPage()
    await again.goto(link)
    await expect(again.getByRole('alert')).toContainText('already used or has expired')
    await expect(again.getByRole('button', { name: 'E-mail me a new link' })).toBeVisible()

    // Sign out ends it.
    await page.getByRole('button', { name: 'Sign out' }).click()
    await expect(page.getByRole('button', { name: 'E-mail me a sign-in link' })).toBeVisible()
    await context.close()
  })
}

// One test per page (issue 29: no test walks several pages against one timeout
// while the unit suite runs beside it).
for (const route of ['/portal', '/portal/requests/{reference}', '/portal/files'] as const) {
  test(`${route} loads at most 120 KB of gzipped JavaScript and passes axe`, async ({ browser, request }) => {
    const email = unique('portal-budget')
    const reference = await sendSupportRequest(request, email, 'Budget check request')
    const signedIn = await signInByMail(browser, request, email, true)
    await signedIn.page.goto(signedIn.link)
    await signedIn.page.getByRole('button', { name: 'Continue' }).click()
    await expect(signedIn.page.getByTestId('portal-greeting')).toHaveText('Hello, Robin Portal')
    const path = route.replace('{reference}', reference)
    const fresh = await signedIn.page.context().newPage()
    const scripts = new Map<string, number>()
    fresh.on('response', async (res) => {
      if (res.request().resourceType() !== 'script') return
      scripts.set(res.url(), gzipSync(await res.body(), { level: 9 }).length)
    })
    await fresh.goto(path)
    await expect(fresh.getByRole('heading', { level: 1 })).toBeVisible()
    await fresh.waitForLoadState('networkidle')
    const total = [...scripts.values()].reduce((a, b) => a + b, 0)
    expect(scripts.size).toBeGreaterThan(0)
    expect(
      total,
      `${path}: ${[...scripts].map(([u, n]) => `${new URL(u).pathname}: ${n}`).join('\n')}`,
    ).toBeLessThanOrEqual(120 * 1000)
    await expectNoAxeViolations(fresh, { label: path })
  })
}

test('the signed-out portal sign-in form passes axe', async ({ browser }) => {
  const anonymous = await browser.newContext()
  const signedOut = await anonymous.newPage()
  await signedOut.goto('/portal')
  await expect(signedOut.getByRole('heading', { level: 1, name: 'Client portal' })).toBeVisible()
  await expectNoAxeViolations(signedOut, { label: '/portal signed out' })
  await anonymous.close()
})

// Issue 28: a consultation in the portal is the manage link's block: days,
// then times, and a cancel that asks first and takes a reason for the owner.
test('a client moves their consultation by day and time, then cancels it with a reason the owner reads (without JavaScript)', async ({
  browser,
  request,
  playwright,
  baseURL,
}, testInfo) => {
  const email = unique('portal-meet')
  const booked = await request.post('/api/consultations', {
    data: {
      name: 'Robin Portal',
      email,
      projectType: 'other',
      description: 'A consultation to manage from the portal.',
      ...(await freeSlotPayload(request, seedOf(testInfo))),
    },
  })
  expect(booked.status()).toBe(201)
  const reference = ((await booked.json()) as { reference: string }).reference

  const { page, context, link } = await signInByMail(browser, request, email, false)
  await page.goto(link)
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.goto(`/portal/requests/${reference}`)
  const meeting = page.getByRole('region', { name: 'Meeting' })
  await expect(meeting).toContainText('Requested (awaiting confirmation)')

  const days = page.getByRole('list', { name: '1. Choose a day' })
  const offered = await days
    .getByRole('link')
    .evaluateAll((els) => els.map((e) => new URL((e as HTMLAnchorElement).href).searchParams.get('day')!))
  const newDate = offered[seedOf(testInfo, 'day') % offered.length]!
  await days.getByRole('link', { name: formatDay(newDate).long }).click()
  await expect(page).toHaveURL(new RegExp(`/portal/requests/${reference}\\?day=${newDate}$`))
  const select = page.getByRole('combobox', { name: 'New time (Central Time)' })
  const values = await select
    .locator('option:not([value=""])')
    .evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value))
  expect(values.filter((v) => !v.startsWith(`${newDate}|`))).toEqual([])
  const target = values[seedOf(testInfo, 'time') % values.length]!
  const newTime = target.split('|')[1]!
  await select.selectOption(target)
  await page.getByRole('button', { name: 'Move my consultation' }).click()
  await expect(page.getByRole('status')).toHaveText(
    'Your consultation has moved. An updated invitation is on its way.',
  )
  await expect(meeting).toContainText(
    `${formatCalendarDate(newDate)} at ${formatSlotTime(newTime)} Central Time`,
  )

  const reason = `Portal cancel reason ${email}`
  await page.getByRole('button', { name: 'Cancel this consultation' }).click()
  await expect(page.getByText(/^Cancel your consultation on/)).toBeVisible()
  await expect(meeting).toContainText('Requested (awaiting confirmation)')
  await page.getByLabel('Reason (optional, sent to the consultant)').fill(reason)
  await page.getByRole('button', { name: 'Confirm cancellation' }).click()
  await expect(page.getByRole('status')).toHaveText(
    'Your consultation is cancelled. The time is free again for others.',
  )
  await expect(meeting).toContainText('Cancelled')
  await expect(page.getByRole('button', { name: 'Cancel this consultation' })).toHaveCount(0)
  await context.close()

  // The reason reached the owner as the client's message in the request's thread (their mail: test/worker).
  const owner = await playwright.request.newContext({ baseURL })
  await signInOwner(owner)
  const list = (await (await owner.get('/api/consultations')).json()) as { id: number; reference: string }[]
  const id = list.find((r) => r.reference === reference)!.id
  const thread = (await (await owner.get(`/api/consultations/${id}/messages`)).json()) as {
    direction: string
    body: string
  }[]
  expect(thread).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ direction: 'in', body: `Cancelled by the visitor. Reason: ${reason}` }),
    ]),
  )
  await owner.dispose()
})
