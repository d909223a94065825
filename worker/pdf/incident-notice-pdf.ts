// The notice to a covered entity (issue 39) as a PDF: what was sent, as sent.
import { type FontSource, MUTED, PdfDocument } from './toolkit'

export type NoticePdfInput = {
  reference: string
  clientName: string
  from: string
  subject: string
  body: string
  sentAt: string
  fonts: FontSource
}

export async function incidentNoticePdf(data: NoticePdfInput): Promise<Uint8Array> {
  const { fonts, ...text } = data
  const pdf = await PdfDocument.create(fonts, JSON.stringify(text), {
    title: `${data.reference}: ${data.subject}`,
    author: data.from,
    date: new Date(0),
  })
  pdf.paragraph(data.subject, { size: 16, bold: true })
  pdf.y -= 6
  pdf.row('Incident', data.reference)
  pdf.row('To', data.clientName)
  pdf.row('From', data.from)
  pdf.row('Sent', data.sentAt, { color: MUTED })
  pdf.y -= 12
  pdf.markdown(data.body)
  return pdf.save()
}
