// @vitest-environment node
// Any name prints (issue 34.7): the quote and the invoice PDFs, drawn by the
// one toolkit with embedded Noto Sans, read back by poppler's pdftotext show
// names in Latin, Polish, Vietnamese and Chinese exactly as typed, on US
// Letter paper; the 10 MB CJK font is read only for a document that needs it.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PDFDocument } from 'pdf-lib'
import { beforeEach, describe, expect, it } from 'vitest'
import { type InvoicePdfData, invoicePdf } from '../../worker/pdf/invoice-pdf'
import { renderQuotePdf } from '../../worker/pdf/quote-pdf'
import { cleanText, PAGE, PdfDocument } from '../../worker/pdf/toolkit'
import { fontReads, packageFonts } from './pdf-fonts'

const LATIN = 'Zoë Łukasiewicz-Nguyễn'
const CHINESE = 'Alice 李'

function pdfText(bytes: Uint8Array): string {
  const file = join(mkdtempSync(join(tmpdir(), 'pdf-names-')), 'doc.pdf')
  writeFileSync(file, bytes)
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
}

const invoice = (to: string, contact: string): InvoicePdfData => ({
  number: 'INV-2026-0042',
  title: 'Invoice',
  issueDate: '2026-11-26',
  dueDate: '2026-12-11',
  status: 'sent',
  from: { name: 'Alex Morgan', email: 'hello@example.com' },
  to: { name: to, contactName: contact, email: 'zoe@example.com' },
  lines: [
    {
      description: `Network audit for ${contact}`,
      quantity: '1',
      unitPriceCents: 50_000,
      amountCents: 50_000,
    },
  ],
  subtotalCents: 50_000,
  discountCents: 0,
  taxRateBp: 0,
  taxCents: 0,
  totalCents: 50_000,
  creditedCents: 0,
  payments: [],
  balanceCents: 50_000,
  howToPay: [],
})

const quote = (client: string, signer: string) =>
  renderQuotePdf({
    fonts: packageFonts,
    ownerName: 'Alex Morgan',
    quote: {
      number: 'Q-2026-0042',
      revision: 1,
      title: `Wi-Fi for ${client}`,
      clientName: client,
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
      signerName: signer,
      signerEmail: 'signer@example.com',
      signedAt: new Date('2026-11-26T10:00:00Z'),
      ip: null,
      userAgent: null,
      revision: 1,
      documentSha256: 'c'.repeat(64),
      agreementHashes: [],
    },
  })

const pageSizes = async (bytes: Uint8Array) =>
  (await PDFDocument.load(bytes)).getPages().map((p) => [p.getWidth(), p.getHeight()])

beforeEach(() => {
  fontReads.length = 0
})

describe('names in any script', () => {
  it('the invoice prints Latin, Polish and Vietnamese names exactly, on US Letter, without the CJK font', async () => {
    const bytes = await invoicePdf({ ...invoice(`${LATIN} Studio`, LATIN), fonts: packageFonts })
    const text = pdfText(bytes)
    expect(text).toContain(`${LATIN} Studio`)
    expect(text).toContain(`Network audit for ${LATIN}`)
    expect(text).not.toContain('?')
    expect(await pageSizes(bytes)).toEqual([[612, 792]])
    expect(fontReads).not.toContain('NotoSansSC-Regular.ttf')
  })

  it('the invoice prints a Chinese name exactly', async () => {
    const bytes = await invoicePdf({ ...invoice(CHINESE, CHINESE), fonts: packageFonts })
    const text = pdfText(bytes)
    expect(text).toMatch(new RegExp(`BILL TO\\s*\\n[^\\n]*${CHINESE}`))
    expect(text).toContain(`Network audit for ${CHINESE}`)
    expect(fontReads).toContain('NotoSansSC-Regular.ttf')
  })

  it('the signed quote prints both names exactly, on US Letter', async () => {
    const bytes = await quote(`${LATIN} & ${CHINESE}`, LATIN)
    const text = pdfText(bytes)
    expect(text).toContain(`For: ${LATIN} & ${CHINESE}`)
    expect(text).toMatch(new RegExp(`Signed by\\s+${LATIN}`))
    const chinese = pdfText(await quote('Riverside Dental', CHINESE))
    expect(chinese).toMatch(new RegExp(`Signed by\\s+${CHINESE}`))
    for (const size of await pageSizes(bytes)) expect(size).toEqual([612, 792])
  })

  it('the same input gives the same bytes (the signed copy is hashed)', async () => {
    const a = await quote(CHINESE, LATIN)
    const b = await quote(CHINESE, LATIN)
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true)
  })
})

describe('the toolkit', () => {
  it('cleans text: composed form, no control or invisible characters, tabs as spaces', () => {
    expect(cleanText('Nguye\u0302\u0303n')).toBe('Nguyễn')
    expect(cleanText('a\u0000b\u200Bc\td\r\ne')).toBe('abc    d\ne')
  })

  it('wraps words at the width, cuts a word too long, and breaks CJK text between characters', async () => {
    const pdf = await PdfDocument.create(packageFonts, '李', { title: 't', author: 'a', date: new Date(0) })
    const width = pdf.width('Łukasiewicz Łukasiewicz')
    expect(pdf.wrap('Łukasiewicz Łukasiewicz Łukasiewicz', width)).toEqual([
      'Łukasiewicz Łukasiewicz',
      'Łukasiewicz',
    ])
    expect(pdf.wrap('a'.repeat(200), 100).every((l) => pdf.width(l) <= 100)).toBe(true)
    expect(pdf.wrap('a'.repeat(200), 100).join('')).toBe('a'.repeat(200))
    const han = '李'.repeat(40)
    const lines = pdf.wrap(`Alice ${han}`, 100)
    expect(lines.length).toBeGreaterThan(2)
    expect(lines.join('')).toBe(`Alice ${han}`)
    expect(lines.every((l) => pdf.width(l) <= 100)).toBe(true)
  })

  it('breaks the page when the text does not fit', async () => {
    const pdf = await PdfDocument.create(packageFonts, '', { title: 't', author: 'a', date: new Date(0) })
    for (let i = 0; i < 100; i++) pdf.paragraph(`Line ${i}`)
    expect(pdf.doc.getPageCount()).toBeGreaterThan(1)
    expect(pdf.y).toBeGreaterThanOrEqual(PAGE.margin)
  })
})
