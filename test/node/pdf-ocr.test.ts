// @vitest-environment node
// Every PDF the product makes, looked at as a person does (issue 52): rendered
// by poppler (`pdftoppm`, the rasteriser Chrome's PDFium agrees with here) and
// read back by OCR (`tesseract`). pdftotext reads only the text layer, so it
// passed while every document showed most of its letters blank on screen.
// Each kind must show its title, its number or date, its total or key figure,
// and a name; names in Polish, Vietnamese and Chinese come back through
// tesseract's language data for each script (Debian's tesseract-ocr-pol, -vie
// and -chi-sim; .ci/run installs them).
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { ServiceReport } from '../../schema/service-report'
import { assetInventoryPdf } from '../../worker/pdf/asset-inventory-pdf'
import { incidentNoticePdf } from '../../worker/pdf/incident-notice-pdf'
import { type InvoicePdfData, invoicePdf } from '../../worker/pdf/invoice-pdf'
import { renderQuotePdf } from '../../worker/pdf/quote-pdf'
import { riskAnalysisPdf } from '../../worker/pdf/risk-pdf'
import { serviceReportPdf } from '../../worker/pdf/service-report-pdf'
import { packageFonts } from './pdf-fonts'

/** Every page as a person sees it: rendered at 150 dpi and read by tesseract. */
function ocr(bytes: Uint8Array, lang = 'eng'): string {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-ocr-'))
  writeFileSync(join(dir, 'doc.pdf'), bytes)
  execFileSync('pdftoppm', ['-r', '150', '-png', 'doc.pdf', 'page'], { cwd: dir })
  return readdirSync(dir)
    .filter((f) => f.endsWith('.png'))
    .sort()
    .map((page) =>
      execFileSync('tesseract', [page, '-', '-l', lang], {
        cwd: dir,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }),
    )
    .join('\n')
}

const from = { name: 'Alex Morgan', email: 'hello@example.com' }

const invoice = (to: string, contact: string, description = 'Network audit'): InvoicePdfData => ({
  number: 'INV-2026-0042',
  title: 'Invoice',
  issueDate: '2026-11-26',
  dueDate: '2026-12-11',
  status: 'sent',
  from,
  to: { name: to, contactName: contact, email: 'clinic@example.com' },
  lines: [{ description, quantity: '1', unitPriceCents: 102_000, amountCents: 102_000 }],
  subtotalCents: 102_000,
  discountCents: 0,
  taxRateBp: 0,
  taxCents: 0,
  totalCents: 102_000,
  creditedCents: 0,
  payments: [],
  balanceCents: 102_000,
  howToPay: [],
})

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
    byUrgency: [{ urgency: 'high', met: 2, total: 3, targetHours: 2, businessHours: true }],
  },
  minutes: { used: 330, included: 300, rollover: 60, plan: 'Clinic Care' },
  renewals: [],
  maintenance: { done: 4, overdue: 1, evidence: 3 },
  incidents: [],
  ratings: { good: 5, okay: 1, poor: 0 },
}

