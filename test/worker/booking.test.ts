// Issue 17: bookings that respect the calendar. The clock is fixed (only Date
// is faked) at the moment: Sunday 2026-11-22, 12:36 PM Central (CST).

import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from 'cloudflare:test'
import ICAL from 'ical.js'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { REQUEST_FORM_ERRORS } from '../../schema/request-form-copy'
import { slotInstant } from '../../schema/slot-time'
import { bookingToken } from '../../worker/booking/link'
import worker from '../../worker/index'
import { verifyReplyAddress } from '../../worker/mail/reply-address'
import { gql } from './admin-helpers'
import { consultation, freshEmail, send } from './requests-fixtures'
import { ownerCookie } from './session-helpers'

const SUNDAY_NOON = Date.parse('2026-11-22T18:36:00Z') // 12:36 PM CST
const at = (iso: string) => vi.setSystemTime(new Date(iso))

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(SUNDAY_NOON)
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

type Day = { date: string; slots: string[] }
const SLOTS = ['09:00', '10:00', '11:00', '13:00', '14:00', '15:00', '16:00']

async function availability(): Promise<{ days: Day[]; meetingMinutes: number; timeZone: string }> {
  return (await send('/api/availability', { method: 'GET' })).json()
}

const book = (date: string, time: string, extra: Record<string, unknown> = {}) =>
  send('/api/consultations', {
    json: consultation({ preferredDate: slotInstant(date, time), preferredTime: time, ...extra }),
  })

async function owner(method: string, path: string, json?: unknown) {
  return send(path, { method, json, headers: { Cookie: await ownerCookie() } })
}

const DEFAULTS = {
  weeklyHours: { 0: [], 1: SLOTS, 2: SLOTS, 3: SLOTS, 4: SLOTS, 5: SLOTS, 6: [] },
  blocked: [] as { from: string; to: string; note: string | null }[],
  minNoticeMinutes: 120,
  horizonDays: 60,
  meetingMinutes: 30,
  changeCutoffHours: 24,
}

async function settings(overrides: Partial<typeof DEFAULTS> = {}) {
  const res = await owner('PUT', '/api/availability/settings', { ...DEFAULTS, ...overrides })
  expect(res.status).toBe(200)
}

const outboxTo = (recipient: string) =>
  env.DB.prepare('select * from mail_outbox where recipient = ? order by id')
    .bind(recipient)
    .all<{ subject: string; text_body: string; ics: string | null; kind: string; reply_to: string | null }>()
    .then((r) => r.results)

const parseIcs = (ics: string) => {
  const calendar = new ICAL.Component(ICAL.parse(ics))
  // The invitation carries its own VTIMEZONE; the parser places TZID times with it.
  ICAL.TimezoneService.register(calendar.getFirstSubcomponent('vtimezone')!)
  const vevent = calendar.getFirstSubcomponent('vevent')!
  return { calendar, vevent, event: new ICAL.Event(vevent) }
}

/** The consultation a reference names (references are numbered across both kinds, issue 15). */
const idOf = async (reference: string) =>
  (await env.DB.prepare('select id from consultations where reference = ?')
    .bind(reference)
    .first<{ id: number }>())!.id

const linkIn = (text: string) => /\/booking\/([^\s]+)/.exec(text)?.[1]

describe('availability', () => {
  it('offers weekdays only, from the next bookable day to the horizon, and the owner can block days', async () => {
    await settings()
    const { days, timeZone, meetingMinutes } = await availability()
    expect(timeZone).toBe('America/Chicago')
    expect(meetingMinutes).toBe(30)
    // Sunday: nothing today; Monday first, with every slot.
    expect(days[0]).toEqual({ date: '2026-11-23', slots: SLOTS })
    for (const d of days) expect([0, 6]).not.toContain(new Date(`${d.date}T12:00:00Z`).getUTCDay())
    expect(days.at(-1)!.date <= '2027-01-21').toBe(true)
    // No personal data: only dates and times.
    expect(Object.keys(days[0]!).sort()).toEqual(['date', 'slots'])

    await settings({ blocked: [{ from: '2026-11-26', to: '2026-11-27', note: 'Thanksgiving' }] })
    const after = (await availability()).days.map((d) => d.date)
    expect(after).not.toContain('2026-11-26')
    expect(after).not.toContain('2026-11-27')
    expect(after).toContain('2026-11-25')
  })

  it('tells the schedule form the change cut-off, which says the rule before a booking is sent', async () => {
    await settings({ changeCutoffHours: 48 })
    expect((await availability()) as unknown).toMatchObject({ changeCutoffHours: 48 })
    const page = await send('/schedule-consultation', { method: 'GET' })
    expect(await page.text()).toContain(
      'Bookings can be changed or cancelled online up to 48 hours before the meeting',
    )
  })

  it('applies the minimum notice to later slots today', async () => {
    await settings()
    at('2026-11-23T16:30:00Z') // Monday 10:30 AM CST
    const monday = (await availability()).days.find((d) => d.date === '2026-11-23')!
    // 11:00 is within 2 hours; 13:00 on are still bookable.
    expect(monday.slots).toEqual(['13:00', '14:00', '15:00', '16:00'])
  })

  it('only the owner reads and changes the settings; bad settings are a 400 that changes nothing', async () => {
    expect((await send('/api/availability/settings', { method: 'GET' })).status).toBe(401)
    expect((await send('/api/availability/settings', { method: 'PUT', json: DEFAULTS })).status).toBe(401)
    const bad = await owner('PUT', '/api/availability/settings', { ...DEFAULTS, horizonDays: 0 })
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as { errors: Record<string, string> }).errors.horizonDays).toBeTruthy()
    const view = await (await owner('GET', '/api/availability/settings')).json()
    expect(view).toMatchObject({ horizonDays: 60, visitorMail: true, bookingLinks: true })
  })
})

