import { describe, expect, it } from 'vitest'
import {
  computeTotals,
  depositCents,
  formatCents,
  lineAmountCents,
  parseCents,
  roundCents,
  roundMinutes,
  timeLine,
  toQuantityMilli,
} from './money'

describe('money', () => {
  it('rounds halves away from zero, once', () => {
    expect(roundCents(5, 10)).toBe(1)
    expect(roundCents(4, 10)).toBe(0)
    expect(roundCents(-5, 10)).toBe(-1)
    expect(roundCents(15, 10)).toBe(2)
    expect(lineAmountCents(toQuantityMilli(1.5), 333)).toBe(500) // 499.5 -> 500
    expect(lineAmountCents(toQuantityMilli(0.1), 1)).toBe(0)
  })

  it('computes totals with a capped discount and tax after it', () => {
    const lines = [
      { quantityMilli: 2000, unitPriceCents: 120_000 },
      { quantityMilli: 1000, unitPriceCents: 40_000 },
    ]
    expect(computeTotals({ lines })).toEqual({
      subtotalCents: 280_000,
      discountCents: 0,
      taxCents: 0,
      totalCents: 280_000,
    })
    expect(computeTotals({ lines, discountCents: 10_000, taxRateBp: 825 })).toEqual({
      subtotalCents: 280_000,
      discountCents: 10_000,
      taxCents: 22_275,
      totalCents: 292_275,
    })
    expect(
      computeTotals({ lines: [{ quantityMilli: 1000, unitPriceCents: 500 }], discountCents: 900 }).totalCents,
    ).toBe(0)
  })

  it('bills time: 95 minutes at $120/hour is $190.00, rounded up per entry when asked', () => {
    expect(timeLine(95, 12_000)).toEqual({ quantityMilli: 1583, amountCents: 19_000 })
    expect(roundMinutes(95, 15)).toBe(105)
    expect(roundMinutes(95, 6)).toBe(96)
    expect(roundMinutes(95, 0)).toBe(95)
    expect(depositCents(280_000, 30)).toBe(84_000)
  })

  it('totals a time line from its exact minutes, beside ordinary lines', () => {
    const time = { ...timeLine(95, 12_000), unitPriceCents: 12_000, minutes: 95 }
    // 1.583 h x $120.00 would be $189.96; the minutes give $190.00.
    expect(computeTotals({ lines: [time] }).totalCents).toBe(19_000)
    expect(computeTotals({ lines: [time, { quantityMilli: 2000, unitPriceCents: 500 }] }).totalCents).toBe(
      20_000,
    )
    expect(computeTotals({ lines: [{ quantityMilli: 1000, unitPriceCents: -5_000 }] }).totalCents).toBe(
      -5_000,
    )
  })

  it('formats and parses dollars', () => {
    expect(formatCents(280_000)).toBe('$2,800.00')
    expect(formatCents(-1_000)).toBe('-$10.00')
    expect(formatCents(19_000)).toBe('$190.00')
    expect(parseCents('2,800.00')).toBe(280_000)
    expect(parseCents('$2800')).toBe(280_000)
    expect(parseCents('12.5')).toBe(1250)
    expect(parseCents('abc')).toBeNull()
    expect(parseCents('1.234')).toBeNull()
  })
})
