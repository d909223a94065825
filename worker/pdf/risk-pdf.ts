// The yearly risk analysis as a PDF report for the client (issue 39, point 4),
// drawn with the PDF toolkit: a summary by area and finding, then every item
// with its finding, notes, evidence file names and remediation tasks.
import {
  RISK_AREA_LABELS,
  RISK_AREAS,
  RISK_FINDING_LABELS,
  RISK_FINDINGS,
  type RiskArea,
  type RiskFinding,
} from '../../schema/risk-checklist'
import { type FontSource, MUTED, PAGE, PdfDocument } from './toolkit'

export type RiskPdfData = {
  from: { name: string; email: string }
  analysis: {
    clientName: string
    analysisDate: string
    status: string
    completedAt: Date | null
    items: {
      position: number
      area: RiskArea
      topic: string
      question: string
      finding: RiskFinding | null
      notes: string | null
      evidence: { name: string }[]
      tasks: { description: string; dueDate: string; done: boolean }[]
    }[]
  }
}

const findingText = (f: RiskFinding | null) => (f ? RISK_FINDING_LABELS[f] : 'Not answered')

export async function riskAnalysisPdf({
  fonts,
  ...data
}: RiskPdfData & { fonts: FontSource }): Promise<Uint8Array> {
  const { analysis } = data
  const pdf = await PdfDocument.create(fonts, JSON.stringify(data), {
    title: `Security risk analysis ${analysis.clientName} ${analysis.analysisDate}`,
    author: data.from.name,
    date: new Date(`${analysis.analysisDate}T12:00:00Z`),
  })
  const left = PAGE.margin
  pdf.draw('SECURITY RISK ANALYSIS', left, { size: 18, bold: true })
  pdf.y -= 22
  pdf.draw(analysis.clientName, left, { size: 13, bold: true })
  pdf.y -= 16
  pdf.draw(
    `Analysis date ${analysis.analysisDate}${analysis.status === 'completed' ? ' · completed' : ' · in progress (draft)'}`,
    left,
    { color: MUTED },
  )
  pdf.y -= 14
  pdf.draw(`Prepared by ${data.from.name} (${data.from.email}), HIPAA 45 CFR 164.308(a)(1)(ii)(A)`, left, {
    color: MUTED,
  })
  pdf.y -= 24

  pdf.draw('Summary', left, { bold: true })
  pdf.y -= 16
  for (const area of RISK_AREAS) {
    const items = analysis.items.filter((x) => x.area === area)
    if (!items.length) continue
    const counts = [...RISK_FINDINGS, null]
      .map((f) => [findingText(f), items.filter((x) => x.finding === f).length] as const)
      .filter(([, n]) => n > 0)
      .map(([label, n]) => `${label} ${n}`)
      .join(', ')
    pdf.row(RISK_AREA_LABELS[area], counts)
  }
  pdf.y -= 10

  for (const area of RISK_AREAS) {
    const items = analysis.items.filter((x) => x.area === area)
    if (!items.length) continue
    pdf.ensure(40)
    pdf.y -= 8
    pdf.draw(RISK_AREA_LABELS[area], left, { size: 13, bold: true })
    pdf.y -= 6
    pdf.line(left, pdf.right)
    pdf.y -= 16
    for (const item of items) {
      pdf.ensure(60)
      pdf.draw(`${item.position}. ${item.topic}`, left, { bold: true })
      pdf.draw(findingText(item.finding), pdf.right, { bold: true, alignRight: true })
      pdf.y -= 14
      pdf.paragraph(item.question, { size: 9, color: MUTED, lineHeight: 12, gap: 2 })
      if (item.notes) pdf.paragraph(`Notes: ${item.notes}`, { size: 9, lineHeight: 12, gap: 2 })
      if (item.evidence.length)
        pdf.paragraph(`Evidence: ${item.evidence.map((e) => e.name).join(', ')}`, {
          size: 9,
          lineHeight: 12,
          gap: 2,
        })
      for (const task of item.tasks)
        pdf.paragraph(`Remediation${task.done ? ' (done)' : ''}: ${task.description}, due ${task.dueDate}`, {
          size: 9,
          lineHeight: 12,
          gap: 2,
        })
      pdf.y -= 8
    }
  }
  return pdf.save()
}
