import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import ICAL from 'ical.js'
import { formatCalendarDate, formatSlotTime, slotInstant } from '../schema/slot-time'
import { formatDay } from '../web/booking/days'
import { expect, type Page, signInOwner, test } from './fixtures'
import { mailTo, type SentDetail } from './mail'
import { waitForForm } from './public-helpers'
import { stateDir } from './servers'
import { changeableDay, chooseFreeSlot, seedOf } from './slots'

// Issue 17, the visitor's side as they live it: the e-mails land in the local
// mail output (wrangler dev's send_email capture, as e2e/inbox.spec.ts reads
// it), the manage link is taken from the "request received" e-mail and opened
// in the browser, and the confirmation's .ics is read by a real iCalendar
// parser. Each test books a slot of its own (e2e/slots.ts) for a visitor
// address of its own, so the mails it looks for are its own.

const unique = (tag: string) =>
  `${tag}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`

/** The manage link a visitor's e-mail carries (its text part). */
function manageLink(mail: SentDetail): string {
  const link = /https?:\/\/[^\s"<>]+\/booking\/[^\s"<>]+/.exec(mail.text ?? '')?.[0]
  expect(link, 'the e-mail carries a manage link').toBeTruthy()
  return link!
}

/**
 * The message's calendar attachment, as the local send_email binding wrote it
 * to a file (<server state>/tmp/email/<instance>/email-attachment/<message id>-1.ics):
 * the explorer API lists attachments by name only.
 */
async function icsOf(mail: SentDetail, baseURL: string | undefined): Promise<string> {
  expect(mail.attachments.map((a) => a.filename)).toEqual(['consultation.ics'])
  const file = `${mail.messageId.replace(/^<|>$/g, '')}-1.ics`
  const root = join(stateDir(baseURL), 'tmp', 'email')
  const find = () =>
    readdirSync(root)
      .map((dir) => join(root, dir, 'email-attachment', file))
      .find((path) => existsSync(path))
  // The binding writes the files just after it records the message.
  await expect.poll(find, { message: `the attachment file ${file}` }).toBeTruthy()
  return readFileSync(find()!, 'utf8')
}

async function openForm(page: Page) {
  await page.goto('/schedule-consultation')
  await expect(page.getByRole('form', { name: 'Schedule a consultation' })).toBeVisible()
  await waitForForm(page, 'Schedule a consultation')
}

/** Books a free slot through the schedule form as a visitor; returns the slot and the reference shown. */
async function bookThroughForm(page: Page, seed: number, name: string, email: string, firstDays = 0) {
  await openForm(page)
  await page.getByLabel('Full Name').fill(name)
  await page.getByLabel('Email Address').fill(email)
  await page.getByRole('combobox', { name: /Project Type/ }).selectOption({ label: 'Other' })
  await page.getByLabel('Project Description').fill('A private matter for the owner only.')
  let slot: Awaited<ReturnType<typeof chooseFreeSlot>>
  if (firstDays > 0) {
    // A day among the first few offered past the seeded cut-off: close enough
    // for a longer cut-off to reach it.
    const date = page.getByRole('combobox', { name: /Preferred Date/ })
    const dates = (
      await date
        .locator('option:not([value=""])')
        .evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value))
    ).filter((d) => changeableDay(d))
    await date.selectOption(dates[seed % Math.min(firstDays, dates.length)]!)
    const time = page.getByRole('combobox', { name: /Preferred Time/ })
    const times = await time
      .locator('option:not([value=""])')
      .evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value))
    const value = times[(seed >>> 8) % times.length]!
    await time.selectOption(value)
    slot = { date: await date.inputValue(), time: value, label: formatSlotTime(value) }
  } else slot = await chooseFreeSlot(page, seed)
  const answer = page.waitForResponse('**/api/consultations')
  await page.getByRole('button', { name: 'Schedule Consultation' }).click()
  expect((await answer).status()).toBe(201)
  const confirmation = page.getByRole('status').filter({ hasText: 'Success!' })
  await expect(confirmation).toContainText(/Your reference: C-\d+/)
  const reference = /C-\d+/.exec((await confirmation.textContent()) ?? '')![0]
  return { slot, reference }
}

/** The times the schedule form offers for a day. */
async function offeredTimes(page: Page, date: string) {
  await openForm(page)
  await page.getByRole('combobox', { name: /Preferred Date/ }).selectOption(date)
  return page
    .getByRole('combobox', { name: /Preferred Time/ })
    .locator('option:not([value=""])')
    .evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value))
}

const details = (page: Page) => page.getByRole('region', { name: 'Details' })

