import { describe, expect, it } from 'vitest'
import { everyText, intervalOptions, recurrenceText, toFields } from './recurrence'

// Issue 52.7: a schedule's recurrence is read and chosen in words; the stored
// RRULE-like fields never show.

describe('recurrenceText', () => {
  it('says a recurrence as people do', () => {
    expect(recurrenceText({ freq: 'monthly', interval: 1, byMonthDay: 1, byWeekday: null })).toBe(
      'Every month on the 1st',
    )
    expect(recurrenceText({ freq: 'monthly', interval: 3, byMonthDay: null, byWeekday: null })).toBe(
      'Every 3 months',
    )
    expect(recurrenceText({ freq: 'weekly', interval: 1, byMonthDay: null, byWeekday: 'MO' })).toBe(
      'Every week on Monday',
    )
    expect(recurrenceText({ freq: 'weekly', interval: 2, byMonthDay: null, byWeekday: 'SA' })).toBe(
      'Every 2 weeks on Saturday',
    )
    expect(recurrenceText({ freq: 'quarterly', interval: 1, byMonthDay: null, byWeekday: '-1FR' })).toBe(
      'Every quarter on the last Friday',
    )
    expect(recurrenceText({ freq: 'monthly', interval: 1, byMonthDay: null, byWeekday: '2TU' })).toBe(
      'Every month on the second Tuesday',
    )
    expect(recurrenceText({ freq: 'yearly', interval: 1, byMonthDay: 22, byWeekday: null })).toBe(
      'Every year on the 22nd',
    )
  })

  it('never shows a code it cannot read', () => {
    expect(recurrenceText({ freq: 'monthly', interval: 1, byMonthDay: null, byWeekday: '5XX' })).toBe(
      'Every month',
    )
  })
})

describe('the form', () => {
  it('offers every interval in words', () => {
    expect(intervalOptions('weekly').slice(0, 2)).toEqual([
      { value: '1', label: 'Every week' },
      { value: '2', label: 'Every 2 weeks' },
    ])
    expect(intervalOptions('monthly')).toHaveLength(12)
    expect(everyText('yearly', 1)).toBe('Every year')
  })

  it("turns the owner's choice into the fields the server reads", () => {
    expect(toFields('monthly', { on: 'monthDay', day: 31 })).toEqual({ byMonthDay: 31, byWeekday: null })
    expect(toFields('monthly', { on: 'weekday', position: '-1', weekday: 'FR' })).toEqual({
      byMonthDay: null,
      byWeekday: '-1FR',
    })
    // A weekly schedule takes a bare weekday, and has no day of the month.
    expect(toFields('weekly', { on: 'weekday', position: '2', weekday: 'TU' })).toEqual({
      byMonthDay: null,
      byWeekday: 'TU',
    })
    expect(toFields('weekly', { on: 'monthDay', day: 5 })).toEqual({ byMonthDay: null, byWeekday: null })
    expect(toFields('quarterly', { on: 'start' })).toEqual({ byMonthDay: null, byWeekday: null })
  })
})
