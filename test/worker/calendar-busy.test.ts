// Busy times read from the owner's calendars (issue 56, point 2), from feeds as
// Google and Outlook publish them (calendar-fixtures.ts): recurrence with an
// exception and a moved occurrence, all-day events, transparent and cancelled
// events, a TZID other than the business zone, and a daylight-saving change.
import { describe, expect, it } from 'vitest'
import { NotICalendar } from '../../worker/services/busy-intervals'
import { busyIntervals } from '../../worker/services/ical-busy'
import { GOOGLE_ICS, OUTLOOK_ICS } from './calendar-fixtures'

const iso = (intervals: [number, number][]) =>
  intervals.map(
    ([s, e]) => `${new Date(s).toISOString().slice(0, 16)}/${new Date(e).toISOString().slice(11, 16)}`,
  )
const FROM = Date.parse('2026-10-01T00:00:00Z')
const TO = Date.parse('2027-01-01T00:00:00Z')

describe('busy times from a calendar file', () => {
  it("Google's: the standup in New York time across the change, one week removed, one moved; the day off; free and cancelled left out", () => {
    expect(iso(busyIntervals(GOOGLE_ICS, FROM, TO))).toEqual([
      // 09:00 EDT (UTC-4) in October ...
      '2026-10-20T13:00/14:00',
      '2026-10-27T13:00/14:00',
      // ... Nov 3 removed by EXDATE; the dentist, in UTC ...
      '2026-11-04T16:00/17:00',
      // ... the day off: Nov 5 from midnight to midnight in Central time (UTC-6) ...
      '2026-11-05T06:00/06:00',
      // ... Nov 10 moved to 13:00 EST (UTC-5) ...
      '2026-11-10T18:00/19:00',
      // ... and 09:00 EST after the change.
      '2026-11-17T14:00/15:00',
      '2026-11-24T14:00/15:00',
    ])
  })

  it("Outlook's: a Windows zone name with its definition, UNTIL and EXDATE; a free all-day holiday left out", () => {
    expect(iso(busyIntervals(OUTLOOK_ICS, FROM, TO))).toEqual([
      '2026-11-02T16:00/17:00',
      '2026-11-09T16:00/17:00',
      '2026-11-23T16:00/17:00',
      '2026-11-30T16:00/17:00',
    ])
  })

  it('only the window asked for, and an endless rule stops at its end', () => {
    const endless = GOOGLE_ICS.replace('RRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=6', 'RRULE:FREQ=DAILY')
    const week = busyIntervals(
      endless,
      Date.parse('2026-11-16T00:00:00Z'),
      Date.parse('2026-11-23T00:00:00Z'),
    )
    expect(iso(week).filter((i) => i.endsWith('15:00'))).toHaveLength(7)
    expect(week.every(([s]) => s < Date.parse('2026-11-23T00:00:00Z'))).toBe(true)
  })

  it('a TZID the file does not define is read as the IANA zone it names; a floating time as Central', () => {
    const ics = GOOGLE_ICS.replace(/BEGIN:VTIMEZONE[\s\S]*?END:VTIMEZONE\r\n/, '').replace(
      /BEGIN:VEVENT\r\nDTSTART:20261104T160000Z\r\nDTEND:20261104T170000Z/,
      'BEGIN:VEVENT\r\nDTSTART;TZID=Europe/Warsaw:20261104T160000\r\nDTEND;TZID=Europe/Warsaw:20261104T170000',
    )
    expect(iso(busyIntervals(ics, FROM, TO))).toContain('2026-11-04T15:00/16:00')
    const floating =
      'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:f\r\nDTSTART:20261201T100000\r\nDTEND:20261201T110000\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n'
    expect(iso(busyIntervals(floating, FROM, TO))).toEqual(['2026-12-01T16:00/17:00'])
  })

  it('a file that is not iCalendar is refused', () => {
    expect(() => busyIntervals('<html>Sign in</html>', FROM, TO)).toThrow(NotICalendar)
    expect(() => busyIntervals('BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nbroken', FROM, TO)).toThrow(NotICalendar)
  })
})