test('the link in the "request received" e-mail shows that booking only and cancels it; the slot is offered again', async ({
  page,
}, testInfo) => {
  const name = `Link Visitor ${testInfo.project.name}`
  const email = unique('cancel')
  const { slot, reference } = await bookThroughForm(page, seedOf(testInfo), name, email)
  expect(await offeredTimes(page, slot.date)).not.toContain(slot.time)

  const received = await mailTo(page.request, email, /request received/)
  const link = manageLink(received)
  await page.goto(link)
  await expect(page.getByRole('heading', { name: 'Your consultation', level: 1 })).toBeVisible()
  await expect(details(page)).toContainText(reference)
  await expect(details(page)).toContainText(`${slot.label} Central Time`)
  await expect(details(page)).toContainText('Requested (awaiting confirmation)')
  // Only this booking, and nothing personal: no name, address or project on the page.
  await expect(page.getByText('Reference', { exact: true })).toHaveCount(1)
  const body = (await page.locator('main').textContent()) ?? ''
  expect(body).not.toContain(name)
  expect(body).not.toContain(email)
  expect(body).not.toContain('A private matter')

  await page.getByRole('button', { name: 'Cancel this consultation' }).click()
  // Issue 28: cancelling asks first, with an optional reason for the owner; nothing is cancelled yet.
  await expect(page.getByText(/^Cancel your consultation on/)).toBeVisible()
  await expect(details(page)).toContainText('Requested (awaiting confirmation)')
  await page.getByLabel('Reason (optional, sent to the consultant)').fill('Found a local helper, thank you.')
  await page.getByRole('button', { name: 'Confirm cancellation' }).click()
  await expect(page.getByRole('status')).toHaveText(
    'Your consultation is cancelled. The time is free again for others.',
  )
  await expect(details(page)).toContainText('Cancelled')
  await expect(page.getByRole('button', { name: 'Cancel this consultation' })).toHaveCount(0)

  // The same slot is offered again on the schedule form.
  await expect.poll(() => offeredTimes(page, slot.date)).toContain(slot.time)
  // And the owner's admin shows the request cancelled.
  await signInOwner(page.request)
  await page.goto('/admin/requests')
  await expect(page.getByRole('listitem').filter({ hasText: reference })).toContainText(/cancelled/i)
  // The reason reached the owner: it is the visitor's message in the request's thread.
  await page.getByRole('button', { name: `View details of ${name}'s request` }).click()
  await expect(page.getByRole('dialog', { name: `Consultation request from ${name}` })).toContainText(
    'Found a local helper, thank you.',
  )
})

test("the owner confirms in the admin; the visitor's mail carries an .ics REQUEST at the Central time", async ({
  page,
  baseURL,
}, testInfo) => {
  const name = `Invite Visitor ${testInfo.project.name}`
  const email = unique('invite')
  const { slot, reference } = await bookThroughForm(page, seedOf(testInfo), name, email)

  await signInOwner(page.request)
  await page.goto('/admin/requests')
  await page.getByRole('button', { name: `View details of ${name}'s request` }).click()
  const dialog = page.getByRole('dialog', { name: `Consultation request from ${name}` })
  await dialog.getByRole('button', { name: /Status/ }).click()
  await page.getByRole('option', { name: 'Confirmed' }).click()
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('listitem').filter({ hasText: reference })).toContainText(/confirmed/i)

  const confirmed = await mailTo(page.request, email, /confirmed/)
  const calendar = new ICAL.Component(ICAL.parse(await icsOf(confirmed, baseURL)))
  expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST')
  ICAL.TimezoneService.register(calendar.getFirstSubcomponent('vtimezone')!)
  const vevent = calendar.getFirstSubcomponent('vevent')!
  const event = new ICAL.Event(vevent)
  // The Central wall-clock time, placed by the invitation's own VTIMEZONE.
  expect(vevent.getFirstProperty('dtstart')!.getParameter('tzid')).toBe('America/Chicago')
  expect(event.startDate.toString()).toBe(`${slot.date}T${slot.time}:00`)
  expect(event.startDate.toJSDate().toISOString()).toBe(slotInstant(slot.date, slot.time))
  expect(event.summary).not.toContain('private matter')
  const attendee = vevent.getFirstPropertyValue('attendee')
  expect(String(attendee).toLowerCase()).toBe(`mailto:${email}`)
})

