import { describe, expect, it } from 'vitest'
import { slotInstant } from '../../schema/slot-time'

describe('slotInstant', () => {
  it('reads the slot as Central daylight time in summer', () => {
    expect(slotInstant('2030-07-15', '09:00')).toBe('2030-07-15T14:00:00.000Z')
  })
  it('reads the slot as Central standard time in winter', () => {
    expect(slotInstant('2031-01-14', '15:00')).toBe('2031-01-14T21:00:00.000Z')
  })
  it('keeps a late slot on the chosen date in Central time even though UTC has moved on', () => {
    expect(slotInstant('2030-12-31', '16:00')).toBe('2030-12-31T22:00:00.000Z')
  })
  it('gives undefined when the date or the time is missing or malformed', () => {
    expect(slotInstant('', '09:00')).toBeUndefined()
    expect(slotInstant('2030-07-15', undefined)).toBeUndefined()
    expect(slotInstant('next week', '09:00')).toBeUndefined()
  })
})
