// The owner's calendars as busy times (issue 56, point 2): a calendar added by
// its secret address removes every overlapping slot from booking (the public
// availability, a booking posted anyway, the owner's reschedule list), shows a
// booking already on a now-busy slot as a conflict, and a calendar that fails
// keeps its last good copy and says why. The address is kept sealed. The
// outside calendar is stubbed only at the network edge (fetch).
import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { slotInstant } from '../../schema/slot-time'
import { vaultKeys } from '../../worker/auth/vault-key'
import { createDb } from '../../worker/db'
import worker from '../../worker/index'
import { bookingConflicts, freeSlotsOn } from '../../worker/services/availability'
import { MAX_FEED_BYTES, syncSource } from '../../worker/services/calendar-sources'
import { asOwner, countRows, json } from './billing-fixtures'
import { GOOGLE_ICS } from './calendar-fixtures'

afterEach(() => vi.restoreAllMocks())
const db = () => createDb(env.DB)
const SECRET_URL =
  'https://calendar.google.com/calendar/ical/alex%40example.com/private-5ecre7c0ffee/basic.ics'

/** A calendar with one busy event at `time` (Central) on `date`. */
const oneEvent = (date: string, time: string, minutes = 30) => {
  const start = new Date(slotInstant(date, time)!)
  const end = new Date(start.getTime() + minutes * 60_000)
  const stamp = (d: Date) => `${d.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`
  return `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:test\r\nBEGIN:VEVENT\r\nUID:dentist\r\nDTSTART:${stamp(start)}\r\nDTEND:${stamp(end)}\r\nSUMMARY:Dentist\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n`
}

/** The first day that offers 09:00 and 10:00, from the public availability. */
async function aDayWithTen() {
  const res = await asOwner('/api/availability')
  const { days } = await json<{ days: { date: string; slots: string[] }[] }>(res)
  const day = days.find((d) => d.slots.includes('09:00') && d.slots.includes('10:00'))
  expect(day).toBeDefined()
  return day!.date
}

const serve = (body: string | null, init: ResponseInit = {}) =>
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(body, init))

async function addCalendar(name = 'Personal') {
  const res = await asOwner('/api/calendar-sources', { method: 'POST', json: { name, url: SECRET_URL } })
  expect(res.status).toBe(201)
  return json<{ id: number; busyCount: number; lastError: string | null; host: string }>(res)
}

