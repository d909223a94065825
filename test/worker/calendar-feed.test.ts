// The private feed of bookings (issue 56, point 3): a confirmed consultation
// in any calendar app, read back with a real iCalendar parser (ical.js);
// "busy only" leaves out names and details; a new address makes the old one a
// 404; only the owner makes one.
import { env } from 'cloudflare:test'
import { exports } from 'cloudflare:workers'
import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import { addDays, businessToday, slotInstant } from '../../schema/slot-time'
import { asOwner, json } from './billing-fixtures'

const tomorrow = addDays(businessToday(), 1)

async function booking(name: string, status = 'confirmed', time = '10:00') {
  await env.DB.prepare(
    `insert into consultations (name, email, company, project_type, preferred_date, preferred_time, description, status, uid, reference)
     values (?, 'grace@clinic.example', 'Riverside Clinic', 'it-support', ?, ?, 'Network review', ?, ?, ?)`,
  )
    .bind(
      name,
      slotInstant(tomorrow, time),
      time,
      status,
      crypto.randomUUID(),
      `C-${Math.floor(Math.random() * 1e7)}`,
    )
    .run()
}

const get = (url: string) => exports.default.fetch(new Request(url))

async function feed(busyOnly: boolean, includeMaintenance = false) {
  const res = await asOwner('/api/calendar-feed', { method: 'POST', json: { busyOnly, includeMaintenance } })
  expect(res.status).toBe(200)
  const { url } = await json<{ url: string }>(res)
  return url.replace(/^https?:\/\/[^/]+/, 'http://localhost')
}

function parse(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics))
  ICAL.TimezoneService.register(calendar.getFirstSubcomponent('vtimezone')!)
  return calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v))
}

describe('the private feed of bookings', () => {
  it('carries confirmed consultations at their Central time, with names unless busy only', async () => {
    await booking('Grace Park')
    await booking('Pending Person', 'pending', '11:00')
    const url = await feed(false)
    const res = await get(url)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    const events = parse(await res.text())
    expect(events).toHaveLength(1)
    const [event] = events
    expect(event!.summary).toBe('Consultation: Grace Park (Riverside Clinic)')
    expect(event!.startDate.toString()).toBe(`${tomorrow}T10:00:00`)
    expect(event!.startDate.zone.tzid).toBe('America/Chicago')
    // 10:00 Central is 15:00 or 16:00 UTC, by the season.
    expect([15, 16]).toContain(event!.startDate.toJSDate().getUTCHours())
    expect(event!.endDate.toJSDate().getTime() - event!.startDate.toJSDate().getTime()).toBe(30 * 60_000)

    const busy = parse(await (await get(await feed(true))).text())
    expect(busy.map((e) => e.summary)).toEqual(['Busy'])
    expect(busy[0]!.description).toBeNull()
    expect(JSON.stringify(busy[0]!.component.toJSON())).not.toContain('Grace')
  })

  it('a new address makes the old one a 404; a made-up one is a 404; stopping it too', async () => {
    const first = await feed(true)
    const second = await feed(true)
    expect((await get(first)).status).toBe(404)
    expect((await get(second)).status).toBe(200)
    expect((await get('http://localhost/cal/not-a-token.ics')).status).toBe(404)
    expect((await get(`http://localhost/cal/${'a'.repeat(43)}.ics`)).status).toBe(404)
    const state = await json<{ active: boolean; busyOnly: boolean }>(await asOwner('/api/calendar-feed'))
    expect(state).toMatchObject({ active: true, busyOnly: true })
    expect((await asOwner('/api/calendar-feed', { method: 'DELETE' })).status).toBe(200)
    expect((await get(second)).status).toBe(404)
  })

  it('lists maintenance tasks as all-day entries by a setting', async () => {
    const client = await env.DB.prepare(
      "insert into clients (name) values ('Lakeside Dental') returning id",
    ).first<{ id: number }>()
    await env.DB.prepare(
      "insert into maintenance_tasks (client_id, title, due_date, status) values (?, 'Patch the servers', ?, 'open')",
    )
      .bind(client!.id, tomorrow)
      .run()
    const events = parse(await (await get(await feed(false, true))).text())
    const task = events.find((e) => e.summary.startsWith('Maintenance due'))
    expect(task?.summary).toBe('Maintenance due: Patch the servers (Lakeside Dental)')
    expect(task?.startDate.isDate).toBe(true)
    const without = parse(await (await get(await feed(false, false))).text())
    expect(without.some((e) => e.summary.startsWith('Maintenance'))).toBe(false)
  })

  it('only the owner makes one; bad input is a 400 naming the field and changes nothing', async () => {
    const anonymous = await exports.default.fetch(
      new Request('http://localhost/api/calendar-feed', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://localhost' },
        body: '{}',
      }),
    )
    expect(anonymous.status).toBe(401)
    const before = await json(await asOwner('/api/calendar-feed'))
    const bad = await asOwner('/api/calendar-feed', { method: 'POST', json: { busyOnly: 'yes' } })
    expect(bad.status).toBe(400)
    expect(Object.keys((await json<{ errors: object }>(bad)).errors)).toEqual(['busyOnly'])
    const unknown = await asOwner('/api/calendar-feed', { method: 'POST', json: { url: 'x' } })
    expect(unknown.status).toBe(400)
    expect(await json(await asOwner('/api/calendar-feed'))).toEqual(before)
  })
})