describe('US federal holidays (issue 28)', () => {
  const post = (fields: Record<string, string>) =>
    send('/schedule-consultation', {
      body: new URLSearchParams(fields).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    })

  it('are blocked by default: not offered, and a booking for one gets the blocked-day error', async () => {
    await settings()
    const dates = (await availability()).days.map((d) => d.date)
    // Thanksgiving, Christmas, New Year's Day and MLK Day fall inside the 60-day horizon.
    for (const holiday of ['2026-11-26', '2026-12-25', '2027-01-01', '2027-01-18'])
      expect(dates).not.toContain(holiday)
    expect(dates).toContain('2026-11-27')
    expect(dates).toContain('2026-12-24')

    const res = await book('2026-12-25', '10:00')
    expect(res.status).toBe(400)
    expect(((await res.json()) as { errors: Record<string, string> }).errors.preferredDate).toBe(
      'That day is not available; choose another date',
    )
    // The no-JavaScript form gets the same field error on the page.
    const page = await post({
      name: 'Pat Doe',
      email: freshEmail('holiday'),
      projectType: 'web-application',
      description: 'A booking system.',
      preferredDate: '2026-12-25',
      preferredTime: '10:00',
      website: '',
    })
    expect(page.status).toBe(400)
    expect(await page.text()).toContain('That day is not available; choose another date')
    const stored = await env.DB.prepare('select count(*) as n from consultations where preferred_date = ?')
      .bind(slotInstant('2026-12-25', '10:00'))
      .first<{ n: number }>()
    expect(stored!.n).toBe(0)
  })

  it('the owner can unblock one holiday; the others stay blocked', async () => {
    await settings({ unblockedHolidays: ['2026-12-25'] } as Partial<typeof DEFAULTS>)
    const view = (await (await owner('GET', '/api/availability/settings')).json()) as {
      unblockedHolidays: string[]
    }
    expect(view.unblockedHolidays).toEqual(['2026-12-25'])
    const dates = (await availability()).days.map((d) => d.date)
    expect(dates).toContain('2026-12-25')
    expect(dates).not.toContain('2026-11-26')
    expect((await book('2026-12-25', '10:00')).status).toBe(201)
    expect((await book('2026-11-26', '10:00')).status).toBe(400)
  })

  it('only holidays can be unblocked: another date is a 400 that changes nothing', async () => {
    await settings({ unblockedHolidays: ['2026-12-25'] } as Partial<typeof DEFAULTS>)
    const bad = await owner('PUT', '/api/availability/settings', {
      ...DEFAULTS,
      unblockedHolidays: ['2026-12-23'],
    })
    expect(bad.status).toBe(400)
    const { errors } = (await bad.json()) as { errors: Record<string, string> }
    expect(Object.entries(errors).find(([k]) => k.startsWith('unblockedHolidays'))?.[1]).toBe(
      'That date is not a US federal holiday',
    )
    const view = (await (await owner('GET', '/api/availability/settings')).json()) as {
      unblockedHolidays: string[]
    }
    expect(view.unblockedHolidays).toEqual(['2026-12-25'])
  })
})

