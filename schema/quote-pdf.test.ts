// @vitest-environment node
// The signed quote PDF (issue 25) read back by a real PDF reader: poppler's
// pdftotext must show the number, the total (formatted by formatCents) and the
// signer's name, and characters the standard fonts cannot encode must not
// break the generation. The PDF function is the one the Worker runs.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { packageFonts } from '../test/node/pdf-fonts'
import { renderQuotePdf } from '../worker/pdf/quote-pdf'
import { formatCents } from './money'
import { type QuoteDocument, quoteTotals } from './quotes'

const quote: QuoteDocument = {
  number: 'Q-2026-0007',
  revision: 2,
  title: 'Network refresh for the clinic',
  clientName: 'Riverside Dental \u2014 “Main Office” \u2192 East',
  intro: '## Scope\n\nWe replace the **router** and the switches.\n\n- New firewall\n- Wi\u2011Fi survey 😀',
  lines: [
    {
      id: 1,
      description: 'Router and firewall',
      quantityMilli: 1000,
      unit: null,
      unitPriceCents: 150_000,
      optional: false,
    },
    {
      id: 2,
      description: 'Installation',
      quantityMilli: 6500,
      unit: 'hours',
      unitPriceCents: 12_000,
      optional: false,
    },
    {
      id: 3,
      description: 'Staff training',
      quantityMilli: 2000,
      unit: 'hours',
      unitPriceCents: 9_500,
      optional: true,
    },
  ],
  discountCents: 5_000,
  taxRateBp: 825,
  depositPercent: 50,
  paymentTerms: 'Net 15',
  validUntil: '2026-12-24',
  currency: 'USD',
}

function pdfText(bytes: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'quote-pdf-'))
  const file = join(dir, 'quote.pdf')
  writeFileSync(file, bytes)
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
}

describe('the quote PDF', () => {
  it('shows the number, the total with the chosen option and the signature record', async () => {
    const chosen = [3]
    const total = quoteTotals(quote, chosen).totalCents
    const bytes = await renderQuotePdf({
      fonts: packageFonts,
      ownerName: 'Alex Morgan',
      quote,
      chosen,
      agreements: [
        { name: 'Business Associate Agreement', body: '# BAA\n\nBetween {{client}} and us. Señor Ünïcode ✓' },
      ],
      signature: {
        signerName: 'Dana Whitfield',
        signerEmail: 'dana@riverside.example',
        signedAt: new Date('2026-11-24T15:04:05Z'),
        ip: '203.0.113.9',
        userAgent: 'Mozilla/5.0 (test)',
        revision: 2,
        documentSha256: 'a'.repeat(64),
        agreementHashes: [{ name: 'Business Associate Agreement', sha256: 'b'.repeat(64) }],
      },
    })
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-')
    const text = pdfText(bytes)
    expect(text).toContain('Quote Q-2026-0007 rev 2')
    // 1,500.00 + 780.00 + 190.00 - 50.00 = 2,420.00; tax 8.25 % = 199.65.
    expect(total).toBe(261_965)
    expect(text).toContain(formatCents(total))
    expect(text).toContain('$2,619.65')
    expect(text).toContain('Dana Whitfield')
    expect(text).toContain('Staff training (optional, chosen)')
    expect(text).toContain('Business Associate Agreement')
    expect(text).toContain('Signature record')
    expect(text).toContain('a'.repeat(64))
    expect(text).toContain('2026-11-24 15:04:05 UTC')
    // Noto Sans has the dash and curly quotes; the arrow and the tick, which it lacks, print as look-alikes.
    expect(text).toContain('Riverside Dental — “Main Office” -> East')
    expect(text).toContain('Señor Ünïcode v')
  })

  it('without a choice lists the options and counts only the fixed lines', async () => {
    const text = pdfText(
      await renderQuotePdf({
        fonts: packageFonts,
        ownerName: 'Alex Morgan',
        quote,
        chosen: null,
        agreements: [],
      }),
    )
    expect(text).toContain('Staff training (optional)')
    expect(text).toContain(formatCents(quoteTotals(quote, []).totalCents))
    expect(text).not.toContain('Signature record')
  })
})
