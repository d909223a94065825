// Issue 17: bookings that respect the calendar. The clock is fixed (only Date
// is faked) at the moment: Sunday 2026-11-22, 12:36 PM Central (CST).
// The visitor's e-mails and invitation, and the day-before reminder.
import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from 'cloudflare:test'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { slotInstant } from '../../schema/slot-time'
import worker from '../../worker/index'
import { verifyReplyAddress } from '../../worker/mail/reply-address'
import { gql } from './admin-helpers'
import {
  book,
  DEFAULTS,
  idOf,
  linkIn,
  outboxTo,
  owner,
  parseIcs,
  SUNDAY_NOON,
  settings,
} from './booking-fixtures'
import { consultation, freshEmail, send } from './requests-fixtures'

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(SUNDAY_NOON)
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
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
