import { describe, expect, it } from 'vitest'
import { businessLocalToIso, formatSpan, incidentClock } from './clock'

const due = (clientName: string, dueAt: string, notifiedAt: string | null = null) => ({
  clientName,
  dueAt,
  notifiedAt,
})

describe('the incident clock', () => {
  const now = Date.parse('2026-11-27T12:00:00Z')
  it('counts down to the earliest open deadline, in business time', () => {
    const clock = incidentClock(
      [due('Late Clinic', '2027-01-23T05:59:00.000Z'), due('Soon Dental', '2026-12-09T05:59:00.000Z')],
      now,
    )
    expect(clock).toMatchObject({ state: 'open', clientName: 'Soon Dental' })
    expect(clock.text).toBe('11 days 17 hours left to notify Soon Dental (due Dec 8, 2026, 11:59 PM CST)')
  })
  it('skips a client already notified, and says overdue once past', () => {
    const clock = incidentClock(
      [
        due('Sent', '2026-11-01T05:59:00.000Z', '2026-10-30T10:00:00.000Z'),
        due('Late', '2026-11-25T05:59:00.000Z'),
      ],
      now,
    )
    expect(clock).toMatchObject({ state: 'overdue', clientName: 'Late' })
    expect(clock.text).toMatch(/^Overdue by 2 days 6 hours: notify Late/)
    expect(
      incidentClock([due('Sent', '2026-11-01T05:59:00.000Z', '2026-10-30T10:00:00.000Z')], now).state,
    ).toBe('sent')
  })
  it('words spans and reads a datetime-local value as Central time (DST included)', () => {
    expect(formatSpan(30 * 60_000)).toBe('under an hour')
    expect(formatSpan(86_400_000)).toBe('1 day')
    expect(businessLocalToIso('2026-11-23T09:00')).toBe('2026-11-23T15:00:00.000Z')
    expect(businessLocalToIso('2026-07-01T09:00')).toBe('2026-07-01T14:00:00.000Z')
    expect(businessLocalToIso('nope')).toBeNull()
  })
})