test('after the cut-off the link refuses to cancel', async ({ page, ownerRequest: owner }, testInfo) => {
  const email = unique('cutoff')
  // A day among the first three offered: inside the longest cut-off (14 days).
  const { slot, reference } = await bookThroughForm(
    page,
    seedOf(testInfo),
    `Cutoff Visitor ${testInfo.project.name}`,
    email,
    3,
  )
  const link = manageLink(await mailTo(page.request, email, /request received/))
  await page.goto(link)
  await expect(page.getByRole('button', { name: 'Cancel this consultation' })).toBeVisible()

  // The owner moves the cut-off so that the booked slot is inside it.
  const settings = await (await owner.get('/api/availability/settings')).json()
  const { visitorMail: _m, bookingLinks: _l, ...body } = settings
  const hoursAway = Math.ceil((Date.parse(slotInstant(slot.date, slot.time)!) - Date.now()) / 3_600_000)
  expect(hoursAway).toBeLessThan(14 * 24)
  const cutoff = 14 * 24
  try {
    const saved = await owner.put('/api/availability/settings', {
      data: { ...body, changeCutoffHours: cutoff },
    })
    expect(saved.ok(), await saved.text()).toBe(true)

    // The page was opened before: its cancel button now meets the refusal.
    await page.getByRole('button', { name: 'Cancel this consultation' }).click()
    await expect(page.getByRole('alert')).toHaveText(
      `Changes are possible up to ${cutoff} hours before the meeting; please reply to your e-mail instead.`,
    )
    await expect(details(page)).toContainText('Requested (awaiting confirmation)')
    // Opened afresh, the page offers no change and says why.
    await page.goto(link)
    await expect(page.getByRole('button', { name: 'Cancel this consultation' })).toHaveCount(0)
    await expect(page.getByText('Online changes are closed for this consultation')).toBeVisible()
    // Still held: the slot is not offered.
    expect(await offeredTimes(page, slot.date)).not.toContain(slot.time)
    expect(reference).toMatch(/^C-\d+$/)
  } finally {
    expect((await owner.put('/api/availability/settings', { data: body })).ok()).toBe(true)
  }
})

test('the link moves the booking to another free slot (without JavaScript too); the old one is offered again', async ({
  page,
  browser,
}, testInfo) => {
  const email = unique('move')
  const { slot, reference } = await bookThroughForm(
    page,
    seedOf(testInfo),
    `Move Visitor ${testInfo.project.name}`,
    email,
  )
  const link = manageLink(await mailTo(page.request, email, /request received/))
  // The manage page is plain forms: the visitor's mail client may open it with scripts off.
  const noScript = await browser.newContext({ javaScriptEnabled: false })
  const visitor = await noScript.newPage()
  await visitor.goto(link)
  const select = visitor.getByRole('combobox', { name: 'New time (Central Time)' })
  const choices = await select
    .locator('option:not([value=""])')
    .evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value))
  // Other times only: the booking's own is not offered as "another time".
  expect(choices).not.toContain(`${slot.date}|${slot.time}`)
  const target = choices[seedOf(testInfo, 'move') % choices.length]!
  const [newDate, newTime] = target.split('|') as [string, string]
  await select.selectOption(target)
  await visitor.getByRole('button', { name: 'Move my consultation' }).click()
  await expect(visitor.getByRole('status')).toHaveText(
    'Your consultation has moved. An updated invitation is on its way.',
  )
  await expect(details(visitor)).toContainText(reference)
  await expect(details(visitor)).toContainText(`${formatSlotTime(newTime)} Central Time`)
  await noScript.close()

  await expect.poll(() => offeredTimes(page, slot.date)).toContain(slot.time)
  expect(await offeredTimes(page, newDate)).not.toContain(newTime)
  // The visitor is told of the new time by e-mail too.
  await mailTo(page.request, email, /new time/)
})

