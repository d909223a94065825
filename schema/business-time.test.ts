import { describe, expect, it } from 'vitest'
import { formatBusinessDateTime } from './business-time'

describe('formatBusinessDateTime', () => {
  it('shows an instant in the business zone, named, whatever the zone of the machine', () => {
    // 21:01 UTC in November is 3:01 PM Central Standard Time (the issue-36 inbox case).
    expect(formatBusinessDateTime('2026-11-26T21:01:00.000Z')).toBe('Nov 26, 2026, 3:01 PM CST')
    // Summer: Central Daylight Time, and the calendar day is the business's (still the 1st).
    expect(formatBusinessDateTime('2026-07-02T03:30:00Z')).toBe('Jul 1, 2026, 10:30 PM CDT')
    expect(formatBusinessDateTime(Date.UTC(2026, 10, 26, 21, 1))).toBe('Nov 26, 2026, 3:01 PM CST')
  })

  it('leaves what is not a date-time as it is', () => {
    expect(formatBusinessDateTime('soon')).toBe('soon')
  })
})
