import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import ICAL from 'ical.js'
import { slotInstant } from '../schema/slot-time'
import { expect, type Page, test } from './fixtures'

// Issue 56 as the owner tries it: a calendar served by a test server on this
// machine has a busy event at 10:00 (Central) on a day the booking page
// offers; once the owner adds it, the booking page stops offering 10:00 that
// day (9:00 stays). The owner then makes the private feed of bookings and a
// calendar app (ical.js here) reads the confirmed bookings from it.

type Day = { date: string; slots: string[] }

function calendarServer(ics: () => string) {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/calendar; charset=utf-8' })
    res.end(ics())
  })
  return new Promise<Server>((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

const stamp = (iso: string) => `${iso.replace(/[-:]/g, '').slice(0, 15)}Z`
const busyAt = (date: string) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Test//Dentist//EN',
    'BEGIN:VEVENT',
    'UID:dentist@test',
    `DTSTAMP:${stamp(new Date().toISOString())}`,
    `DTSTART:${stamp(slotInstant(date, '10:00')!)}`,
    `DTEND:${stamp(new Date(Date.parse(slotInstant(date, '10:00')!) + 45 * 60_000).toISOString())}`,
    'SUMMARY:Dentist',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n')

const timesOn = async (page: Page, date: string) => {
  await page.goto('/schedule-consultation')
  await page.getByRole('combobox', { name: /Preferred Date/ }).selectOption(date)
  return page
    .getByRole('combobox', { name: /Preferred Time/ })
    .locator('option:not([value=""])')
    .evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value))
}

test("the owner's own calendar blocks its busy time; the bookings feed shows the bookings", async ({
  ownerPage: page,
}) => {
  test.setTimeout(180_000)
  const days = ((await (await page.request.get('/api/availability')).json()) as { days: Day[] }).days
  const day = days.find((d) => d.slots.includes('09:00') && d.slots.includes('10:00'))!.date
  expect(await timesOn(page, day)).toContain('10:00')
  const server = await calendarServer(() => busyAt(day))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/private-abc/basic.ics`
  try {
    await page.goto('/admin/availability')
    const calendars = page
      .getByRole('region', { name: 'Your calendars' })
      .or(page.locator('section', { has: page.getByRole('heading', { name: 'Your calendars' }) }))
    await expect(calendars.getByText('No calendar added yet.')).toBeVisible()
    await calendars.getByLabel('Name').fill('Personal')
    await calendars.getByLabel('Secret iCal address').fill(url)
    await calendars.getByRole('button', { name: 'Add calendar' }).click()
    await expect(page.getByText('Calendar added', { exact: true })).toBeVisible()
    await expect(calendars.getByText('1 busy time, read')).toBeVisible()
    await expect(calendars.getByText(url)).toHaveCount(0)

    const after = await timesOn(page, day)
    expect(after).not.toContain('10:00')
    expect(after).toContain('09:00')

    // The bookings feed: made once, read by a calendar app.
    await page.goto('/admin/availability')
    const feed = page.locator('section', { has: page.getByRole('heading', { name: 'Bookings feed' }) })
    await feed.getByRole('button', { name: /Make the feed address|Make a new address/ }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Make a new feed address?' })
    if (await confirm.isVisible()) await confirm.getByRole('button', { name: 'Make a new address' }).click()
    const address = await feed.getByLabel(/Your feed address/).inputValue()
    expect(address).toMatch(/\/cal\/[A-Za-z0-9_-]{43}\.ics$/)
    const res = await page.request.get(new URL(address).pathname)
    expect(res.status()).toBe(200)
    const calendar = new ICAL.Component(ICAL.parse(await res.text()))
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v))
    expect(events.length).toBeGreaterThan(0)
    // Busy only by default: no names.
    expect(events.every((e) => e.summary === 'Busy')).toBe(true)
  } finally {
    // Other specs on this server book slots: the calendar goes again.
    const list = (await (await page.request.get('/api/calendar-sources')).json()) as { id: number }[]
    for (const s of list) await page.request.delete(`/api/calendar-sources/${s.id}`)
    await new Promise((resolve) => server.close(resolve))
  }
  expect(await timesOn(page, day)).toContain('10:00')
})
