import { describe, expect, it } from 'vitest'
import { ASSET_FIELDS } from './asset-payloads.server'
import { ASSET_FIELD_LABELS, assetFieldLabel } from './assets'
import { SLA_URGENCIES, SLA_URGENCY_LABELS } from './plans'
import { URGENCY_LEVELS } from './request-options'
import { monthLabel, URGENCY_LABELS } from './service-report'
import { COPYRIGHT_YEAR, copyright, copyrightYear } from './site-copy'
import { formatPeriod, formatShortDate, ordinal } from './slot-time'

// Issue 52.7: what a person reads is a day, a month's name, a label; never the
// stored value (an ISO date, a period code, a field name, an enum).

describe('formatShortDate', () => {
  it('shows a calendar date as its day, the same in every time zone', () => {
    expect(formatShortDate('2026-12-19')).toBe('Dec 19, 2026')
    expect(formatShortDate('2027-01-01')).toBe('Jan 1, 2027')
    expect(formatShortDate('2028-02-29')).toBe('Feb 29, 2028')
  })

  it('reads a date-time as the day it falls on in the business time zone', () => {
    // 03:30 UTC on Jul 2 is still Jul 1 in Central time.
    expect(formatShortDate('2026-07-02T03:30:00Z')).toBe('Jul 1, 2026')
    expect(formatShortDate('2026-11-26T21:01:00.000Z')).toBe('Nov 26, 2026')
  })

  it('shows nothing for no date, and what is not a date as it is', () => {
    expect(formatShortDate(null)).toBe('')
    expect(formatShortDate(undefined)).toBe('')
    expect(formatShortDate('')).toBe('')
    expect(formatShortDate('soon')).toBe('soon')
  })
})

describe('formatPeriod', () => {
  it('names a billing period or report month', () => {
    expect(formatPeriod('2026-11')).toBe('November 2026')
    expect(formatPeriod('2027-01')).toBe('January 2027')
    // The service report's label is the same function's.
    expect(monthLabel('2026-10')).toBe('October 2026')
  })

  it('leaves what is not a period as it is', () => {
    expect(formatPeriod('2026-13')).toBe('2026-13')
    expect(formatPeriod('November')).toBe('November')
    expect(formatPeriod(null)).toBe('')
  })
})

describe('ordinal', () => {
  it('says a day of the month as people do', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 31].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '31st',
    ])
  })
})

describe('the urgencies', () => {
  it("have one word each, the support form's, in plans, reports and the portal", () => {
    const formWords = URGENCY_LEVELS.map((u) => u.label).sort()
    expect(SLA_URGENCIES.map((u) => SLA_URGENCY_LABELS[u]).sort()).toEqual(formWords)
    expect(SLA_URGENCY_LABELS.urgent).toBe('Critical')
    expect(URGENCY_LABELS).toBe(SLA_URGENCY_LABELS)
  })
})

describe('the asset field labels', () => {
  it('name every field of an asset in words', () => {
    for (const field of ASSET_FIELDS) {
      expect(ASSET_FIELD_LABELS[field], field).toBeTruthy()
      expect(assetFieldLabel(field)).not.toBe(field)
    }
    expect(assetFieldLabel('renewalDate')).toBe('Renewal date')
    expect(assetFieldLabel('warrantyEnd')).toBe('Warranty end')
  })
})

describe('copyrightYear', () => {
  it('is this year in the business time zone, from the clock', () => {
    expect(copyrightYear(new Date('2026-11-29T12:00:00Z'))).toBe(2026)
    // 02:00 UTC on Jan 1 is still New Year's Eve in Central time.
    expect(copyrightYear(new Date('2028-01-01T02:00:00Z'))).toBe(2027)
    expect(copyrightYear(new Date('2028-01-01T07:00:00Z'))).toBe(2028)
    expect(copyright(copyrightYear(new Date('2026-11-29T12:00:00Z')), 'Alex Morgan')).toBe(
      '© 2026 Alex Morgan. All rights reserved.',
    )
  })

  it('never goes before the year the site went up, whatever a wrong clock says', () => {
    expect(copyrightYear(new Date('2001-06-01T12:00:00Z'))).toBe(COPYRIGHT_YEAR)
  })
})
