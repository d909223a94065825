import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import { consultationIcs, DUE_SOON_MS, dueState, formatReceived, slotStart } from './format'

describe('dueState', () => {
  const now = Date.parse('2030-07-10T15:00:00.000Z')
  const due = (ms: number) => new Date(now + ms).toISOString()

  it('flags due soon up to and including 2 hours left, overdue once the time has passed', () => {
    expect(DUE_SOON_MS).toBe(2 * 3_600_000)
    expect(dueState(due(DUE_SOON_MS + 1), 'in_progress', now)).toBeNull()
    expect(dueState(due(DUE_SOON_MS), 'in_progress', now)).toBe('soon')
    expect(dueState(due(1), 'pending', now)).toBe('soon')
    expect(dueState(due(0), 'pending', now)).toBe('soon')
    expect(dueState(due(-1), 'pending', now)).toBe('overdue')
  })

  it('flags nothing while paused (waiting on the requester), closed, or without a due time', () => {
    expect(dueState(due(-1), 'waiting', now)).toBeNull()
    expect(dueState(due(60_000), 'waiting', now)).toBeNull()
    expect(dueState(due(-1), 'resolved', now)).toBeNull()
    expect(dueState(due(-1), 'closed', now)).toBeNull()
    expect(dueState(null, 'pending', now)).toBeNull()
  })
})

describe('the consultation .ics', () => {
  const central = (d: Date) =>
    d.toLocaleString('en-US', { timeZone: 'America/Chicago', dateStyle: 'short', timeStyle: 'short' })

  it("starts at the chosen slot in Central time, also for an older row that stored the day's midnight", () => {
    // 9:00 CDT is 14:00 UTC; an older row held 2030-07-15T00:00Z for the same day.
    expect(slotStart('2030-07-15T14:00:00.000Z', '09:00')!.toISOString()).toBe('2030-07-15T14:00:00.000Z')
    expect(central(slotStart('2030-07-15T05:00:00.000Z', '13:00')!)).toBe('7/15/30, 1:00 PM')
    // Winter: 9:00 CST is 15:00 UTC.
    expect(slotStart('2030-01-15T15:00:00.000Z', '09:00')!.toISOString()).toBe('2030-01-15T15:00:00.000Z')
    expect(slotStart('not a date', '09:00')).toBeNull()
  })

  it('parses as a 30-minute event with a neutral title, nothing of the project in it', () => {
    const ics = consultationIcs({
      reference: 'C-1042',
      name: 'Jordan Lee, MD',
      email: 'jordan@example.com',
      preferredDate: '2030-07-15T14:00:00.000Z',
      preferredTime: '09:00',
    })!
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!)
    expect(central(event.startDate.toJSDate())).toBe('7/15/30, 9:00 AM')
    expect(event.endDate.toJSDate().getTime() - event.startDate.toJSDate().getTime()).toBe(30 * 60_000)
    expect(event.summary).toBe('Consultation C-1042')
    expect(event.description).toBe('Jordan Lee, MD\njordan@example.com')
  })
})

describe('formatReceived (issue 36: the inbox reads the clock the portal reads)', () => {
  it("shows when a request arrived in the business's zone, not the browser's", () => {
    // 21:01 UTC is 3:01 PM in Central, which the portal shows for the same message.
    expect(formatReceived('2026-11-26T21:01:00.000Z')).toBe('Nov 26, 2026, 3:01 PM CST')
  })
})
