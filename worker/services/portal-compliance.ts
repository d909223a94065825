// The portal compliance page's view (issue 39), /portal/compliance: only the
// client's BAAs, sent incident notices and completed risk analyses, dates
// worded, each with the address of its PDF (worker/portal/files.ts).
import { formatBusinessDateTime } from '../../schema/business-time'
import { formatCalendarDate } from '../../schema/slot-time'
import type { Db } from '../db'
import { listBaas } from './compliance/baas'
import { noticesForClient } from './compliance/notices'
import { completedRiskAnalyses } from './risk-overview'

export async function portalComplianceView(db: Db, clientId: number) {
  const [baas, notices, analyses] = await Promise.all([
    listBaas(db, clientId),
    noticesForClient(db, clientId),
    completedRiskAnalyses(db, clientId),
  ])
  return {
    baas: baas.map((b) => ({
      id: b.id,
      effectiveDate: formatCalendarDate(b.effectiveDate),
      renewalDate: b.renewalDate && formatCalendarDate(b.renewalDate),
      notice: `${b.notificationDays} ${b.notificationDayKind === 'business' ? 'business' : 'calendar'} days`,
      sha256: b.documentSha256,
      pdfHref: b.hasDocument ? `/portal/compliance/baas/${b.id}/pdf` : null,
    })),
    notices: notices.map((n) => ({
      ...n,
      sentAt: formatBusinessDateTime(n.sentAt),
      pdfHref: `/portal/compliance/notices/${n.id}/pdf`,
    })),
    riskAnalyses: analyses.map((r) => ({
      id: r.id,
      analysisDate: formatCalendarDate(r.analysisDate),
      completedAt: r.completedAt ? formatBusinessDateTime(r.completedAt) : null,
      pdfHref: `/portal/compliance/risk-analyses/${r.id}/pdf`,
    })),
  }
}
