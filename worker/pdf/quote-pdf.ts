// The quote as a PDF (issue 25): the quote, each agreement and, once signed, a
// signature page with the record and the hashes. Pure (pdf-lib only, no
// bindings), so the Worker and a Node test that reads it back with poppler's
// pdftotext run the very same code. Standard fonts only: their WinAnsi
// encoding cannot show every character, so text is first mapped to what it
// can (curly quotes to straight ones, dashes to hyphens, anything else to "?").
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib'
import { markdownBlocks } from '../../schema/markdown'
import { formatCents, fromQuantityMilli, lineAmountCents, taxLabel } from '../../schema/money'
import { depositOf, type QuoteDocument, quoteLabel, quoteTotals } from '../../schema/quotes'

export type SignatureRecord = {
  signerName: string
  signerEmail: string
  signedAt: Date
  ip: string | null
  userAgent: string | null
  revision: number
  documentSha256: string
  agreementHashes: { name: string; sha256: string }[]
}

export type QuotePdfInput = {
  ownerName: string
  quote: QuoteDocument
  /** The optional lines chosen (when signed); null: the offer, options listed as such. */
  chosen: number[] | null
  /** `kind` is the template's ('baa' names the parties Covered Entity and Business Associate). */
  agreements: { name: string; body: string; kind?: string | null }[]
  /** When the owner sent it: sending is the owner's countersignature of its agreements. */
  sentAt?: Date | null
  signature?: SignatureRecord | null
}

/** The two parties of an agreement as its signature lines name them. */
export const agreementParties = (kind: string | null | undefined) =>
  kind === 'baa'
    ? { client: 'Covered Entity', owner: 'Business Associate' }
    : { client: 'Client', owner: 'Consultant' }

const REPLACEMENTS: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2026': '...',
  '\u2022': '-',
  '\u00a0': ' ',
  '\u2192': '->',
  '\u2264': '<=',
  '\u2265': '>=',
}

/** Text the font can encode: known look-alikes replaced, anything else "?". */
export function winAnsiSafe(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet())
  let out = ''
  for (const ch of text.replace(/\t/g, '    ')) {
    const code = ch.codePointAt(0)!
    if (ch === '\n' || supported.has(code)) out += ch
    else out += REPLACEMENTS[ch] ?? '?'
  }
  return out
}

const PAGE = { width: 612, height: 792, margin: 56 }

/** A cursor that writes wrapped lines down the pages, adding a page when one is full. */
class Writer {
  page!: PDFPage
  y = 0
  constructor(
    private readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {}

  newPage() {
    this.page = this.doc.addPage([PAGE.width, PAGE.height])
    this.y = PAGE.height - PAGE.margin
  }

  private wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const out: string[] = []
    for (const paragraph of text.split('\n')) {
      let line = ''
      for (const word of paragraph.split(/ +/)) {
        const candidate = line ? `${line} ${word}` : word
        if (font.widthOfTextAtSize(candidate, size) <= width || !line) {
          line = candidate
          // A single word wider than the line (a hash, a URL) is cut.
          while (font.widthOfTextAtSize(line, size) > width && line.length > 1) {
            let cut = line.length - 1
            while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut--
            out.push(line.slice(0, cut))
            line = line.slice(cut)
          }
        } else {
          out.push(line)
          line = word
        }
      }
      out.push(line)
    }
    return out
  }

  text(raw: string, { size = 10, bold = false, indent = 0, gap = 4 } = {}) {
    const font = bold ? this.bold : this.regular
    const width = PAGE.width - 2 * PAGE.margin - indent
    for (const line of this.wrap(winAnsiSafe(font, raw), font, size, width)) {
      if (this.y - size < PAGE.margin) this.newPage()
      this.y -= size + 2
      this.page.drawText(line, {
        x: PAGE.margin + indent,
        y: this.y,
        size,
        font,
        color: rgb(0.06, 0.09, 0.16),
      })
    }
    this.y -= gap
  }

  /** A label and a value on one line, the value right-aligned (totals). */
  row(label: string, value: string, { bold = false } = {}) {
    const font = bold ? this.bold : this.regular
    const size = 10
    if (this.y - size < PAGE.margin) this.newPage()
    this.y -= size + 4
    const v = winAnsiSafe(font, value)
    this.page.drawText(winAnsiSafe(font, label), { x: PAGE.margin, y: this.y, size, font })
    this.page.drawText(v, {
      x: PAGE.width - PAGE.margin - font.widthOfTextAtSize(v, size),
      y: this.y,
      size,
      font,
    })
  }

  markdown(md: string) {
    for (const block of markdownBlocks(md)) {
      if (block.kind === 'heading') this.text(block.text, { size: 12, bold: true, gap: 6 })
      else if (block.kind === 'bullet') this.text(`- ${block.text}`, { indent: 12, gap: 2 })
      else if (block.kind === 'rule') this.y -= 8
      else this.text(block.text, { gap: 8 })
    }
  }
}

const utc = (d: Date) => `${d.toISOString().replace('T', ' ').slice(0, 19)} UTC`

const BLANK = '______________________________'

/**
 * A signature line for each party under an agreement (ADR 141): the client's
 * (filled once signed online, the record on the last page) and the owner's
 * countersignature, given by sending the agreement.
 */
