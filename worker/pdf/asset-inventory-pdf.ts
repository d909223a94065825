// The client's "Technology asset inventory" (issue 38) as a PDF, drawn with the
// PDF toolkit: the practice's input to its HIPAA risk analysis (which systems
// exist, where, who uses them, and which store or process patient data). A
// function of its data and its fonts, like the invoice PDF. Internal notes are
// never printed: the client keeps this document.
import { type FontSource, MUTED, PAGE, PdfDocument } from './toolkit'

export type InventoryPdfData = {
  clientName: string
  from: string
  date: string
  assets: {
    name: string
    kind: string
    detail: string
    location: string
    ephi: string
    status: string
    dates: string
  }[]
  counts: { total: number; ephiYes: number; ephiUnknown: number }
}

export async function assetInventoryPdf({
  fonts,
  ...data
}: InventoryPdfData & { fonts: FontSource }): Promise<Uint8Array> {
  const pdf = await PdfDocument.create(fonts, JSON.stringify(data), {
    title: `Technology asset inventory: ${data.clientName}`,
    author: data.from,
    date: new Date(`${data.date}T12:00:00Z`),
  })
  const left = PAGE.margin
  const { right } = pdf
  pdf.draw('Technology asset inventory', left, { size: 20, bold: true })
  pdf.y -= 22
  pdf.draw(data.clientName, left, { size: 13, bold: true })
  pdf.draw(`As of ${data.date}`, right, { alignRight: true, color: MUTED })
  pdf.y -= 18
  pdf.paragraph(
    `Prepared by ${data.from} as input to the practice's security risk analysis (45 CFR 164.308(a)(1)(ii)(A)). ` +
      `${data.counts.total} assets; ${data.counts.ephiYes} store or process ePHI; ${data.counts.ephiUnknown} not yet determined.`,
    { size: 9, color: MUTED, lineHeight: 13, gap: 8 },
  )
  const cols = { kind: left + 170, location: left + 270, ephi: left + 380, dates: left + 420 }
  const heading = { bold: true, size: 9, color: MUTED }
  pdf.draw('Asset', left, heading)
  pdf.draw('Kind', cols.kind, heading)
  pdf.draw('Location / user', cols.location, heading)
  pdf.draw('ePHI', cols.ephi, heading)
  pdf.draw('Status, dates', cols.dates, heading)
  pdf.y -= 6
  pdf.line(left, right)
  pdf.y -= 14
  const cell = (text: string, width: number, size = 9) => pdf.wrap(text, width, { size })
  for (const asset of data.assets) {
    const name = cell(asset.name, 160)
    const detail = asset.detail ? cell(asset.detail, 160, 8) : []
    const location = cell(asset.location, 105)
    const dates = cell([asset.status, asset.dates].filter(Boolean).join('; '), right - cols.dates)
    const height = Math.max(name.length + detail.length, location.length, dates.length) * 12 + 6
    pdf.ensure(height)
    const top = pdf.y
    const column = (rows: string[], x: number, style = {}) => {
      pdf.y = top
      for (const r of rows) {
        pdf.draw(r, x, { size: 9, ...style })
        pdf.y -= 12
      }
    }
    column(name, left, { bold: true })
    const after = pdf.y
    pdf.y = after
    for (const r of detail) {
      pdf.draw(r, left, { size: 8, color: MUTED })
      pdf.y -= 12
    }
    column([asset.kind], cols.kind)
    column(location, cols.location)
    column([asset.ephi], cols.ephi)
    column(dates, cols.dates)
    pdf.y = top - height
  }
  if (!data.assets.length) pdf.paragraph('No assets are recorded for this client yet.', { size: 10 })
  return pdf.save()
}