// Issue 28: rescheduling by day. The manage page lists the bookable days with
// their weekday names, then the chosen day's times; without JavaScript the day
// is a link to ?day= that the server answers, with it the same link switches
// the day in place. The move goes through the same rules, and the page, the
// "new time" mail and its invitation say the same time and status.
for (const javaScriptEnabled of [true, false]) {
  const how = javaScriptEnabled ? 'with JavaScript' : 'without JavaScript'
  test(`reschedules by day, then time (${how}); the page, the mail and the .ics agree`, async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    const email = unique(javaScriptEnabled ? 'byday-js' : 'byday-nojs')
    const { slot, reference } = await bookThroughForm(
      page,
      seedOf(testInfo),
      `Day Visitor ${testInfo.project.name}`,
      email,
    )
    const link = manageLink(await mailTo(page.request, email, /request received/))
    const context = await browser.newContext({ javaScriptEnabled })
    const visitor = await context.newPage()
    await visitor.goto(link)
    if (javaScriptEnabled)
      await visitor.waitForFunction(
        () => (window as unknown as { __reactRouterRouteModules?: object }).__reactRouterRouteModules,
      )
    const days = visitor.getByRole('list', { name: '1. Choose a day' })
    // Weekday names, seen short and heard in full; the booking's own day comes up first.
    const own = days.getByRole('link', { name: formatDay(slot.date).long })
    await expect(own).toHaveText(formatDay(slot.date).short)
    await expect(own).toHaveAttribute('aria-current', 'date')
    const offered = await days
      .getByRole('link')
      .evaluateAll((els) => els.map((e) => new URL((e as HTMLAnchorElement).href).searchParams.get('day')!))
    const others = offered.filter((d) => d !== slot.date)
    expect(others.length).toBeGreaterThan(0)
    const newDate = others[seedOf(testInfo, 'day') % others.length]!

    // Marks this document: a day switched in place keeps it, a page load would not.
    await visitor.evaluate(() => {
      ;(window as unknown as { __sameDocument?: boolean }).__sameDocument = true
    })
    await days.getByRole('link', { name: formatDay(newDate).long }).click()
    await expect(visitor).toHaveURL(new RegExp(`\\?day=${newDate}$`))
    await expect(days.getByRole('link', { name: formatDay(newDate).long })).toHaveAttribute(
      'aria-current',
      'date',
    )
    await expect(
      visitor.getByRole('heading', { name: `2. Choose a time on ${formatDay(newDate).long}` }),
    ).toBeVisible()
    const sameDocument = await visitor.evaluate(
      () => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true,
    )
    expect(sameDocument).toBe(javaScriptEnabled)

    const select = visitor.getByRole('combobox', { name: 'New time (Central Time)' })
    const values = await select
      .locator('option:not([value=""])')
      .evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value))
    expect(values.length).toBeGreaterThan(0)
    // Only the chosen day's times.
    expect(values.filter((v) => !v.startsWith(`${newDate}|`))).toEqual([])
    const target = values[seedOf(testInfo, 'time') % values.length]!
    const newTime = target.split('|')[1]!
    await select.selectOption(target)
    await visitor.getByRole('button', { name: 'Move my consultation' }).click()
    await expect(visitor.getByRole('status')).toHaveText(
      'Your consultation has moved. An updated invitation is on its way.',
    )
    const when = `${formatCalendarDate(newDate)} at ${formatSlotTime(newTime)} Central Time`
    await expect(details(visitor)).toContainText(reference)
    await expect(details(visitor)).toContainText(when)
    await expect(details(visitor)).toContainText('Requested (awaiting confirmation)')
    await context.close()

    const moved = await mailTo(page.request, email, /new time/)
    expect(moved.text).toContain(`Time: ${when}`)
    expect(moved.text).toContain('Status: Requested (awaiting confirmation)')
    const calendar = new ICAL.Component(ICAL.parse(await icsOf(moved, baseURL)))
    ICAL.TimezoneService.register(calendar.getFirstSubcomponent('vtimezone')!)
    const vevent = calendar.getFirstSubcomponent('vevent')!
    expect(new ICAL.Event(vevent).startDate.toString()).toBe(`${newDate}T${newTime}:00`)
    expect(vevent.getFirstPropertyValue('status')).toBe('TENTATIVE')
    // The old time is free again; the new one is not offered to others.
    await expect.poll(() => offeredTimes(page, slot.date)).toContain(slot.time)
    expect(await offeredTimes(page, newDate)).not.toContain(newTime)
  })
}

test('a day off the list says so and offers the days again; nothing changes', async ({ page }, testInfo) => {
  const email = unique('badday')
  const { slot } = await bookThroughForm(page, seedOf(testInfo), `Bad Day ${testInfo.project.name}`, email)
  const link = manageLink(await mailTo(page.request, email, /request received/))
  const answer = await page.goto(`${link}?day=not-a-day`)
  expect(answer!.status()).toBe(400)
  await expect(page.getByText('That is not a day in the list; choose one of the days shown.')).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'New time (Central Time)' })).toHaveCount(0)
  await expect(page.getByRole('list', { name: '1. Choose a day' }).getByRole('link').first()).toBeVisible()
  await expect(details(page)).toContainText(`${formatSlotTime(slot.time)} Central Time`)
})

// The manage page is opened from a mail, often on a phone: the public pages' 120 KB
// budget (ADR 068, measured as e2e/public-budget.spec.ts does) holds for it too.
test('the manage page loads at most 120 KB of gzipped JavaScript', async ({ page, browser }, testInfo) => {
  const email = unique('budget')
  await bookThroughForm(page, seedOf(testInfo), `Budget Visitor ${testInfo.project.name}`, email)
  const link = manageLink(await mailTo(page.request, email, /request received/))
  const context = await browser.newContext()
  const fresh = await context.newPage()
  const scripts = new Map<string, number>()
  fresh.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return
    scripts.set(res.url(), gzipSync(await res.body(), { level: 9 }).length)
  })
  await fresh.goto(link)
  await expect(fresh.getByRole('combobox', { name: 'New time (Central Time)' })).toBeVisible()
  await fresh.waitForLoadState('networkidle')
  const total = [...scripts.values()].reduce((a, b) => a + b, 0)
  expect(scripts.size).toBeGreaterThan(0)
  expect(total, [...scripts].map(([u, n]) => `${new URL(u).pathname}: ${n}`).join('\n')).toBeLessThanOrEqual(
    120 * 1000,
  )
  await context.close()
})