describe('creating a consultation enforces the same rules', () => {
  it.each([
    ['a weekend day', '2026-11-28', '10:00', 'preferredDate'],
    ['a past slot (today, Sunday 9:00)', '2026-11-22', '09:00', 'preferredDate'],
    ['a day past the horizon', '2027-02-01', '10:00', 'preferredDate'],
  ])('%s: 400 with a field error, nothing stored', async (_case, date, time, field) => {
    await settings()
    const res = await book(date, time)
    expect(res.status).toBe(400)
    expect(((await res.json()) as { errors: Record<string, string> }).errors[field]).toBeTruthy()
  })

  it('a blocked day and a slot inside the notice are refused', async () => {
    await settings({ blocked: [{ from: '2026-11-26', to: '2026-11-26', note: null }] })
    expect((await book('2026-11-26', '10:00')).status).toBe(400)
    at('2026-11-23T16:30:00Z')
    const soon = await book('2026-11-23', '11:00')
    expect(soon.status).toBe(400)
    expect(((await soon.json()) as { errors: Record<string, string> }).errors.preferredTime).toMatch(/notice/)
    expect((await book('2026-11-23', '13:00')).status).toBe(201)
  })

  it('a taken slot is a 409 with the free slots of that day; a cancelled booking frees it', async () => {
    await settings()
    const first = await book('2026-11-24', '10:00')
    expect(first.status).toBe(201)
    const { reference } = (await first.json()) as { reference: string }
    expect(reference).toMatch(/^C-\d+$/)
    expect((await availability()).days.find((d) => d.date === '2026-11-24')!.slots).not.toContain('10:00')

    const second = await book('2026-11-24', '10:00', { name: 'Someone Else' })
    expect(second.status).toBe(409)
    const body = (await second.json()) as {
      date: string
      freeSlots: string[]
      errors: Record<string, string>
    }
    expect(body.date).toBe('2026-11-24')
    expect(body.freeSlots).toEqual(SLOTS.filter((s) => s !== '10:00'))
    expect(body.errors.preferredTime).toBeTruthy()

    const id = await idOf(reference)
    expect((await owner('PATCH', `/api/consultations/${id}`, { status: 'cancelled' })).status).toBe(200)
    expect((await availability()).days.find((d) => d.date === '2026-11-24')!.slots).toContain('10:00')
    expect((await book('2026-11-24', '10:00', { name: 'Third Visitor' })).status).toBe(201)
  })

  it('two simultaneous requests for one slot: one 201, one 409', async () => {
    await settings()
    const [a, b] = await Promise.all([
      book('2026-11-25', '14:00', { name: 'Racer One' }),
      book('2026-11-25', '14:00', { name: 'Racer Two' }),
    ])
    expect([a.status, b.status].sort()).toEqual([201, 409])
    const held = await env.DB.prepare(
      "select count(*) as n from consultations where preferred_date = ? and status in ('pending','confirmed')",
    )
      .bind(slotInstant('2026-11-25', '14:00'))
      .first<{ n: number }>()
    expect(held!.n).toBe(1)
  })

  it('the database itself refuses a second active booking of a slot', async () => {
    const insert = (email: string) =>
      env.DB.prepare(
        `insert into consultations (name, email, project_type, preferred_date, preferred_time, description, status)
         values ('X', ?, 'other', '2026-12-01T16:00:00.000Z', '10:00', 'd', 'pending')`,
      )
        .bind(email)
        .run()
    await insert('one@example.com')
    await expect(insert('two@example.com')).rejects.toThrow(/UNIQUE/)
  })
})

