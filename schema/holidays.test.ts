import { describe, expect, it } from 'vitest'
import {
  federalHolidayOn,
  federalHolidaysBetween,
  federalHolidaysOf,
  federalHolidaysOfComingYear,
} from './holidays'

describe('US federal holidays', () => {
  it('lists the eleven holidays of 2026 on their dates (none on a weekend needs moving but July 4)', () => {
    const dates = federalHolidaysOf(2026).map((h) => `${h.date} ${h.name}`)
    expect(dates).toEqual([
      "2026-01-01 New Year's Day",
      '2026-01-19 Martin Luther King Jr. Day',
      "2026-02-16 Presidents' Day",
      '2026-05-25 Memorial Day',
      '2026-06-19 Juneteenth',
      // Saturday, observed the Friday before.
      '2026-07-04 Independence Day',
      '2026-07-03 Independence Day (observed)',
      '2026-09-07 Labor Day',
      '2026-10-12 Columbus Day',
      '2026-11-11 Veterans Day',
      '2026-11-26 Thanksgiving Day',
      '2026-12-25 Christmas Day',
    ])
  })

  it('observes a Saturday holiday on the Friday before, a Sunday one on the Monday after', () => {
    // 2027: Juneteenth and Christmas fall on Saturdays, July 4 on a Sunday.
    expect(federalHolidayOn('2027-06-18')).toBe('Juneteenth (observed)')
    expect(federalHolidayOn('2027-07-05')).toBe('Independence Day (observed)')
    expect(federalHolidayOn('2027-12-24')).toBe('Christmas Day (observed)')
    expect(federalHolidayOn('2027-12-25')).toBe('Christmas Day')
  })

  it("observes New Year's Day 2028 (a Saturday) on Friday, December 31, 2027", () => {
    expect(federalHolidayOn('2027-12-31')).toBe("New Year's Day (observed)")
    expect(federalHolidaysBetween('2027-12-20', '2027-12-31').map((h) => h.date)).toEqual([
      '2027-12-24',
      '2027-12-25',
      '2027-12-31',
    ])
  })

  it('finds the floating Mondays and Thanksgiving in other years', () => {
    expect(federalHolidayOn('2027-05-31')).toBe('Memorial Day')
    expect(federalHolidayOn('2028-01-17')).toBe('Martin Luther King Jr. Day')
    expect(federalHolidayOn('2028-11-23')).toBe('Thanksgiving Day')
    expect(federalHolidayOn('2028-10-09')).toBe('Columbus Day')
  })

  it('names nothing on an ordinary day', () => {
    expect(federalHolidayOn('2026-12-24')).toBeNull()
    expect(federalHolidayOn('2026-11-27')).toBeNull()
  })

  it("lists the coming year's holidays from today, up to the same date next year", () => {
    const coming = federalHolidaysOfComingYear('2026-11-24')
    expect(coming[0]).toEqual({ date: '2026-11-26', name: 'Thanksgiving Day' })
    expect(coming.map((h) => h.date)).toContain('2027-11-11')
    expect(coming.at(-1)?.date).toBe('2027-11-11')
    // The eleven, plus the observed Fridays and Mondays of Juneteenth (a Saturday) and July 4 (a Sunday) in 2027.
    expect(coming.map((h) => h.date)).toEqual(
      expect.arrayContaining(['2027-06-18', '2027-06-19', '2027-07-04', '2027-07-05']),
    )
    expect(coming).toHaveLength(13)
  })
})
