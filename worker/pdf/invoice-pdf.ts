// The invoice as a PDF (issue 26), drawn with the PDF toolkit (toolkit.ts): the
// consultant's and the client's details, the lines, the totals, the payments,
// the balance and how to pay. A function of its data and its fonts (no other
// bindings), so a Node test can read its output with pdftotext. Amounts are
// formatted by schema/money.ts like everywhere else.
import { formatCents, taxLabel } from '../../schema/money'
import { type FontSource, MUTED, PAGE, PdfDocument } from './toolkit'

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

export async function invoicePdf({
  fonts,
  ...data
}: InvoicePdfData & { fonts: FontSource }): Promise<Uint8Array> {
  const pdf = await PdfDocument.create(fonts, JSON.stringify(data), {
    title: `${data.title} ${data.number}`,
    author: data.from.name,
    date: new Date(`${data.issueDate}T12:00:00Z`),
  })
  const { right } = pdf
  const left = PAGE.margin

  // Heading: who is billing, and the document's number and dates.
  pdf.draw(data.title.toUpperCase(), left, { size: 20, bold: true })
  pdf.draw(data.number, right, { size: 14, bold: true, alignRight: true })
  pdf.y -= 22
  pdf.draw(`Issued ${data.issueDate}`, right, { alignRight: true, color: MUTED })
  pdf.y -= 14
  pdf.draw(`Due ${data.dueDate}`, right, { alignRight: true, color: MUTED })
  pdf.y -= 26

  const column = (label: string, rows: string[], x: number, top: number) => {
    pdf.y = top
    pdf.draw(label, x, { size: 9, bold: true, color: MUTED })
    for (const row of rows) {
      pdf.y -= 14
      pdf.draw(row, x)
    }
    return pdf.y
  }
  const fromRows = [data.from.name, data.from.email, data.from.phone, data.from.website].filter(
    (r): r is string => !!r,
  )
  const toRows = [data.to.name, data.to.contactName, data.to.email].filter((r): r is string => !!r)
  const top = pdf.y
  const bottom = Math.min(column('FROM', fromRows, left, top), column('BILL TO', toRows, PAGE.width / 2, top))
  pdf.y = bottom - 30

  // The lines.
  const cols = { qty: 380, price: 470, amount: right }
  const heading = { bold: true, size: 9, color: MUTED, alignRight: true }
  pdf.draw('Description', left, { ...heading, alignRight: false })
  pdf.draw('Qty', cols.qty, heading)
  pdf.draw('Unit price', cols.price, heading)
  pdf.draw('Amount', cols.amount, heading)
  pdf.y -= 6
  pdf.line(left, right)
  pdf.y -= 14
  for (const line of data.lines) {
    const wrapped = pdf.wrap(line.description, cols.qty - left - 60)
    pdf.ensure(wrapped.length * 13 + 6)
    pdf.draw(line.quantity, cols.qty, { alignRight: true })
    pdf.draw(formatCents(line.unitPriceCents), cols.price, { alignRight: true })
    pdf.draw(formatCents(line.amountCents), cols.amount, { alignRight: true })
    for (const w of wrapped) {
      pdf.draw(w, left)
      pdf.y -= 13
    }
    pdf.y -= 5
  }
  if (data.roundingNote) {
    pdf.ensure(14)
    pdf.draw(data.roundingNote, left, { size: 9, color: MUTED })
    pdf.y -= 14
  }
  pdf.y -= 6
  pdf.line(cols.qty - 40, right)
  pdf.y -= 16

  const sum = (label: string, cents: number, strong = false) => {
    pdf.ensure(16)
    pdf.draw(label, cols.price, { alignRight: true, bold: strong })
    pdf.draw(formatCents(cents), cols.amount, { alignRight: true, bold: strong })
    pdf.y -= 16
  }
  sum('Subtotal', data.subtotalCents)
  if (data.discountCents) sum('Discount', -data.discountCents)
  if (data.taxCents || data.taxRateBp) sum(taxLabel(data.taxRateBp), data.taxCents)
  sum('Total', data.totalCents, true)
  if (data.creditedCents) sum('Credit notes', data.creditedCents)
  for (const p of data.payments) sum(`Paid ${p.date} (${p.method})`, -p.amountCents)
  sum(data.balanceCents < 0 ? 'Credit' : 'Balance due', Math.abs(data.balanceCents), true)

  if (data.howToPay.length) {
    pdf.y -= 14
    pdf.ensure(20 + data.howToPay.length * 14)
    pdf.draw('How to pay', left, { bold: true })
    pdf.y -= 1
    for (const row of data.howToPay) pdf.paragraph(row, { lineHeight: 14, gap: 0 })
  }
  if (data.notes) {
    pdf.y -= 10
    pdf.paragraph(data.notes, { size: 9, color: MUTED, lineHeight: 13, gap: 0 })
  }
  return pdf.save()
}