function signatureLines(
  w: Writer,
  kind: string | null | undefined,
  input: QuotePdfInput,
  clientName: string,
) {
  const parties = agreementParties(kind)
  const s = input.signature
  w.y -= 8
  w.text('Signatures', { size: 12, bold: true, gap: 6 })
  w.text(`${parties.client}: ${clientName}`, { bold: true, gap: 2 })
  w.text(s ? `Signed online by ${s.signerName} (${s.signerEmail})` : `Signature: ${BLANK}`, {
    indent: 12,
    gap: 2,
  })
  w.text(s ? `Date: ${utc(s.signedAt)}` : `Name and title: ${BLANK}   Date: ${BLANK.slice(0, 12)}`, {
    indent: 12,
    gap: 8,
  })
  w.text(`${parties.owner}: ${input.ownerName}`, { bold: true, gap: 2 })
  w.text(
    input.sentAt
      ? `Countersigned by ${input.ownerName}, by sending this agreement`
      : `Countersignature: ${BLANK}`,
    { indent: 12, gap: 2 },
  )
  w.text(input.sentAt ? `Date: ${utc(input.sentAt)}` : `Date: ${BLANK.slice(0, 12)}`, { indent: 12, gap: 8 })
}

/** The PDF's bytes. */
export async function renderQuotePdf(input: QuotePdfInput): Promise<Uint8Array> {
  const { quote: q, chosen, signature } = input
  const doc = await PDFDocument.create()
  const label = quoteLabel(q.number, q.revision)
  doc.setTitle(`Quote ${label}${signature ? ' (signed)' : ''}`)
  doc.setAuthor(input.ownerName)
  doc.setCreator(input.ownerName)
  doc.setProducer('pdf-lib')
  // A fixed date keeps the bytes a function of the content (the record has the signing time).
  const stamp = signature?.signedAt ?? new Date(0)
  doc.setCreationDate(stamp)
  doc.setModificationDate(stamp)
  const w = new Writer(
    doc,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
  )

  w.newPage()
  w.text(`Quote ${label}`, { size: 18, bold: true, gap: 6 })
  w.text(q.title, { size: 13, bold: true, gap: 10 })
  w.text(`From: ${input.ownerName}`)
  w.text(`For: ${q.clientName}`)
  w.text(`Valid until: ${q.validUntil}   Currency: ${q.currency}`, { gap: 12 })
  if (q.intro) w.markdown(q.intro)

  w.text('Items', { size: 12, bold: true, gap: 6 })
  q.lines.forEach((l, i) => {
    const option = !l.optional
      ? ''
      : chosen === null
        ? ' (optional)'
        : chosen.includes(l.id)
          ? ' (optional, chosen)'
          : ' (optional, not chosen)'
    const unit = l.unit ? ` ${l.unit}` : ''
    w.text(`${i + 1}. ${l.description}${option}`, { bold: true, gap: 1 })
    w.text(
      `${fromQuantityMilli(l.quantityMilli)}${unit} x ${formatCents(l.unitPriceCents)} = ${formatCents(lineAmountCents(l.quantityMilli, l.unitPriceCents))}`,
      { indent: 12, gap: 6 },
    )
  })
  const totals = quoteTotals(q, chosen ?? [])
  w.row('Subtotal', formatCents(totals.subtotalCents))
  if (totals.discountCents) w.row('Discount', `-${formatCents(totals.discountCents)}`)
  if (q.taxRateBp) w.row(taxLabel(q.taxRateBp), formatCents(totals.taxCents))
  w.row('Total', formatCents(totals.totalCents), { bold: true })
  if (q.depositPercent)
    w.row(`Deposit (${q.depositPercent}%)`, formatCents(depositOf(totals.totalCents, q.depositPercent)))
  w.y -= 10
  if (q.paymentTerms) w.text(`Payment terms: ${q.paymentTerms}`)

  for (const a of input.agreements) {
    w.newPage()
    w.text(a.name, { size: 16, bold: true, gap: 10 })
    w.markdown(a.body)
    signatureLines(w, a.kind, input, q.clientName)
  }

  if (signature) {
    w.newPage()
    w.text('Signature record', { size: 16, bold: true, gap: 10 })
    const rows: [string, string][] = [
      ['Quote', label],
      ['Revision', String(signature.revision)],
      ['Signed by', signature.signerName],
      ['E-mail', signature.signerEmail],
      ['Signed at', utc(signature.signedAt)],
      ['IP address', signature.ip ?? 'unknown'],
      ['User agent', signature.userAgent ?? 'unknown'],
      ['Total accepted', formatCents(totals.totalCents)],
      ['SHA-256 of the quote as shown', signature.documentSha256],
      ...signature.agreementHashes.map((a): [string, string] => [`SHA-256 of "${a.name}"`, a.sha256]),
    ]
    for (const [k, v] of rows) {
      w.text(k, { bold: true, gap: 1 })
      w.text(v, { indent: 12, gap: 6 })
    }
    w.text(
      'The signer typed their full name and ticked "I agree" to accept this quote and each agreement above. Each hash is the SHA-256 of the exact text shown to them.',
      { size: 9, gap: 4 },
    )
  }
  return doc.save()
}
