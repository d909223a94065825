import { readFile } from 'node:fs/promises'
import ICAL from 'ical.js'
import { type APIRequestContext, expect, type Page, signInOwner, test } from './fixtures'
import { MAIL_API } from './mail'
import { waitForForm } from './public-helpers'
import { freeSlotPayload, seedOf } from './slots'

// Issue 15, as the owner would try it on a clean clone: the badge counts a
// pending support request, a critical request sorts first and looks urgent,
// searching a visitor's e-mail finds their requests, a reply written in the
// admin lands in the local mail output (wrangler's local send_email) addressed
// to the visitor with a tokened Reply-To, a raw e-mail to that address
// delivered through the Worker's email() handler (wrangler dev's local email
// endpoint) appears in the thread, a forged token is rejected, and the CSV has
// the filtered rows.

const unique = (tag: string) =>
  `${tag}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`

async function supportRequest(request: APIRequestContext, overrides: Record<string, string>) {
  const res = await request.post('/api/consultation', {
    data: {
      name: 'Sam Rivera',
      phone: '618-555-0142',
      businessName: 'Rivera Dental',
      issueType: 'network',
      urgency: 'low',
      description: 'The office Wi-Fi drops every hour.',
      preferredContact: 'email',
      ...overrides,
    },
  })
  expect(res.status()).toBe(201)
  return ((await res.json()) as { reference: string }).reference
}

type SentMail = { to: string[]; from: string; replyTo?: string; subject: string }

/** The messages the local send_email binding captured (the first page of the local explorer's list). */
async function sentMail(request: APIRequestContext): Promise<SentMail[]> {
  const res = await request.get(MAIL_API)
  expect(res.ok()).toBe(true)
  return ((await res.json()) as { result: SentMail[] }).result
}

/** A raw message through the Worker's email() handler; the handler's answer (200, or 400 with the reason). */
function deliver(request: APIRequestContext, from: string, to: string, body: string) {
  const raw = [
    `From: Visitor <${from}>`,
    `To: ${to}`,
    'Subject: Re: your request',
    `Message-ID: <${Date.now()}@example.com>`,
    'Date: Sun, 22 Nov 2026 22:00:00 +0000',
    'Content-Type: text/plain; charset=utf-8',
    '',
    body,
    '',
  ].join('\r\n')
  return request.post(`/cdn-cgi/local/email?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, {
    data: raw,
    headers: { 'Content-Type': 'message/rfc822' },
  })
}

const list = (page: Page) => page.getByRole('list', { name: 'Requests' })

test('one inbox: badge, urgency first, search, reply out and in, forged token, CSV', async ({ page }) => {
  const visitor = unique('inbox')
  const lowRef = await supportRequest(page.request, { email: visitor, urgency: 'low' })
  const criticalRef = await supportRequest(page.request, {
    email: unique('critical'),
    urgency: 'critical',
    name: 'Casey Critical',
  })
  // Newest, but not urgent: it must still come after the critical one.
  await supportRequest(page.request, { email: unique('newest'), urgency: 'medium', name: 'Nora Newest' })

  await signInOwner(page.request)
  await page.goto('/admin/requests')
  const tab = page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: /^Requests/ })
  // The seeded consultations are not pending; the three support requests are.
  await expect(tab).toContainText(/\d+ pending/)
  const pending = Number((await tab.textContent())!.match(/(\d+) pending/)![1])
  expect(pending).toBeGreaterThanOrEqual(3)

  // A critical request sorts first and looks urgent.
  const first = list(page).getByRole('listitem').first()
  await expect(first.getByRole('heading')).toHaveText('Casey Critical')
  await expect(first).toContainText(criticalRef)
  await expect(first.getByText(/Critical urgency/)).toHaveAttribute('data-urgency', 'critical')

  // Searching the visitor's e-mail finds their request, and the URL keeps it.
  await page.getByRole('textbox', { name: 'Search' }).fill(visitor)
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(visitor).replace('.', '\\.')}`))
  await expect(list(page).getByRole('listitem')).toHaveCount(1)
  await expect(list(page)).toContainText(lowRef)

  // The CSV has exactly the filtered rows.
  const href = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href')
  expect(href).toContain(`q=${encodeURIComponent(visitor)}`)
  const csv = (await (await page.request.get(href!)).text()).trim().split('\r\n')
  expect(csv).toHaveLength(2)
  expect(csv[1]).toContain(lowRef)
  expect(csv[1]).toContain(visitor)

  // A reply from the details dialog goes to the visitor with a tokened Reply-To.
  await list(page).getByRole('button', { name: "View details of Sam Rivera's request" }).click()
  const dialog = page.getByRole('dialog', { name: 'Support request from Sam Rivera' })
  await dialog
    .getByRole('textbox', { name: 'Reply' })
    .fill('Please restart the router and tell me if it helps.')
  await dialog.getByRole('button', { name: 'Send reply' }).click()
  await expect(dialog.getByRole('list', { name: 'Messages' })).toContainText('Please restart the router')
  await expect(dialog.getByText('E-mailed')).toBeVisible()
  const reply = (await sentMail(page.request)).find((m) => m.to.includes(visitor))
  expect(reply).toBeDefined()
  expect(reply!.subject).toContain(lowRef)
  expect(reply!.replyTo).toMatch(/^reply-s\d+-[0-9a-f]{24}@example\.com$/)

  // The visitor answers by e-mail: the message (without the quoted history) joins the thread.
  const answer = await deliver(
    page.request,
    visitor,
    reply!.replyTo!,
    'Restarted it, all good now. Thanks!\r\n\r\nOn Sun, Nov 22, 2026 Alex wrote:\r\n> Please restart the router',
  )
  expect(answer.status()).toBe(200)
  // Closed and opened again (the reply's toast, over the dialog's buttons, is dismissed first).
  const saved = page.getByRole('alertdialog', { name: 'Reply saved' })
  await saved.getByRole('button', { name: 'Close' }).click()
  await expect(saved).toBeHidden()
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
  await list(page).getByRole('button', { name: "View details of Sam Rivera's request" }).click()
  const messages = page.getByRole('dialog').getByRole('list', { name: 'Messages' })
  await expect(messages.getByRole('listitem')).toHaveCount(2)
  await expect(messages.getByRole('listitem').nth(1)).toContainText(`From Sam Rivera (${visitor})`)
  await expect(messages.getByRole('listitem').nth(1)).toContainText('Restarted it, all good now. Thanks!')
  await expect(messages).not.toContainText('> Please restart')

  // A forged token is rejected with a reason, and nothing is added.
  const forged = reply!.replyTo!.replace(/-[0-9a-f]{24}@/, `-${'0'.repeat(24)}@`)
  const refused = await deliver(page.request, visitor, forged, 'Let me in')
  expect(refused.status()).toBe(400)
  expect(await refused.text()).toContain('Unknown or invalid reply address')
})

