import { describe, expect, it } from 'vitest'
import { localTimeOf } from './ConsultationForm'

// Zones here are chosen so that no release of the time-zone database can move
// them: tzdata 2026e took America/Winnipeg off Central time in winter, and this
// test, which asserted the old rule, turned main red overnight (issue 52).
describe("the visitor's local time beside a Central slot", () => {
  it('is shown for a zone with another wall-clock time', () => {
    expect(localTimeOf('2026-11-23', '09:00', 'America/Los_Angeles')).toBe('7:00 AM on Monday, November 23')
    // Across midnight the day changes too.
    expect(localTimeOf('2026-11-23', '16:00', 'Asia/Tokyo')).toBe('7:00 AM on Tuesday, November 24')
  })

  it('is left out for a zone that reads the same time as Central', () => {
    // The business zone itself, and a fixed UTC-6 offset (Central standard time in November).
    expect(localTimeOf('2026-11-23', '09:00', 'America/Chicago')).toBeNull()
    expect(localTimeOf('2026-11-23', '09:00', 'Etc/GMT+6')).toBeNull()
  })
})
