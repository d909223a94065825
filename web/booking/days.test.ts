import { describe, expect, it } from 'vitest'
import { chooseDay, DAY_MESSAGES } from './days'
import { localClock } from './visitor-zone'

const booking = {
  date: '2026-12-14',
  changeable: true,
  freeDays: [
    { date: '2026-11-23', slots: ['09:00', '10:00'] },
    { date: '2026-12-14', slots: ['10:00'] },
  ],
}

describe('which day the consultation block shows', () => {
  it("is the booking's own day when it has other free times, else the first free day", () => {
    expect(chooseDay(booking, null)).toEqual({ day: '2026-12-14', problem: null, status: 200 })
    expect(chooseDay({ ...booking, date: '2026-12-15' }, '')).toEqual({
      day: '2026-11-23',
      problem: null,
      status: 200,
    })
    expect(chooseDay({ ...booking, freeDays: [] }, null)).toEqual({ day: null, problem: null, status: 200 })
  })

  it('is the chosen day when it is offered; a real day without free times is said so', () => {
    expect(chooseDay(booking, '2026-11-23').day).toBe('2026-11-23')
    expect(chooseDay(booking, '2026-11-28')).toEqual({
      day: null,
      problem: 'No free times on Saturday, November 28; choose one of the days shown.',
      status: 200,
    })
  })

  it('is none, with a 400, for anything that is not a calendar date', () => {
    for (const junk of ['tomorrow', '2026-02-30', '2026-1-05', '2026-11-23|09:00', ' 2026-11-23'])
      expect(chooseDay(booking, junk), junk).toEqual({
        day: null,
        problem: DAY_MESSAGES.notADay,
        status: 400,
      })
  })

  it('is none when the booking can no longer be changed, whatever was asked', () => {
    expect(chooseDay({ ...booking, changeable: false }, 'junk')).toEqual({
      day: null,
      problem: null,
      status: 200,
    })
  })
})

describe("a slot in the visitor's zone, beside its Central time", () => {
  it('is the weekday and clock time there', () => {
    // 9:00 AM and 4:00 PM Central (CST) on Monday, November 23, 2026.
    expect(localClock('2026-11-23T15:00:00.000Z', 'America/Los_Angeles')).toBe('Mon 7:00 AM')
    expect(localClock('2026-11-23T22:00:00.000Z', 'Asia/Tokyo')).toBe('Tue 7:00 AM')
  })
})
