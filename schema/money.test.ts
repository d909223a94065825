import { describe, expect, it } from 'vitest'
import {
  computeTotals,
  depositCents,
  formatCents,
  lineAmountCents,
  parseCents,
  roundCents,
  roundMinutes,
  taxLabel,
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

  it('shows cents exactly, for people and for form fields and the CSV (issue 34)', () => {
    expect(formatCents(280_000, 'plain')).toBe('2800.00')
    expect(formatCents(-1_000, 'plain')).toBe('-10.00')
    expect(formatCents(-5, 'plain')).toBe('-0.05')
    expect(formatCents(-0, 'plain')).toBe('0.00')
    expect(formatCents(-0)).toBe('$0.00')
    expect(formatCents(7, 'plain')).toBe('0.07')
    // Past what a float division keeps exact: every digit still comes from the integer.
    expect(formatCents(900_719_925_474_099, 'plain')).toBe('9007199254740.99')
    expect(formatCents(900_719_925_474_099)).toBe('$9,007,199,254,740.99')
    // What a field shows, parseCents reads back.
    for (const cents of [0, 1, 99, 100, 12_345, 120_050, -3_000, 100_000_000])
      expect(parseCents(formatCents(cents, 'plain'))).toBe(cents)
    for (const cents of [0, 1, 120_050, 100_000_000]) expect(parseCents(formatCents(cents))).toBe(cents)
  })

  it('parses what the owner types by one rule, digit by digit (issue 34)', () => {
    const cases: [string, number | null][] = [
      ['1,200.50', 120_050],
      [' $1,200.5 ', 120_050],
      ['1200', 120_000],
      ['0.07', 7],
      ['-10', -1_000],
      ['-$10.00', -1_000],
      // Zero has no sign.
      ['-0', 0],
      ['-0.00', 0],
      // A price is typed to the cent: more decimals are refused, not rounded either way.
      ['12.345', null],
      ['1.005', null],
      ['abc', null],
      ['', null],
      ['  ', null],
      ['12.', null],
      ['.5', null],
      ['1,20.50', null],
      ['1,2000', null],
      ['1 200', null],
      ['12e3', null],
      ['$-5', null],
      ['--5', null],
      ['0x10', null],
      // More cents than an integer holds exactly.
      ['99999999999999999', null],
    ]
    for (const [text, cents] of cases) expect(parseCents(text), JSON.stringify(text)).toBe(cents)
  })

  it('labels tax from its rate in basis points, the one label every view shows (issue 34)', () => {
    expect(taxLabel(825)).toBe('Tax (8.25%)')
    expect(taxLabel(1_000)).toBe('Tax (10.00%)')
    expect(taxLabel(5)).toBe('Tax (0.05%)')
    expect(taxLabel(0)).toBe('Tax (0.00%)')
    expect(taxLabel(10_000)).toBe('Tax (100.00%)')
  })
})
