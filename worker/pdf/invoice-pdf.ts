// The invoice as a PDF (issue 26), drawn with pdf-lib in the Worker: the
// consultant's and the client's details, the lines, the totals, the payments,
// the balance and how to pay. A pure function of its data (no bindings), so a
// Node test can read its output with pdftotext. Amounts are formatted by
// schema/money.ts like everywhere else.
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib'
import { formatCents, taxLabel } from '../../schema/money'

export type InvoicePdfData = {
  number: string
  title: string
  issueDate: string
  dueDate: string
  status: string
  from: { name: string; email: string; phone?: string | null; website?: string | null }
  to: { name: string; contactName?: string | null; email?: string | null }
  lines: { description: string; quantity: string; unitPriceCents: number; amountCents: number }[]
  subtotalCents: number
  discountCents: number
  taxRateBp: number
  taxCents: number
  totalCents: number
  creditedCents: number
  payments: { date: string; method: string; amountCents: number }[]
  balanceCents: number
  roundingNote?: string | null
  howToPay: string[]
  notes?: string | null
}

const A4 = [595.28, 841.89] as const
const MARGIN = 50
const INK = rgb(0.06, 0.09, 0.16)
const MUTED = rgb(0.35, 0.4, 0.47)

/**
 * The standard fonts speak WinAnsi only: other characters (a client's name in
 * another script, an emoji) would make pdf-lib throw, so they become "?".
 * Common typography maps to its plain equivalent first.
 */
export function winAnsi(text: string): string {
  return text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\u2026/g, '...')
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/[^\x20-\x7E\xA0-\xFF]/g, '?')
}

/** Splits text into lines no wider than `width` at `size`. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const out: string[] = []
  let line = ''
  for (const word of winAnsi(text).split(' ')) {
    const next = line ? `${line} ${word}` : word
    if (font.widthOfTextAtSize(next, size) <= width || !line) line = next
    else {
      out.push(line)
      line = word
    }
  }
  if (line) out.push(line)
  return out
}

export async function invoicePdf(data: InvoicePdfData): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  doc.setTitle(winAnsi(`${data.title} ${data.number}`))
  doc.setAuthor(winAnsi(data.from.name))
  doc.setCreationDate(new Date(`${data.issueDate}T12:00:00Z`))
  const regular = await doc.embedFont(StandardFonts.Helvetica)
  const bold = await doc.embedFont(StandardFonts.HelveticaBold)
  let page: PDFPage = doc.addPage([...A4])
  let y = A4[1] - MARGIN
  const right = A4[0] - MARGIN

  const ensure = (height: number) => {
    if (y - height >= MARGIN) return
    page = doc.addPage([...A4])
    y = A4[1] - MARGIN
  }
  const text = (
    value: string,
    x: number,
    opts: { size?: number; font?: PDFFont; color?: typeof INK; alignRight?: boolean } = {},
  ) => {
    const size = opts.size ?? 10
    const font = opts.font ?? regular
    const safe = winAnsi(value)
    const at = opts.alignRight ? x - font.widthOfTextAtSize(safe, size) : x
    page.drawText(safe, { x: at, y, size, font, color: opts.color ?? INK })
  }

  // Heading: who is billing, and the document's number and dates.
  text(data.title.toUpperCase(), MARGIN, { size: 20, font: bold })
  text(data.number, right, { size: 14, font: bold, alignRight: true })
  y -= 22
  text(`Issued ${data.issueDate}`, right, { alignRight: true, color: MUTED })
  y -= 14
  text(`Due ${data.dueDate}`, right, { alignRight: true, color: MUTED })
  y -= 26

  const column = (label: string, rows: string[], x: number, top: number) => {
    let yy = top
    page.drawText(label, { x, y: yy, size: 9, font: bold, color: MUTED })
    for (const row of rows) {
      yy -= 14
      page.drawText(winAnsi(row), { x, y: yy, size: 10, font: regular, color: INK })
    }
    return yy
  }
  const fromRows = [data.from.name, data.from.email, data.from.phone, data.from.website].filter(
    (r): r is string => !!r,
  )
  const toRows = [data.to.name, data.to.contactName, data.to.email].filter((r): r is string => !!r)
  const bottom = Math.min(column('FROM', fromRows, MARGIN, y), column('BILL TO', toRows, A4[0] / 2, y))
  y = bottom - 30

  // The lines.
  const cols = { qty: 360, price: 440, amount: right }
  const header = () => {
    text('Description', MARGIN, { font: bold, size: 9, color: MUTED })
    text('Qty', cols.qty, { font: bold, size: 9, color: MUTED, alignRight: true })
    text('Unit price', cols.price, { font: bold, size: 9, color: MUTED, alignRight: true })
    text('Amount', cols.amount, { font: bold, size: 9, color: MUTED, alignRight: true })
    y -= 6
    page.drawLine({ start: { x: MARGIN, y }, end: { x: right, y }, thickness: 0.5, color: MUTED })
    y -= 14
  }
  header()
  for (const line of data.lines) {
    const wrapped = wrap(line.description, regular, 10, cols.qty - MARGIN - 50)
    ensure(wrapped.length * 13 + 6)
    text(line.quantity, cols.qty, { alignRight: true })
    text(formatCents(line.unitPriceCents), cols.price, { alignRight: true })
    text(formatCents(line.amountCents), cols.amount, { alignRight: true })
    for (const w of wrapped) {
      text(w, MARGIN)
      y -= 13
    }
    y -= 5
  }
  if (data.roundingNote) {
    ensure(14)
    text(data.roundingNote, MARGIN, { size: 9, color: MUTED })
    y -= 14
  }
  y -= 6
  page.drawLine({ start: { x: cols.qty - 40, y }, end: { x: right, y }, thickness: 0.5, color: MUTED })
  y -= 16

  const sum = (label: string, cents: number, strong = false) => {
    ensure(16)
    text(label, cols.price, { alignRight: true, font: strong ? bold : regular })
    text(formatCents(cents), cols.amount, { alignRight: true, font: strong ? bold : regular })
    y -= 16
  }
  sum('Subtotal', data.subtotalCents)
  if (data.discountCents) sum('Discount', -data.discountCents)
  if (data.taxCents || data.taxRateBp) sum(taxLabel(data.taxRateBp), data.taxCents)
  sum('Total', data.totalCents, true)
  if (data.creditedCents) sum('Credit notes', data.creditedCents)
  for (const p of data.payments) sum(`Paid ${p.date} (${p.method})`, -p.amountCents)
  sum(data.balanceCents < 0 ? 'Credit' : 'Balance due', Math.abs(data.balanceCents), true)

  if (data.howToPay.length) {
    y -= 14
    ensure(20 + data.howToPay.length * 14)
    text('How to pay', MARGIN, { font: bold })
    y -= 15
    for (const row of data.howToPay)
      for (const w of wrap(row, regular, 10, right - MARGIN)) {
        ensure(14)
        text(w, MARGIN)
        y -= 14
      }
  }
  if (data.notes) {
    y -= 10
    for (const w of wrap(data.notes, regular, 9, right - MARGIN)) {
      ensure(13)
      text(w, MARGIN, { size: 9, color: MUTED })
      y -= 13
    }
  }
  return doc.save()
}
