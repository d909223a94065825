// Issue 17: bookings that respect the calendar. The clock is fixed (only Date
// is faked) at the moment: Sunday 2026-11-22, 12:36 PM Central (CST).
// The visitor's signed link: view, reschedule, cancel.
import { env } from 'cloudflare:test'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { REQUEST_FORM_ERRORS } from '../../schema/request-form-copy'
import { slotInstant } from '../../schema/slot-time'
import { bookingToken } from '../../worker/booking/link'
import {
  at,
  availability,
  book,
  idOf,
  linkIn,
  outboxTo,
  owner,
  parseIcs,
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
