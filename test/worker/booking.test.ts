// Issue 17: bookings that respect the calendar. The clock is fixed (only Date
// is faked) at the moment: Sunday 2026-11-22, 12:36 PM Central (CST).
import { env } from 'cloudflare:test'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { slotInstant } from '../../schema/slot-time'
import {
  at,
  availability,
  book,
  DEFAULTS,
  idOf,
  owner,
  SLOTS,
  SUNDAY_NOON,
  settings,
} from './booking-fixtures'
import { freshEmail, send } from './requests-fixtures'

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(SUNDAY_NOON)
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

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
