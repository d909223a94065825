// When maintenance falls due (issue 40): the rrule package in workerd, dates as calendar dates.
import { describe, expect, it } from 'vitest'
import { dueDatesUntil, nextDueDates, rruleText } from '../../worker/services/maintenance-recurrence'

describe('maintenance recurrence', () => {
  it('monthly on the 31st falls on the last day of shorter months', () => {
    const r = { freq: 'monthly', byMonthDay: 31 } as const
    expect(nextDueDates(r, '2026-10-31', '2026-10-31')).toEqual(['2026-10-31', '2026-11-30', '2026-12-31'])
    expect(dueDatesUntil(r, '2026-10-31', '2027-04-30')).toEqual([
      '2026-10-31',
      '2026-11-30',
      '2026-12-31',
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
    ])
    expect(rruleText(r, '2026-10-31')).toContain('BYMONTHDAY=28,29,30,31;BYSETPOS=-1')
  })

  it('monthly on the 30th keeps the 30th, and February its last day', () => {
    expect(nextDueDates({ freq: 'monthly', byMonthDay: 30 }, '2027-01-30', '2027-01-30')).toEqual([
      '2027-01-30',
      '2027-02-28',
      '2027-03-30',
    ])
    expect(nextDueDates({ freq: 'monthly', byMonthDay: 29 }, '2028-01-29', '2028-01-29')).toEqual([
      '2028-01-29',
      '2028-02-29',
      '2028-03-29',
    ])
  })

  it('the 2nd Tuesday, and the last Friday', () => {
    expect(nextDueDates({ freq: 'monthly', byWeekday: '2TU' }, '2026-11-01', '2026-11-01', 4)).toEqual([
      '2026-11-10',
      '2026-12-08',
      '2027-01-12',
      '2027-02-09',
    ])
    expect(nextDueDates({ freq: 'monthly', byWeekday: '-1FR' }, '2026-11-01', '2026-11-01', 2)).toEqual([
      '2026-11-27',
      '2026-12-25',
    ])
  })

  it('quarterly across a year end, and with an interval', () => {
    expect(nextDueDates({ freq: 'quarterly', byMonthDay: 15 }, '2026-11-15', '2026-11-15', 4)).toEqual([
      '2026-11-15',
      '2027-02-15',
      '2027-05-15',
      '2027-08-15',
    ])
    expect(nextDueDates({ freq: 'monthly', interval: 2 }, '2026-12-05', '2026-12-05')).toEqual([
      '2026-12-05',
      '2027-02-05',
      '2027-04-05',
    ])
  })

  it('weekly across the DST weekends stays on its weekday', () => {
    // US clocks change on 2027-03-14 and 2027-11-07 (both Sundays).
    expect(nextDueDates({ freq: 'weekly', byWeekday: 'SU' }, '2027-03-07', '2027-03-07')).toEqual([
      '2027-03-07',
      '2027-03-14',
      '2027-03-21',
    ])
    expect(nextDueDates({ freq: 'weekly' }, '2027-11-01', '2027-11-01', 3)).toEqual([
      '2027-11-01',
      '2027-11-08',
      '2027-11-15',
    ])
    expect(
      nextDueDates({ freq: 'weekly', interval: 2, byWeekday: 'SA' }, '2027-10-30', '2027-10-30'),
    ).toEqual(['2027-10-30', '2027-11-13', '2027-11-27'])
  })

  it('yearly, on Feb 29 in other years the 28th; and from a later day', () => {
    expect(nextDueDates({ freq: 'yearly', byMonthDay: 29 }, '2028-02-29', '2028-02-29')).toEqual([
      '2028-02-29',
      '2029-02-28',
      '2030-02-28',
    ])
    expect(nextDueDates({ freq: 'yearly' }, '2026-03-10', '2026-11-27', 2)).toEqual([
      '2027-03-10',
      '2028-03-10',
    ])
  })
})