describe('every PDF kind reads back on screen', () => {
  it('the invoice: title, number, total and the client', async () => {
    const text = ocr(
      await invoicePdf({ ...invoice('Riverside Family Clinic', 'Grace Park'), fonts: packageFonts }),
    )
    expect(text).toContain('INVOICE')
    expect(text).toContain('INV-2026-0042')
    expect(text).toMatch(/Total\s+\$1,020\.00/)
    expect(text).toContain('Riverside Family Clinic')
    expect(text).toContain('Grace Park')
  })

  it('the signed quote: title, number, total and the signer', async () => {
    const bytes = await renderQuotePdf({
      fonts: packageFonts,
      ownerName: from.name,
      quote: {
        number: 'Q-2026-0042',
        revision: 1,
        title: 'Wi-Fi for Riverside Family Clinic',
        clientName: 'Riverside Family Clinic',
        intro: null,
        lines: [
          {
            id: 1,
            description: 'Survey',
            quantityMilli: 1000,
            unit: null,
            unitPriceCents: 40_000,
            optional: false,
          },
        ],
        discountCents: 0,
        taxRateBp: 0,
        depositPercent: 0,
        paymentTerms: null,
        validUntil: '2026-12-26',
        currency: 'USD',
      },
      chosen: [],
      agreements: [],
      signature: {
        signerName: 'Grace Park',
        signerEmail: 'grace@example.com',
        signedAt: new Date('2026-11-26T10:00:00Z'),
        ip: null,
        userAgent: null,
        revision: 1,
        documentSha256: 'c'.repeat(64),
        agreementHashes: [],
      },
    })
    const text = ocr(bytes)
    expect(text).toContain('Q-2026-0042')
    expect(text).toContain('Wi-Fi for Riverside Family Clinic')
    expect(text).toMatch(/\$400\.00/)
    expect(text).toContain('Grace Park')
  })

  it('the service report: title, month, a figure and the client', async () => {
    const text = ocr(await serviceReportPdf({ fonts: packageFonts, from, report }))
    expect(text).toContain('SERVICE REPORT')
    expect(text).toContain('October 2026')
    expect(text).toContain('Riverside Family Clinic')
    expect(text).toContain('Used 5.5h')
  })

  it('the asset inventory: title, date, an asset and the client', async () => {
    const bytes = await assetInventoryPdf({
      fonts: packageFonts,
      clientName: 'Riverside Family Clinic',
      from: 'Alex Morgan',
      date: '2026-11-26',
      assets: [
        {
          name: 'Front desk PC',
          kind: 'Workstation',
          detail: 'Dell OptiPlex 7010',
          location: 'Reception',
          ephi: 'Yes',
          status: 'Active',
          dates: 'Warranty ends Dec 1, 2027',
        },
      ],
      counts: { total: 1, ephiYes: 1, ephiUnknown: 0 },
    })
    const text = ocr(bytes)
    expect(text).toContain('Technology asset inventory')
    expect(text).toContain('Riverside Family Clinic')
    expect(text).toContain('As of 2026-11-26')
    expect(text).toContain('Front desk PC')
  })

  it('the incident notice: subject, reference, the client and the body', async () => {
    const text = ocr(
      await incidentNoticePdf({
        fonts: packageFonts,
        reference: 'INC-2026-0002',
        clientName: 'Riverside Family Clinic',
        from: 'Alex Morgan',
        subject: 'Notice of a security incident',
        body: 'On **November 20** a laptop was lost.',
        sentAt: 'Nov 26, 2026',
      }),
    )
    expect(text).toContain('Notice of a security incident')
    expect(text).toContain('INC-2026-0002')
    expect(text).toContain('Riverside Family Clinic')
    expect(text).toContain('a laptop was lost')
  })

  it('the risk analysis: title, date, the client and a finding', async () => {
    const text = ocr(
      await riskAnalysisPdf({
        fonts: packageFonts,
        from,
        analysis: {
          clientName: 'Riverside Family Clinic',
          analysisDate: '2026-11-26',
          status: 'complete',
          completedAt: new Date('2026-11-26T12:00:00Z'),
          items: [
            {
              position: 1,
              area: 'technical',
              topic: 'Backups',
              question: 'Are backups tested?',
              finding: 'partly',
              notes: null,
              evidence: [],
              tasks: [],
            },
          ],
        },
      }),
    )
    expect(text).toContain('SECURITY RISK ANALYSIS')
    expect(text).toContain('Riverside Family Clinic')
    expect(text).toContain('2026-11-26')
    expect(text).toContain('Backups')
  })
})

describe('names in any script read back on screen', () => {
  it('Polish, Vietnamese and Chinese, each through its own language data', async () => {
    const bytes = await invoicePdf({
      ...invoice('Przychodnia Łukasiewicz', 'Nguyễn Văn Định', '网络审计 李明'),
      fonts: packageFonts,
    })
    expect(ocr(bytes, 'pol')).toContain('Przychodnia Łukasiewicz')
    expect(ocr(bytes, 'vie')).toContain('Nguyễn Văn Định')
    expect(ocr(bytes, 'chi_sim').replace(/\s+/g, '')).toContain('网络审计李明')
  })
})
