// @vitest-environment node
// The invoice PDF read back by a real PDF reader (poppler's pdftotext): the
// number, the lines, the total, the payments and the balance are there as text.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { type InvoicePdfData, invoicePdf } from '../../worker/pdf/invoice-pdf'
import { packageFonts } from './pdf-fonts'

const data: InvoicePdfData = {
  number: 'INV-2026-0001',
  title: 'Invoice',
  issueDate: '2026-11-24',
  dueDate: '2026-12-09',
  status: 'sent',
  from: {
    name: 'Alex Morgan',
    email: 'hello@example.com',
    phone: '+1 (618) 555-0123',
    website: 'https://example.com',
  },
  to: { name: 'Riverside Clinic', contactName: 'Dana Ruiz', email: 'dana@clinic.example' },
  lines: [
    {
      description: '2026-11-20 S-1043: Printer queue fixed \u2014 drivers reinstalled (95 min)',
      quantity: '1.583 h',
      unitPriceCents: 12_000,
      amountCents: 19_000,
    },
  ],
  subtotalCents: 19_000,
  discountCents: 0,
  taxRateBp: 0,
  taxCents: 0,
  totalCents: 19_000,
  creditedCents: 0,
  payments: [{ date: '2026-11-25', method: 'check', amountCents: 5_000 }],
  balanceCents: 14_000,
  howToPay: ['By bank transfer or check: quote INV-2026-0001.'],
  notes: 'Thank you \u{1F600}',
}

function pdfText(bytes: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'invoice-pdf-'))
  const file = join(dir, 'invoice.pdf')
  writeFileSync(file, bytes)
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
}

describe('invoice PDF', () => {
  it('shows the number, the details, the lines, the total, the payments and the balance', async () => {
    const text = pdfText(await invoicePdf({ ...data, fonts: packageFonts }))
    expect(text).toContain('INV-2026-0001')
    expect(text).toContain('Riverside Clinic')
    expect(text).toContain('Alex Morgan')
    expect(text).toMatch(
      /Printer queue fixed \u2014 drivers\s+1\.583 h\s+\$120\.00\s+\$190\.00\s+reinstalled/,
    )
    expect(text).toMatch(/Total\s+\$190\.00/)
    expect(text).toMatch(/Paid 2026-11-25 \(check\)\s+-\$50\.00/)
    expect(text).toMatch(/Balance due\s+\$140\.00/)
    expect(text).toContain('How to pay')
    expect(text).toContain('Due 2026-12-09')
  })

  it('shows an overpayment as credit, a name in Chinese, and survives characters no font has', async () => {
    const text = pdfText(
      await invoicePdf({
        ...data,
        to: { name: '\u6771\u4EAC Clinic' },
        balanceCents: -1_000,
        fonts: packageFonts,
      }),
    )
    expect(text).toMatch(/Credit\s+\$10\.00/)
    // Noto Sans SC has the name; no font has the emoji, which alone prints as "?".
    expect(text).toContain('\u6771\u4EAC Clinic')
    expect(text).toContain('Thank you ?')
  })

  it('continues on a new page when the lines do not fit on one', async () => {
    const many = Array.from({ length: 80 }, (_, i) => ({ ...data.lines[0]!, description: `Line ${i + 1}` }))
    const text = pdfText(await invoicePdf({ ...data, lines: many, fonts: packageFonts }))
    expect(text).toContain('Line 80')
    expect(text.split('\f').filter((p) => p.trim()).length).toBeGreaterThan(1)
  })
})
