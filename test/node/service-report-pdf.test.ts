// @vitest-environment node
// The monthly service report's PDF (issue 40) read back by poppler's pdftotext:
// the month, the client, the headline figures as every view words them
// (schema/service-report.ts), the first answers by urgency and the renewals.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { reportLines, type ServiceReport } from '../../schema/service-report'
import { serviceReportPdf } from '../../worker/pdf/service-report-pdf'
import { packageFonts } from './pdf-fonts'

const report: ServiceReport = {
  period: '2026-10',
  asOf: null,
  clientId: 1,
  clientName: 'Riverside Family Clinic',
  requests: { opened: 7, closed: 6 },
  sla: {
    met: 5,
    total: 6,
    medianFirstResponseMinutes: 200,
    byUrgency: [
      { urgency: 'urgent', met: 1, total: 1, targetHours: 4, businessHours: false },
      { urgency: 'high', met: 2, total: 3, targetHours: 2, businessHours: true },
      { urgency: 'medium', met: 2, total: 2, targetHours: 16, businessHours: true },
      { urgency: 'low', met: 0, total: 0, targetHours: 24, businessHours: true },
    ],
  },
  minutes: { used: 330, included: 300, rollover: 60, plan: 'Clinic Care' },
  renewals: [{ assetId: 3, name: 'riverside.example', kind: 'domain', date: '2026-12-15', what: 'renewal' }],
  maintenance: { done: 4, overdue: 1, evidence: 3 },
  incidents: [{ reference: 'INC-2026-0002', title: 'Lost laptop' }],
  ratings: { good: 5, okay: 1, poor: 0 },
}

function pdftotext(bytes: Uint8Array): string {
  const file = join(mkdtempSync(join(tmpdir(), 'report-')), 'report.pdf')
  writeFileSync(file, bytes)
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
}

describe('the service report PDF', () => {
  it('shows the month, the client and each figure as the portal words it', async () => {
    const text = pdftotext(
      await serviceReportPdf({
        fonts: packageFonts,
        from: { name: 'Alex Morgan', email: 'hello@example.com' },
        report,
      }),
    )
    expect(text).toContain('SERVICE REPORT')
    expect(text).toMatch(/October 2026/)
    expect(text).toContain('Riverside Family Clinic')
    // pdftotext keeps the words but not always their spaces ("5 / 1 / 0" reads "5/1/0").
    const squeezed = text.replace(/\s+/g, '')
    for (const [label, value] of reportLines(report))
      expect(squeezed).toContain(`${label}${value}`.replace(/\s+/g, ''))
    expect(text).toMatch(/High \(target 2 business hours\)\s+2 of 3 on time/)
    expect(text).toMatch(/Low \(target 24 business hours\)\s+None/)
    expect(text).toMatch(/riverside\.example \(Domain, renewal due\)\s+Tuesday, December 15, 2026/)
    expect(text).toMatch(/Used\s+5\.5 h/)
    expect(text).toMatch(/Maintenance done\s+4 \(3 with evidence files\)/)
    expect(text).toMatch(/Security incidents\s+INC-2026-0002/)
    expect(squeezed).toContain('Ratings(good/okay/poor)5/1/0')
  })

  it('says a month in progress is so far, in its title and in words', async () => {
    const text = pdftotext(
      await serviceReportPdf({
        fonts: packageFonts,
        from: { name: 'Alex Morgan', email: 'hello@example.com' },
        report: { ...report, period: '2026-11', asOf: '2026-11-29' },
      }),
    )
    expect(text).toContain('November 2026 so far, as of Nov 29')
    expect(text.replace(/\s+/g, ' ')).toContain(
      'This month is not over: these are its figures so far, up to Sunday, November 29, 2026.',
    )
  })

  it('names an ended month without "so far"', async () => {
    const text = pdftotext(
      await serviceReportPdf({ fonts: packageFonts, from: { name: 'A', email: 'a@example.com' }, report }),
    )
    expect(text).not.toContain('so far')
  })
})