describe("the owner's calendars", () => {
  it('a busy time removes the slot it overlaps from the public availability and from booking; others stay', async () => {
    const date = await aDayWithTen()
    serve(oneEvent(date, '10:10', 20), { headers: { etag: '"v1"' } })
    const added = await addCalendar()
    expect(added).toMatchObject({ busyCount: 1, lastError: null, host: 'calendar.google.com' })
    const { days } = await json<{ days: { date: string; slots: string[] }[] }>(
      await asOwner('/api/availability'),
    )
    const slots = days.find((d) => d.date === date)?.slots ?? []
    expect(slots).toContain('09:00')
    expect(slots).not.toContain('10:00')
    // The owner's reschedule list and the booking check read the same free slots.
    expect(await freeSlotsOn(db(), date, new Date())).not.toContain('10:00')
  })

  it('the address is sealed: not in D1 in the clear, never answered back', async () => {
    serve(oneEvent('2026-12-01', '10:00'))
    await addCalendar()
    const dump = JSON.stringify((await env.DB.prepare('select * from calendar_sources').all()).results)
    expect(dump).not.toContain('5ecre7c0ffee')
    const listed = JSON.stringify(await json(await asOwner('/api/calendar-sources')))
    expect(listed).not.toContain('5ecre7c0ffee')
    expect(listed).toContain('calendar.google.com')
  })

  it('a booking already on a now-busy slot is shown as a conflict, not moved', async () => {
    const date = await aDayWithTen()
    const start = slotInstant(date, '10:00')!
    await env.DB.prepare(
      `insert into consultations (name, email, project_type, preferred_date, preferred_time, description, status, reference)
       values ('Grace Park', 'grace@clinic.example', 'it-support', ?, '10:00', 'Network', 'confirmed', 'C-424242')`,
    )
      .bind(start)
      .run()
    serve(oneEvent(date, '10:00', 60))
    await addCalendar()
    const conflicts = await bookingConflicts(db())
    expect(conflicts.map((c) => c.reference)).toEqual(['C-424242'])
    const row = await env.DB.prepare(
      "select preferred_date as d, status from consultations where reference = 'C-424242'",
    ).first()
    expect(row).toEqual({ d: start, status: 'confirmed' })
  })

  it('reads again with conditional headers; a 304 keeps the copy', async () => {
    serve(GOOGLE_ICS, { headers: { etag: '"abc"', 'last-modified': 'Fri, 20 Nov 2026 12:00:00 GMT' } })
    const added = await addCalendar()
    const now = new Date('2026-11-01T00:00:00Z')
    const first = await syncSource(db(), await vaultKeys(env), added.id, now)
    expect(first.busyCount).toBeGreaterThan(3)
    vi.restoreAllMocks()
    const seen: Headers[] = []
    const after = await syncSource(
      db(),
      await vaultKeys(env),
      added.id,
      new Date('2026-11-01T00:20:00Z'),
      async (req) => {
        seen.push(req.headers)
        return new Response(null, { status: 304 })
      },
    )
    expect(seen[0]!.get('if-none-match')).toBe('"abc"')
    expect(seen[0]!.get('if-modified-since')).toBe('Fri, 20 Nov 2026 12:00:00 GMT')
    expect(after).toMatchObject({ busyCount: first.busyCount, lastError: null })
    expect(after.lastSyncedAt?.toISOString()).toBe('2026-11-01T00:20:00.000Z')
  })

  it('a calendar that times out, is too large or is not iCalendar keeps its last good copy and says why', async () => {
    serve(GOOGLE_ICS)
    const added = await addCalendar()
    const now = new Date('2026-11-01T00:00:00Z')
    const good = await syncSource(db(), await vaultKeys(env), added.id, now)
    vi.restoreAllMocks()
    const timeout = await syncSource(db(), await vaultKeys(env), added.id, now, async (req) => {
      // The request's own deadline: reject as the runtime does when it passes.
      expect(req.signal).toBeDefined()
      throw new DOMException('The operation timed out.', 'TimeoutError')
    })
    expect(timeout.lastError).toBe('The calendar did not answer within 10 seconds')
    expect(timeout.busyCount).toBe(good.busyCount)
    expect(timeout.lastSyncedAt).toEqual(good.lastSyncedAt)
    const big = await syncSource(
      db(),
      await vaultKeys(env),
      added.id,
      now,
      async () =>
        new Response(
          new ReadableStream({
            pull(c) {
              c.enqueue(new Uint8Array(1024 * 1024))
            },
          }),
        ),
    )
    expect(big.lastError).toBe(`The calendar is larger than ${MAX_FEED_BYTES / 1024 / 1024} MB`)
    expect(big.busyCount).toBe(good.busyCount)
    const html = await syncSource(
      db(),
      await vaultKeys(env),
      added.id,
      now,
      async () => new Response('<html>Sign in</html>'),
    )
    expect(html.lastError).toMatch(/did not answer with an iCalendar file/)
    const gone = await syncSource(
      db(),
      await vaultKeys(env),
      added.id,
      now,
      async () => new Response('nope', { status: 404 }),
    )
    expect(gone.lastError).toBe('The calendar answered 404')
    expect(gone.busyCount).toBe(good.busyCount)
  })

  it('bad input is a 400 naming the field; nothing is stored; only the owner', async () => {
    const before = await countRows('select count(*) as n from calendar_sources')
    const bad = async (input: unknown, field: string) => {
      const res = await asOwner('/api/calendar-sources', { method: 'POST', json: input })
      expect(res.status).toBe(400)
      expect(Object.keys((await json<{ errors: object }>(res)).errors)).toContain(field)
    }
    await bad({ name: 'X', url: 'http://calendar.example/x.ics' }, 'url')
    await bad({ name: 'X', url: 'https://user:pw@calendar.example/x.ics' }, 'url')
    await bad({ name: 'X', url: 'not a url' }, 'url')
    await bad({ name: '', url: SECRET_URL }, 'name')
    // An unknown field is refused as a whole (the API's "_" key).
    await bad({ name: 'X', url: SECRET_URL, extra: 1 }, '_')
    expect(await countRows('select count(*) as n from calendar_sources')).toBe(before)
    const anonymous = await (await import('cloudflare:workers')).exports.default.fetch(
      new Request('http://localhost/api/calendar-sources'),
    )
    expect(anonymous.status).toBe(401)
    expect((await asOwner('/api/calendar-sources/999999/sync', { method: 'POST' })).status).toBe(404)
    expect((await asOwner('/api/calendar-sources/999999', { method: 'DELETE' })).status).toBe(404)
  })

  it('the cron reads each calendar every 15 minutes, not more often', async () => {
    const fetches = serve(GOOGLE_ICS)
    const added = await addCalendar('Work')
    const cron = async (at: string) => {
      const ctx = createExecutionContext()
      await worker.scheduled(createScheduledController({ scheduledTime: Date.parse(at) }), env, ctx)
      await waitOnExecutionContext(ctx)
    }
    await env.DB.prepare('update calendar_sources set last_attempt_at = ?')
      .bind(Date.parse('2026-11-01T00:00:00Z'))
      .run()
    const calls = () =>
      fetches.mock.calls.filter(([r]) => String((r as Request).url ?? r).includes('calendar.google.com'))
        .length
    const before = calls()
    await cron('2026-11-01T00:05:00Z')
    expect(calls()).toBe(before)
    await cron('2026-11-01T00:15:00Z')
    expect(calls()).toBeGreaterThan(before)
    const row = await env.DB.prepare('select last_attempt_at as t from calendar_sources where id = ?')
      .bind(added.id)
      .first<{ t: number }>()
    expect(row!.t).toBe(Date.parse('2026-11-01T00:15:00Z'))
  })
})