for (const script of [true, false]) {
  test(`the visitor sees the reference on the confirmation, after the spec text (${script ? 'with' : 'without'} JavaScript)`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: script })
    const page = await context.newPage()
    // The form is a state of the page with its own address (?form=support), so it opens without JavaScript too.
    await page.goto('/it-support?form=support')
    if (script) await waitForForm(page, 'IT support request')
    await page.getByLabel('Full Name').fill('Robin Ref')
    await page.getByLabel('Email Address').fill(unique('ref'))
    await page.getByLabel('Phone Number').fill('618-555-0111')
    await page.getByRole('combobox', { name: /Issue Type/ }).selectOption({ label: 'Hardware' })
    await page
      .locator('label')
      .filter({ has: page.getByRole('radio', { name: /Medium/ }) })
      .click()
    await page.getByLabel('Describe the Issue').fill('The printer is offline.')
    await page
      .locator('label')
      .filter({ has: page.getByRole('radio', { name: 'Email' }) })
      .click()
    await page.getByRole('button', { name: 'Send Support Request' }).click()
    const confirmation = page.getByRole('status').filter({ hasText: 'Consultation Request Sent!' })
    await expect(confirmation).toContainText("Your request has been emailed and we'll contact you soon.")
    await expect(confirmation).toContainText(/Your reference: S-\d{4,}\./)
    await context.close()
  })
}

test("a consultation's quick actions: call, e-mail, copy the details, and the slot as an .ics", async ({
  page,
  context,
}) => {
  const name = `Quinn Quick ${Date.now().toString(36)}`
  const email = unique('quick')
  const slot = await freeSlotPayload(page.request, seedOf(test.info()))
  const booked = await page.request.post('/api/consultations', {
    data: {
      name,
      email,
      phone: '(618) 555-0123',
      company: 'Quick Clinic',
      projectType: 'web-application',
      description: 'Private: a patient intake form.',
      ...slot,
    },
  })
  expect(booked.status()).toBe(201)
  const { reference } = (await booked.json()) as { reference: string }

  await signInOwner(page.request)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.goto(`/admin/requests?q=${encodeURIComponent(email)}`)
  await list(page)
    .getByRole('button', { name: `View details of ${name}'s request` })
    .click()
  const dialog = page.getByRole('dialog', { name: `Consultation request from ${name}` })

  await expect(dialog.getByRole('link', { name: 'Call' })).toHaveAttribute('href', 'tel:6185550123')
  const mailto = new URL(
    (await dialog.getByRole('link', { name: 'E-mail', exact: true }).getAttribute('href'))!,
  )
  expect(mailto.protocol).toBe('mailto:')
  expect(decodeURIComponent(mailto.pathname)).toBe(email)
  expect(mailto.searchParams.get('subject')).toBe(`Your request ${reference}`)

  await dialog.getByRole('button', { name: 'Copy details' }).click()
  await expect(page.getByRole('alertdialog', { name: 'Copied' })).toBeVisible()
  const copied = await page.evaluate(() => navigator.clipboard.readText())
  expect(copied).toContain(`Reference: ${reference}`)
  expect(copied).toContain(`Name: ${name}`)
  expect(copied).toContain(`Email: ${email}`)
  expect(copied).toContain('Phone: (618) 555-0123')
  expect(copied).toContain('Company: Quick Clinic')
  expect(copied).toContain('Description: Private: a patient intake form.')

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('link', { name: 'Add to calendar (.ics)' }).click(),
  ])
  expect(download.suggestedFilename()).toBe(`consultation-${reference}.ics`)
  const ics = await readFile((await download.path())!, 'utf8')
  const event = new ICAL.Event(new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!)
  // The slot as the visitor chose it, in Central time, for the 30-minute consultation.
  const central = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Chicago',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
  const wall = (d: Date) => {
    const p = Object.fromEntries(central.formatToParts(d).map((x) => [x.type, x.value]))
    return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`
  }
  const day = wall(new Date(slot.preferredDate)).slice(0, 10)
  expect(wall(event.startDate.toJSDate())).toBe(`${day} ${slot.preferredTime}`)
  expect(event.endDate.toJSDate().getTime() - event.startDate.toJSDate().getTime()).toBe(30 * 60_000)
  // A neutral title: a calendar shows it to anyone nearby (ADR 060).
  expect(event.summary).toBe(`Consultation ${reference}`)
  expect(event.summary).not.toContain('Quinn')
  expect(ics).not.toContain('patient intake')
})
