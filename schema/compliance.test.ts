// Issue 39's deadline rules: 60 calendar days across a year end, 10 business
// days across Thanksgiving and a weekend, the earlier wins, and daylight saving.
import { describe, expect, it } from 'vitest'
import { addPeriod, endOfBusinessDay, notificationDeadline, reminderMarksDue } from './compliance'

// 10:00 Central on a date.
const at = (iso: string) => new Date(iso).getTime()

describe('notification deadline', () => {
  it('60 calendar days across a year end end at 23:59 Central', () => {
    const d = notificationDeadline(at('2026-11-15T10:00:00-06:00'))
    expect(d).toMatchObject({ dueDate: '2027-01-14', basis: 'statute' })
    expect(new Date(d.dueAtMs).toISOString()).toBe('2027-01-15T05:59:00.000Z')
  })

  it('10 business days skip Thanksgiving and the weekends', () => {
    // Mon Nov 23 2026; Thanksgiving Thu Nov 26; weekends Nov 28-29, Dec 5-6.
    expect(addPeriod('2026-11-23', 10, 'business')).toBe('2026-12-08')
    const d = notificationDeadline(at('2026-11-23T09:00:00-06:00'), {
      notificationDays: 10,
      notificationDayKind: 'business',
    })
    expect(d).toMatchObject({ dueDate: '2026-12-08', basis: 'contract' })
  })

  it('the earlier of statute and contract wins', () => {
    const discovered = at('2026-03-02T12:00:00-06:00')
    expect(
      notificationDeadline(discovered, { notificationDays: 30, notificationDayKind: 'calendar' }),
    ).toMatchObject({
      dueDate: '2026-04-01',
      basis: 'contract',
    })
    expect(
      notificationDeadline(discovered, { notificationDays: 90, notificationDayKind: 'calendar' }),
    ).toMatchObject({
      dueDate: '2026-05-01',
      basis: 'statute',
    })
    // 60 business days run far past 60 calendar days: the statute wins.
    expect(
      notificationDeadline(discovered, { notificationDays: 60, notificationDayKind: 'business' }).basis,
    ).toBe('statute')
  })

  it('counts in the business zone and keeps 23:59 across daylight saving', () => {
    // 23:30 Central on Jan 31 is Feb 1 in UTC: the business date is Jan 31.
    const d = notificationDeadline(at('2027-01-31T23:30:00-06:00'))
    expect(d.dueDate).toBe('2027-04-01')
    // April is daylight time (CDT, UTC-5): 23:59 CDT is 04:59Z.
    expect(new Date(d.dueAtMs).toISOString()).toBe('2027-04-02T04:59:00.000Z')
    // A deadline in standard time (CST, UTC-6).
    expect(new Date(endOfBusinessDay('2026-11-02')).toISOString()).toBe('2026-11-03T05:59:00.000Z')
    // The day clocks spring forward (Mar 14 2027) still ends at 23:59 CDT.
    expect(new Date(endOfBusinessDay('2027-03-14')).toISOString()).toBe('2027-03-15T04:59:00.000Z')
  })

  it('reminds at half-time, 7 days and 1 day before, never after the deadline', () => {
    const start = at('2026-01-01T00:00:00Z')
    const due = start + 60 * 86_400_000
    expect(reminderMarksDue(start, due, start + 1000)).toEqual([])
    expect(reminderMarksDue(start, due, start + 30 * 86_400_000)).toEqual(['half'])
    expect(reminderMarksDue(start, due, due - 6 * 86_400_000)).toEqual(['7d', 'half'])
    expect(reminderMarksDue(start, due, due - 3_600_000)).toEqual(['1d', '7d', 'half'])
    expect(reminderMarksDue(start, due, due + 1)).toEqual([])
  })
})
