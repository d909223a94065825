// The quote as a PDF (issue 25): the quote, each agreement and, once signed, a
// signature page with the record and the hashes. Drawn with the PDF toolkit
// (toolkit.ts) and a function of its input and fonts, so the Worker and a Node
// test that reads it back with poppler's pdftotext run the very same code.
import { formatCents, fromQuantityMilli, lineAmountCents, taxLabel } from '../../schema/money'
import { depositOf, type QuoteDocument, quoteLabel, quoteTotals } from '../../schema/quotes'
import { type FontSource, PdfDocument } from './toolkit'

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
  /** The fonts: the Worker's static assets (env.ASSETS), or files in a Node test. */
  fonts: FontSource
}

/** The two parties of an agreement as its signature lines name them. */
export const agreementParties = (kind: string | null | undefined) =>
  kind === 'baa'
    ? { client: 'Covered Entity', owner: 'Business Associate' }
    : { client: 'Client', owner: 'Consultant' }

const utc = (d: Date) => `${d.toISOString().replace('T', ' ').slice(0, 19)} UTC`

const BLANK = '______________________________'

/**
 * A signature line for each party under an agreement (ADR 141): the client's
 * (filled once signed online, the record on the last page) and the owner's
 * countersignature, given by sending the agreement.
 */
function signatureLines(
  w: PdfDocument,
  kind: string | null | undefined,
  input: QuotePdfInput,
  clientName: string,
) {
  const parties = agreementParties(kind)
  const s = input.signature
  w.y -= 8
  w.paragraph('Signatures', { size: 12, bold: true, gap: 6 })
  w.paragraph(`${parties.client}: ${clientName}`, { bold: true, gap: 2 })
  w.paragraph(s ? `Signed online by ${s.signerName} (${s.signerEmail})` : `Signature: ${BLANK}`, {
    indent: 12,
    gap: 2,
  })
  w.paragraph(s ? `Date: ${utc(s.signedAt)}` : `Name and title: ${BLANK}   Date: ${BLANK.slice(0, 12)}`, {
    indent: 12,
    gap: 8,
  })
  w.paragraph(`${parties.owner}: ${input.ownerName}`, { bold: true, gap: 2 })
  w.paragraph(
    input.sentAt
      ? `Countersigned by ${input.ownerName}, by sending this agreement`
      : `Countersignature: ${BLANK}`,
    { indent: 12, gap: 2 },
  )
  w.paragraph(input.sentAt ? `Date: ${utc(input.sentAt)}` : `Date: ${BLANK.slice(0, 12)}`, {
    indent: 12,
    gap: 8,
  })
}

/** The PDF's bytes. */
export async function renderQuotePdf(input: QuotePdfInput): Promise<Uint8Array> {
  const { quote: q, chosen, signature } = input
  const label = quoteLabel(q.number, q.revision)
  // A fixed date keeps the bytes a function of the content (the record has the signing time).
  const w = await PdfDocument.create(input.fonts, JSON.stringify({ ...input, fonts: null }), {
    title: `Quote ${label}${signature ? ' (signed)' : ''}`,
    author: input.ownerName,
    date: signature?.signedAt ?? new Date(0),
  })
  w.paragraph(`Quote ${label}`, { size: 18, bold: true, gap: 6 })
  w.paragraph(q.title, { size: 13, bold: true, gap: 10 })
  w.paragraph(`From: ${input.ownerName}`)
  w.paragraph(`For: ${q.clientName}`)
  w.paragraph(`Valid until: ${q.validUntil}   Currency: ${q.currency}`, { gap: 12 })
  if (q.intro) w.markdown(q.intro)

  w.paragraph('Items', { size: 12, bold: true, gap: 6 })
  q.lines.forEach((l, i) => {
    const option = !l.optional
      ? ''
      : chosen === null
        ? ' (optional)'
        : chosen.includes(l.id)
          ? ' (optional, chosen)'
          : ' (optional, not chosen)'
    const unit = l.unit ? ` ${l.unit}` : ''
    w.paragraph(`${i + 1}. ${l.description}${option}`, { bold: true, gap: 1 })
    w.paragraph(
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
  if (q.paymentTerms) w.paragraph(`Payment terms: ${q.paymentTerms}`)

  for (const a of input.agreements) {
    w.newPage()
    w.paragraph(a.name, { size: 16, bold: true, gap: 10 })
    w.markdown(a.body)
    signatureLines(w, a.kind, input, q.clientName)
  }

  if (signature) {
    w.newPage()
    w.paragraph('Signature record', { size: 16, bold: true, gap: 10 })
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
      w.paragraph(k, { bold: true, gap: 1 })
      w.paragraph(v, { indent: 12, gap: 6 })
    }
    w.paragraph(
      'The signer typed their full name and ticked "I agree" to accept this quote and each agreement above. Each hash is the SHA-256 of the exact text shown to them.',
      { size: 9, gap: 4 },
    )
  }
  return w.save()
}
