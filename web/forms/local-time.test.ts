import { describe, expect, it } from 'vitest'
import { localTimeOf } from './ConsultationForm'

describe("the visitor's local time beside a Central slot", () => {
  it('is shown for a zone with another wall-clock time', () => {
    expect(localTimeOf('2026-11-23', '09:00', 'America/Los_Angeles')).toBe('7:00 AM on Monday, November 23')
    // Across midnight the day changes too.
    expect(localTimeOf('2026-11-23', '16:00', 'Asia/Tokyo')).toBe('7:00 AM on Tuesday, November 24')
  })

  it('is left out for a zone that reads the same time as Central', () => {
    expect(localTimeOf('2026-11-23', '09:00', 'America/Winnipeg')).toBeNull()
  })
})