describe("the visitor's e-mails and invitation", () => {
  it('received, then confirmed with an .ics REQUEST at the right Central time, neutral title, stable UID', async () => {
    await settings()
    const email = freshEmail('guest')
    const res = await book('2026-11-30', '15:00', { email, description: 'Private: our clinic billing mess' })
    expect(res.status).toBe(201)
    const { reference } = (await res.json()) as { reference: string }
    const [received] = await outboxTo(email)
    expect(received!.subject).toBe('Consultation with Alex Morgan: request received')
    expect(received!.text_body).toContain(reference)
    expect(received!.text_body).not.toContain('clinic billing')
    expect(linkIn(received!.text_body)).toBeTruthy()

    const id = await idOf(reference)
    expect((await owner('PATCH', `/api/consultations/${id}`, { status: 'confirmed' })).status).toBe(200)
    const confirmed = (await outboxTo(email)).at(-1)!
    expect(confirmed.subject).toBe('Consultation with Alex Morgan confirmed')
    // The visitor's answer goes to the request's tokened address, into its thread.
    expect(await verifyReplyAddress(env, confirmed.reply_to!)).toEqual({ kind: 'consultation', id })
    expect(await verifyReplyAddress(env, received!.reply_to!)).toEqual({ kind: 'consultation', id })
    const { calendar, vevent, event } = parseIcs(confirmed.ics!)
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST')
    expect(event.summary).toBe('Consultation with Alex Morgan')
    expect(event.description).not.toContain('clinic')
    expect(event.startDate.toString()).toBe('2026-11-30T15:00:00')
    expect(vevent.getFirstProperty('dtstart')!.getParameter('tzid')).toBe('America/Chicago')
    // 15:00 CST is 21:00 UTC.
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-11-30T21:00:00.000Z')
    expect(event.endDate.toString()).toBe('2026-11-30T15:30:00')
    expect(String(vevent.getFirstPropertyValue('attendee'))).toBe(`mailto:${email}`)
    expect(String(vevent.getFirstPropertyValue('organizer'))).toBe(`mailto:${env.NOTIFY_EMAIL}`)
    expect(event.sequence).toBe(1)
    const uid = event.uid

    // The owner's original notification announced the same event.
    const notification = await env.DB.prepare('select ics from mail_outbox where reply_to = ? and kind = ?')
      .bind(email, 'notification')
      .first<{ ics: string }>()
    expect(parseIcs(notification!.ics).event.uid).toBe(uid)

    // The owner cancels: METHOD:CANCEL with the same UID and a higher SEQUENCE, to the visitor and the owner.
    expect((await owner('PATCH', `/api/consultations/${id}`, { status: 'cancelled' })).status).toBe(200)
    const cancel = (await outboxTo(email)).at(-1)!
    const parsed = parseIcs(cancel.ics!)
    expect(parsed.calendar.getFirstPropertyValue('method')).toBe('CANCEL')
    expect(parsed.event.uid).toBe(uid)
    expect(parsed.event.sequence).toBe(2)
    const ownerCopy = (await outboxTo(env.NOTIFY_EMAIL)).at(-1)!
    expect(parseIcs(ownerCopy.ics!).calendar.getFirstPropertyValue('method')).toBe('CANCEL')
  })

  it('carries the join details from the availability settings in the mail and the invitation (LOCATION, DESCRIPTION)', async () => {
    await settings({
      meetingLocationKind: 'video',
      meetingLocation: 'https://meet.example.com/alex-consult',
    } as never)
    const email = freshEmail('join')
    expect((await book('2026-12-14', '11:00', { email })).status).toBe(201)
    const [received] = await outboxTo(email)
    expect(received!.text_body).toContain(
      'How to meet: Video call: join at https://meet.example.com/alex-consult',
    )
    const { vevent, event } = parseIcs(received!.ics!)
    expect(vevent.getFirstPropertyValue('location')).toBe('https://meet.example.com/alex-consult')
    expect(event.description).toContain('Video call: join at https://meet.example.com/alex-consult')

    await settings({ meetingLocationKind: 'phone', meetingLocation: '+1 (618) 555-0199' } as never)
    const caller = freshEmail('join-phone')
    expect((await book('2026-12-14', '13:00', { email: caller })).status).toBe(201)
    const [byPhone] = await outboxTo(caller)
    expect(byPhone!.text_body).toContain(
      'How to meet: Phone call: please call +1 (618) 555-0199 at the meeting time.',
    )
    expect(parseIcs(byPhone!.ics!).vevent.getFirstPropertyValue('location')).toBe(
      'Phone call: +1 (618) 555-0199',
    )

    // Details that do not fit their kind are refused with the field named, and nothing changes.
    for (const [kind, value, message] of [
      ['phone', 'abc', 'Enter the phone number to call, e.g. +1 618 555 0199'],
      ['phone', null, 'Enter the phone number to call, e.g. +1 618 555 0199'],
      ['video', 'http://meet.example.com/x', 'Enter the video link, starting with https://'],
      ['video', 'javascript:alert(1)', 'Enter the video link, starting with https://'],
    ] as const) {
      const res = await owner('PUT', '/api/availability/settings', {
        ...DEFAULTS,
        meetingLocationKind: kind,
        meetingLocation: value,
      })
      expect(res.status).toBe(400)
      expect(((await res.json()) as { errors: Record<string, string> }).errors).toEqual({
        meetingLocation: message,
      })
    }
    const kept = (await (await owner('GET', '/api/availability/settings')).json()) as Record<string, unknown>
    expect(kept).toMatchObject({ meetingLocationKind: 'phone', meetingLocation: '+1 (618) 555-0199' })

    // None set: no line and no LOCATION; a PUT without the fields (an older client) clears them.
    await settings()
    const plain = freshEmail('join-none')
    expect((await book('2026-12-14', '14:00', { email: plain })).status).toBe(201)
    const [none] = await outboxTo(plain)
    expect(none!.text_body).not.toContain('How to meet')
    expect(parseIcs(none!.ics!).vevent.getFirstPropertyValue('location')).toBeNull()
  })

  it("the admin's GraphQL confirm queues the same invitation", async () => {
    await settings()
    const email = freshEmail('gql')
    const res = await book('2026-12-01', '14:00', { email })
    const id = await idOf(((await res.json()) as { reference: string }).reference)
    const { body } = await gql<{ updateConsultation: { status: string } }>(
      'mutation ($id: ID!) { updateConsultation(id: $id, status: CONFIRMED) { status } }',
      { id: String(id) },
    )
    expect(body.errors).toBeUndefined()
    const confirmed = (await outboxTo(email)).at(-1)!
    expect(confirmed.subject).toBe('Consultation with Alex Morgan confirmed')
    expect(parseIcs(confirmed.ics!).calendar.getFirstPropertyValue('method')).toBe('REQUEST')
  })

  it('without visitor mail configured, nothing goes to the visitor and the booking still works', async () => {
    await settings()
    const email = freshEmail('nomail')
    const res = await send(
      '/api/consultations',
      {
        json: consultation({
          email,
          preferredDate: slotInstant('2026-12-01', '09:00'),
          preferredTime: '09:00',
        }),
      },
      { VISITOR_MAIL: 'off' } as Partial<Env>,
    )
    expect(res.status).toBe(201)
    expect(await outboxTo(email)).toEqual([])
  })
})

