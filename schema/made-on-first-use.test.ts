import { describe, expect, it, vi } from 'vitest'
import { madeOnFirstUse } from './made-on-first-use'

describe('madeOnFirstUse', () => {
  it('makes nothing until asked, then makes the value once and keeps it', () => {
    const make = vi.fn(() => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }))
    const usd = madeOnFirstUse(make)
    expect(make).not.toHaveBeenCalled()
    expect(usd().format(12.5)).toBe('$12.50')
    expect(usd()).toBe(usd())
    expect(make).toHaveBeenCalledTimes(1)
  })

  it('keeps a falsy value too, without making it again', () => {
    const make = vi.fn(() => 0)
    const zero = madeOnFirstUse(make)
    expect([zero(), zero()]).toEqual([0, 0])
    expect(make).toHaveBeenCalledTimes(1)
  })
})
