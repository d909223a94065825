import { describe, expect, it } from 'vitest'
import { lockedOnceBooked } from './booking'
import { slotInstant } from './slot-time'

// Issue 28, "change rules that add up": the schedule form warns before sending
// when the chosen time would already be past the online change cut-off.
describe('lockedOnceBooked', () => {
  const now = Date.parse('2026-11-23T15:00:00Z') // Monday 9:00 AM CST
  it('is true for a slot inside the cut-off (2 h notice, 24 h cut-off: tomorrow morning)', () => {
    expect(lockedOnceBooked(slotInstant('2026-11-24', '08:30'), 24, now)).toBe(true)
  })
  it('is false for a slot beyond the cut-off, and at exactly the cut-off', () => {
    expect(lockedOnceBooked(slotInstant('2026-11-25', '09:00'), 24, now)).toBe(false)
    expect(lockedOnceBooked(slotInstant('2026-11-24', '09:00'), 24, now + 1)).toBe(true)
    expect(lockedOnceBooked('2026-11-24T15:00:00.000Z', 24, now)).toBe(false)
  })
  it('is false with no slot chosen', () => {
    expect(lockedOnceBooked(undefined, 24, now)).toBe(false)
  })
})