// Rendering pages inside workerd is slow on a loaded machine.
describe("the visitor's signed link", { timeout: 30_000 }, () => {
  async function bookedWithLink(date: string, time: string) {
    const email = freshEmail('linked')
    const res = await book(date, time, { email })
    expect(res.status).toBe(201)
    const [received] = await outboxTo(email)
    return {
      email,
      token: linkIn(received!.text_body)!,
      reference: ((await res.json()) as { reference: string }).reference,
    }
  }

  const page = (token: string) => send(`/booking/${token}`, { method: 'GET' })
  const act = (token: string, fields: Record<string, string>) =>
    send(`/booking/${token}`, {
      body: new URLSearchParams(fields).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    })

  it('a post that is not a form: the page again, saying so above the forms, and nothing changed', async () => {
    await settings()
    const mine = await bookedWithLink('2026-12-03', '09:00')
    const res = await send(`/booking/${mine.token}`, {
      body: 'intent=cancel',
      headers: { 'Content-Type': 'text/plain' },
    })
    expect(res.status).toBe(415)
    const html = await res.text()
    expect(html).toContain(mine.reference)
    expect(html).toMatch(new RegExp(`role="alert"[^>]*>${REQUEST_FORM_ERRORS.formUnreadable}<`))
    const after = await (await page(mine.token)).text()
    expect(after).not.toContain(REQUEST_FORM_ERRORS.formUnreadable)
    expect(after).toContain('Cancel this consultation')
  })

  it('shows only that request; a forged or altered link shows nothing', async () => {
    await settings()
    const mine = await bookedWithLink('2026-12-02', '09:00')
    const other = await bookedWithLink('2026-12-02', '10:00')
    // No dot in a link: a path ending in ".xyz" would be served as a static file.
    expect(mine.token).not.toContain('.')
    const shown = await page(mine.token)
    const html = await shown.text()
    expect(shown.status).toBe(200)
    expect(html).toContain(mine.reference)
    expect(html).not.toContain(other.reference)
    expect(html).not.toContain(mine.email)

    const altered = `${mine.token.slice(0, -2)}xx`
    const bad = await page(altered)
    expect(bad.status).toBe(404)
    expect(await bad.text()).toContain('This link is not valid or has expired.')
    // A link for a booking made with another key is refused too.
    const uid = mine.token.split('~')[0]!
    const foreign = await bookingToken(
      { ...env, BOOKING_LINK_KEY: 'another-key-another-key-another-key' } as Env,
      uid,
      Date.now() + 86_400_000,
    )
    expect((await page(foreign!)).status).toBe(404)
  })

  it('cancels before the cut-off (slot offered again), refuses after it', async () => {
    await settings()
    const early = await bookedWithLink('2026-12-03', '13:00')
    const cancelled = await act(early.token, { intent: 'cancel' })
    expect(cancelled.status).toBe(200)
    expect(await cancelled.text()).toContain('Your consultation is cancelled')
    expect((await availability()).days.find((d) => d.date === '2026-12-03')!.slots).toContain('13:00')
    const visitorCancel = (await outboxTo(early.email)).at(-1)!
    expect(parseIcs(visitorCancel.ics!).calendar.getFirstPropertyValue('method')).toBe('CANCEL')

    const late = await bookedWithLink('2026-12-04', '09:00')
    // Thursday 10:00 AM CST: 23 hours before Friday 9:00, past the 24-hour cut-off.
    at('2026-12-03T16:00:00Z')
    const refused = await act(late.token, { intent: 'cancel' })
    expect(refused.status).toBe(400)
    expect(await refused.text()).toContain('24 hours before')
    const row = await env.DB.prepare('select status from consultations where email = ?')
      .bind(late.email)
      .first<{ status: string }>()
    expect(row!.status).toBe('pending')
  })

  it('asks before cancelling (nothing changes), then cancels with a reason that reaches the owner', async () => {
    await settings()
    const mine = await bookedWithLink('2026-12-03', '14:00')
    const statusOf = async () =>
      (await env.DB.prepare('select status from consultations where email = ?')
        .bind(mine.email)
        .first<{ status: string }>())!.status
    const asked = await act(mine.token, { intent: 'cancel-ask' })
    expect(asked.status).toBe(200)
    const askHtml = await asked.text()
    expect(askHtml).toContain('Confirm cancellation')
    expect(askHtml).toContain('name="reason"')
    expect(await statusOf()).toBe('pending')
    expect((await availability()).days.find((d) => d.date === '2026-12-03')!.slots).not.toContain('14:00')

    // A reason past the limit is refused with the field named, and nothing is cancelled.
    const tooLong = await act(mine.token, { intent: 'cancel', reason: 'x'.repeat(1001) })
    expect(tooLong.status).toBe(400)
    expect(await tooLong.text()).toContain('Keep the reason under 1000 characters')
    expect(await statusOf()).toBe('pending')

    const done = await act(mine.token, {
      intent: 'cancel',
      reason: '  Found someone local, thanks <b>!</b>  ',
    })
    expect(done.status).toBe(200)
    expect(await statusOf()).toBe('cancelled')
    const ownerCopy = (await outboxTo(env.NOTIFY_EMAIL))
      .filter((m) => m.text_body.includes(mine.reference))
      .at(-1)!
    expect(ownerCopy.subject).toContain('cancelled')
    expect(ownerCopy.text_body).toContain('Reason: Found someone local, thanks <b>!</b>')
    // The visitor's own mail does not echo it back.
    expect((await outboxTo(mine.email)).at(-1)!.text_body).not.toContain('Found someone local')
    const thread = await env.DB.prepare(
      'select m.direction, m.body from request_messages m join consultations c on c.id = m.consultation_id where c.email = ?',
    )
      .bind(mine.email)
      .all<{ direction: string; body: string }>()
    expect(thread.results).toEqual([
      { direction: 'in', body: 'Cancelled by the visitor. Reason: Found someone local, thanks <b>!</b>' },
    ])
  })

  it('the confirmation step refuses at once after the cut-off; a cancel without a reason adds no message', async () => {
    await settings()
    const late = await bookedWithLink('2026-12-04', '10:00')
    const quiet = await bookedWithLink('2026-12-08', '10:00')
    at('2026-12-03T16:30:00Z')
    const refused = await act(late.token, { intent: 'cancel-ask' })
    expect(refused.status).toBe(400)
    const html = await refused.text()
    expect(html).toContain('24 hours before')
    expect(html).not.toContain('Confirm cancellation')
    expect((await act(quiet.token, { intent: 'cancel', reason: '   ' })).status).toBe(200)
    const messages = await env.DB.prepare(
      'select count(*) as n from request_messages m join consultations c on c.id = m.consultation_id where c.email = ?',
    )
      .bind(quiet.email)
      .first<{ n: number }>()
    expect(messages!.n).toBe(0)
  })

  it('moves to another free slot with an updated invitation, and refuses a taken one with 409 details', async () => {
    await settings()
    const mine = await bookedWithLink('2026-12-07', '09:00')
    await bookedWithLink('2026-12-07', '11:00')
    const taken = await act(mine.token, { intent: 'move', slot: '2026-12-07|11:00' })
    expect(taken.status).toBe(400)
    expect(await taken.text()).toContain('just booked by someone else')

    const moved = await act(mine.token, { intent: 'move', slot: '2026-12-08|14:00' })
    expect(moved.status).toBe(200)
    const update = (await outboxTo(mine.email)).at(-1)!
    expect(update.subject).toBe('Consultation with Alex Morgan: new time')
    const { calendar, event } = parseIcs(update.ics!)
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST')
    expect(event.startDate.toString()).toBe('2026-12-08T14:00:00')
    expect(event.sequence).toBe(1)
    const days = (await availability()).days
    expect(days.find((d) => d.date === '2026-12-07')!.slots).toContain('09:00')
    expect(days.find((d) => d.date === '2026-12-08')!.slots).not.toContain('14:00')
  })

  it('invites at once as TENTATIVE, keeps it TENTATIVE across a move, CONFIRMED once confirmed: mail, page and .ics agree', async () => {
    await settings()
    const mine = await bookedWithLink('2026-12-09', '10:00')
    const status = (ics: string) => String(parseIcs(ics).vevent.getFirstPropertyValue('status'))
    const [received] = await outboxTo(mine.email)
    expect(parseIcs(received!.ics!).calendar.getFirstPropertyValue('method')).toBe('REQUEST')
    expect(status(received!.ics!)).toBe('TENTATIVE')
    expect(received!.text_body).toContain('Status: Requested (awaiting confirmation)')
    expect(received!.text_body).toContain('reply to this e-mail')

    expect((await act(mine.token, { intent: 'move', slot: '2026-12-10|14:00' })).status).toBe(200)
    const moved = (await outboxTo(mine.email)).at(-1)!
    expect(status(moved.ics!)).toBe('TENTATIVE')
    expect(moved.text_body).toContain('still awaiting confirmation')
    expect(moved.text_body).toContain('Status: Requested (awaiting confirmation)')
    expect(moved.text_body).toContain('reply to this e-mail')
    expect(await (await page(mine.token)).text()).toContain('Requested (awaiting confirmation)')

    const id = await idOf(mine.reference)
    expect((await owner('PATCH', `/api/consultations/${id}`, { status: 'confirmed' })).status).toBe(200)
    const confirmed = (await outboxTo(mine.email)).at(-1)!
    expect(status(confirmed.ics!)).toBe('CONFIRMED')
    expect(confirmed.text_body).toContain('Status: Confirmed')
    expect(await (await page(mine.token)).text()).toContain('Confirmed')
  })

  it("does not offer the booking's own time to move to, and refuses a move to it (no update mailed)", async () => {
    await settings()
    const mine = await bookedWithLink('2026-12-10', '10:00')
    const html = await (await page(mine.token)).text()
    expect(html).not.toContain('value="2026-12-10|10:00"')
    expect(html).toContain('value="2026-12-10|11:00"')

    const before = (await outboxTo(mine.email)).length
    const same = await act(mine.token, { intent: 'move', slot: '2026-12-10|10:00' })
    expect(same.status).toBe(400)
    expect(await same.text()).toContain('That is already the time of your consultation')
    expect(await outboxTo(mine.email)).toHaveLength(before)
    const row = await env.DB.prepare('select sequence, preferred_time from consultations where email = ?')
      .bind(mine.email)
      .first<{ sequence: number; preferred_time: string }>()
    expect(row).toEqual({ sequence: 0, preferred_time: '10:00' })
  })

  it('reschedules by day: only bookable days, with weekday names; ?day= shows that day; any other day is said so or a 400', async () => {
    await settings({ blocked: [{ from: '2026-12-15', to: '2026-12-15', note: 'Away' }] })
    const mine = await bookedWithLink('2026-12-14', '09:00')
    const dayPage = (day: string) =>
      send(`/booking/${mine.token}?day=${encodeURIComponent(day)}`, { method: 'GET' })
    const offered = (html: string) =>
      [...html.matchAll(/value="(\d{4}-\d{2}-\d{2})\|(\d{2}:\d{2})"/g)].map((m) => m[1])

    const first = await page(mine.token)
    expect(first.status).toBe(200)
    const html = await first.text()
    // The days as links, seen short and heard in full; only bookable ones (no weekend, no blocked day).
    expect(html).toContain('aria-label="Monday, November 23"')
    expect(html).toContain('>Mon, Nov 23</a>')
    expect(html).toContain(`/booking/${mine.token}?day=2026-11-23`)
    expect(html).toContain(`/booking/${mine.token}?day=2026-12-16`)
    for (const closed of ['2026-11-22', '2026-11-28', '2026-11-29', '2026-12-15'])
      expect(html).not.toContain(`?day=${closed}`)
    // Without a choice, the booking's own day's other times, and only that day's.
    expect(new Set(offered(html))).toEqual(new Set(['2026-12-14']))
    expect(html).toContain('2. Choose a time on Monday, December 14')
    expect(html).toMatch(
      /aria-current="date"[^>]*>Mon, Dec 14<|aria-label="Monday, December 14"[^>]*aria-current="date"/,
    )

    const wednesday = await dayPage('2026-12-16')
    expect(wednesday.status).toBe(200)
    const wedHtml = await wednesday.text()
    expect(new Set(offered(wedHtml))).toEqual(new Set(['2026-12-16']))
    expect(wedHtml).toContain('value="2026-12-16|09:00"')
    expect(wedHtml).toContain('2. Choose a time on Wednesday, December 16')

    // A real day with no free time (blocked, weekend, past, past the horizon): said so, no times, the day list still there.
    for (const [day, label] of [
      ['2026-12-15', 'Tuesday, December 15'],
      ['2026-11-28', 'Saturday, November 28'],
      ['2026-11-20', 'Friday, November 20'],
      ['2027-06-01', 'Tuesday, June 1'],
    ] as const) {
      const res = await dayPage(day)
      expect(res.status, day).toBe(200)
      const text = await res.text()
      expect(text).toContain(`No free times on ${label}; choose one of the days shown.`)
      expect(offered(text), day).toEqual([])
      expect(text).toContain('aria-label="Monday, November 23"')
    }
    // Anything that is not a date at all: a 400 page that says so, never a 5xx.
    for (const junk of ['tomorrow', '2026-02-30', '<script>x</script>']) {
      const res = await dayPage(junk)
      expect(res.status, junk).toBe(400)
      const text = await res.text()
      expect(text).toContain('That is not a day in the list; choose one of the days shown.')
      expect(text).toContain(mine.reference)
      expect(text).not.toContain('<script>x</script>')
      expect(offered(text), junk).toEqual([])
    }

    // The move posted from a day's page goes through the same rules as before.
    const moveFrom = (fields: Record<string, string>) =>
      send(`/booking/${mine.token}?day=2026-12-16`, {
        body: new URLSearchParams(fields).toString(),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      })
    const blocked = await moveFrom({ intent: 'move', slot: '2026-12-15|10:00' })
    expect(blocked.status).toBe(400)
    expect(await blocked.text()).toContain('That day is not available')
    const moved = await moveFrom({ intent: 'move', slot: '2026-12-16|10:00' })
    expect(moved.status).toBe(200)
    // (React separates the text pieces of one element with empty comments.)
    const after = (await moved.text()).replaceAll('<!-- -->', '')
    expect(after).toContain('Wednesday, December 16, 2026 at 10:00 AM Central Time')
    expect(after).not.toContain('value="2026-12-16|10:00"')
    const row = await env.DB.prepare(
      'select preferred_date, preferred_time from consultations where email = ?',
    )
      .bind(mine.email)
      .first<{ preferred_date: string; preferred_time: string }>()
    expect(row).toEqual({ preferred_date: slotInstant('2026-12-16', '10:00'), preferred_time: '10:00' })
  })

  it('shows how to meet, in the words of the mails, and not once cancelled', async () => {
    await settings({
      meetingLocationKind: 'video',
      meetingLocation: 'https://meet.example.com/alex',
    } as never)
    const mine = await bookedWithLink('2026-12-17', '09:00')
    const html = await (await page(mine.token)).text()
    expect(html).toContain('How to meet')
    expect(html).toContain('Video call: join at https://meet.example.com/alex')
    expect((await outboxTo(mine.email))[0]!.text_body).toContain(
      'How to meet: Video call: join at https://meet.example.com/alex',
    )
    expect((await act(mine.token, { intent: 'cancel' })).status).toBe(200)
    expect(await (await page(mine.token)).text()).not.toContain('meet.example.com/alex')
  })

  it('without a booking-link key no link is made and none is accepted (fail closed)', async () => {
    expect(
      await bookingToken({ ...env, BOOKING_LINK_KEY: '' } as Env, 'abcdef0123456789', Date.now()),
    ).toBeNull()
    expect(
      await bookingToken({ ...env, BOOKING_LINK_KEY: 'short' } as Env, 'abcdef0123456789', Date.now()),
    ).toBeNull()
  })
})

