// Issue 28, broken point 6: posted without a time, the form must not make its
// valid date look invalid. The payload keeps the day as a valid instant, so the
// server (test/worker/everyday-flows.test.ts) flags the time alone.
import { describe, expect, it } from 'vitest'
import { consultationPayload } from './consultation-payload'

describe('consultationPayload', () => {
  it('turns a date and a slot into one instant, Central time', () => {
    expect(consultationPayload({ preferredDate: '2030-07-15', preferredTime: '09:00' })).toMatchObject({
      preferredDate: '2030-07-15T14:00:00.000Z',
      preferredTime: '09:00',
    })
  })

  it('keeps a chosen date valid when no time was chosen', () => {
    const payload = consultationPayload({ preferredDate: '2030-07-15', preferredTime: '' })
    expect(payload.preferredDate).toBe('2030-07-15T05:00:00.000Z')
    expect(payload.preferredTime).toBe('')
  })

  it('leaves a malformed date as typed, for the server to flag', () => {
    expect(consultationPayload({ preferredDate: 'soon', preferredTime: '' }).preferredDate).toBe('soon')
  })
})
