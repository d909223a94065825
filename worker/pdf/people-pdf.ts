// The clinic's people as evidence (issue 55), drawn with the PDF toolkit like
// the incident notice: the training records of a client's year (each person,
// module, version, date and score), and one onboarding or offboarding run
// (each step, who did it, when, and whether it was late). Each names the
// SHA-256 of the records it shows; the answer's X-Content-SHA256 header names
// the SHA-256 of the PDF's own bytes.
import { type FontSource, MUTED, PAGE, PdfDocument } from './toolkit'

export type TrainingRecordsPdfData = {
  from: string
  clientName: string
  year: number
  generatedOn: string
  recordsSha256: string
  rows: {
    name: string
    title: string
    version: number
    dueDate: string
    completed: string
    score: string
    status: string
  }[]
  summary: string
}

export async function trainingRecordsPdf({
  fonts,
  ...data
}: TrainingRecordsPdfData & { fonts: FontSource }): Promise<Uint8Array> {
  const pdf = await PdfDocument.create(fonts, JSON.stringify(data), {
    title: `Workforce training records ${data.clientName} ${data.year}`,
    author: data.from,
    date: new Date(`${data.year}-01-01T12:00:00Z`),
  })
  const left = PAGE.margin
  pdf.draw('WORKFORCE TRAINING RECORDS', left, { size: 18, bold: true })
  pdf.y -= 22
  pdf.draw(`${data.clientName} · ${data.year}`, left, { size: 13, bold: true })
  pdf.y -= 16
  pdf.paragraph(
    `HIPAA security and privacy training (45 CFR 164.308(a)(5), 164.530(b)); records kept at least six years. Prepared by ${data.from} on ${data.generatedOn}.`,
    { color: MUTED },
  )
  pdf.paragraph(data.summary, { bold: true, gap: 10 })
  if (!data.rows.length) pdf.paragraph('No training was assigned this year.')
  for (const row of data.rows) {
    pdf.ensure(48)
    pdf.line(left, pdf.right)
    pdf.paragraph(`${row.name}: ${row.title} (version ${row.version})`, { bold: true, gap: 2 })
    pdf.paragraph(`${row.status} · Due ${row.dueDate} · Completed ${row.completed} · Score ${row.score}`, {
      gap: 6,
    })
  }
  pdf.y -= 8
  pdf.paragraph(`SHA-256 of these records: ${data.recordsSha256}`, { size: 8, color: MUTED })
  return pdf.save()
}

export type RunPdfData = {
  from: string
  clientName: string
  personName: string
  kind: string
  when: string
  status: string
  recordsSha256: string
  steps: { title: string; done: string; late: boolean; note: string | null }[]
}

export async function runPdf({ fonts, ...data }: RunPdfData & { fonts: FontSource }): Promise<Uint8Array> {
  const pdf = await PdfDocument.create(fonts, JSON.stringify(data), {
    title: `${data.kind}: ${data.personName}, ${data.clientName}`,
    author: data.from,
    date: new Date(0),
  })
  const left = PAGE.margin
  pdf.draw(data.kind.toUpperCase(), left, { size: 18, bold: true })
  pdf.y -= 22
  pdf.draw(`${data.personName} · ${data.clientName}`, left, { size: 13, bold: true })
  pdf.y -= 16
  pdf.paragraph(data.when, { color: MUTED })
  pdf.paragraph(data.status, { bold: true, gap: 10 })
  for (const [i, step] of data.steps.entries()) {
    pdf.ensure(40)
    pdf.line(left, pdf.right)
    pdf.paragraph(`${i + 1}. ${step.title}${step.late ? ' (LATE)' : ''}`, { bold: true, gap: 2 })
    pdf.paragraph(step.done, { gap: step.note ? 2 : 6 })
    if (step.note) pdf.paragraph(`Note: ${step.note}`, { color: MUTED, gap: 6 })
  }
  pdf.y -= 8
  pdf.paragraph(`SHA-256 of these records: ${data.recordsSha256}`, { size: 8, color: MUTED })
  return pdf.save()
}