describe('the day-before reminder', () => {
  async function runCron(atMs: number) {
    const ctx = createExecutionContext()
    await worker.scheduled(createScheduledController({ scheduledTime: atMs }), env, ctx)
    await waitOnExecutionContext(ctx)
  }

  it('goes to the visitor and the owner once, for confirmed consultations only', async () => {
    await settings()
    const email = freshEmail('remind')
    const res = await book('2026-12-09', '10:00', { email })
    const id = await idOf(((await res.json()) as { reference: string }).reference)
    const pendingEmail = freshEmail('pending')
    await book('2026-12-09', '13:00', { email: pendingEmail })
    expect((await owner('PATCH', `/api/consultations/${id}`, { status: 'confirmed' })).status).toBe(200)

    const reminders = async () =>
      (
        await env.DB.prepare(
          "select recipient, subject from mail_outbox where subject like 'Reminder:%'",
        ).all<{
          recipient: string
          subject: string
        }>()
      ).results
    // Two days before: nothing yet.
    await runCron(Date.parse('2026-12-07T15:00:00Z'))
    expect(await reminders()).toEqual([])
    // The day before (Tuesday 9:00 AM CST), twice.
    await runCron(Date.parse('2026-12-08T15:00:00Z'))
    await runCron(Date.parse('2026-12-08T15:05:00Z'))
    const sent = await reminders()
    expect(sent.map((r) => r.recipient).sort()).toEqual([email, env.NOTIFY_EMAIL].sort())
    expect(sent.every((r) => r.subject === 'Reminder: Consultation with Alex Morgan tomorrow')).toBe(true)
  })
})
