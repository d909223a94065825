// The monthly service report as a PDF (issue 40), drawn with the PDF toolkit:
// a function of the report's figures and the fonts, so a test reads it back
// with pdftotext. Hours and dates are written as the portal writes them.
import { ASSET_KIND_LABELS } from '../../schema/assets'
import { hoursText } from '../../schema/plans'
import { reportLines, reportTitle, type ServiceReport, URGENCY_LABELS } from '../../schema/service-report'
import { formatCalendarDate } from '../../schema/slot-time'
import { type FontSource, MUTED, PAGE, PdfDocument } from './toolkit'

export async function serviceReportPdf({
  fonts,
  from,
  report,
}: {
  fonts: FontSource
  from: { name: string; email: string }
  report: ServiceReport
}): Promise<Uint8Array> {
  const pdf = await PdfDocument.create(fonts, JSON.stringify({ from, report }), {
    title: `Service report ${reportTitle(report)} ${report.clientName}`,
    author: from.name,
    date: new Date(`${report.period}-01T12:00:00Z`),
  })
  const left = PAGE.margin
  pdf.draw('SERVICE REPORT', left, { size: 20, bold: true })
  pdf.draw(reportTitle(report), pdf.right, { size: 14, bold: true, alignRight: true })
  pdf.y -= 20
  // A month in progress says so in words, so a printed copy is not read as the whole month.
  if (report.asOf) {
    pdf.paragraph(
      `This month is not over: these are its figures so far, up to ${formatCalendarDate(report.asOf)}.`,
      { color: MUTED },
    )
    pdf.y -= 4
  }
  pdf.draw(report.clientName, left, { size: 12 })
  pdf.draw(`From ${from.name} (${from.email})`, pdf.right, { alignRight: true, color: MUTED })
  pdf.y -= 24

  const section = (title: string) => {
    pdf.ensure(40)
    pdf.y -= 10
    pdf.draw(title, left, { size: 12, bold: true })
    pdf.y -= 4
    pdf.line(left, pdf.right)
  }

  section('At a glance')
  for (const [label, value] of reportLines(report)) pdf.row(label, value)

  section('First answers by urgency')
  for (const line of report.sla.byUrgency) {
    const target = `${line.targetHours} ${line.businessHours ? 'business hours' : 'hours'}`
    pdf.row(
      `${URGENCY_LABELS[line.urgency]} (target ${target})`,
      line.total ? `${line.met} of ${line.total} on time` : 'None',
    )
  }

  section(`Renewals in the next 60 days`)
  if (!report.renewals.length) pdf.paragraph('Nothing expires in the next 60 days.', { color: MUTED })
  for (const r of report.renewals)
    pdf.row(
      `${r.name} (${ASSET_KIND_LABELS[r.kind]}, ${r.what === 'warranty' ? 'warranty ends' : 'renewal due'})`,
      formatCalendarDate(r.date),
    )

  if (report.minutes.plan) {
    section(`Your plan: ${report.minutes.plan}`)
    pdf.row('Included this month', hoursText(report.minutes.included))
    pdf.row('Carried over from last month', hoursText(report.minutes.rollover))
    pdf.row('Used', hoursText(report.minutes.used))
  }

  pdf.y -= 16
  pdf.paragraph(
    'These figures are computed from the records each time the report is opened, so a correction made later shows here.',
    { size: 8, color: MUTED },
  )
  return pdf.save()
}
