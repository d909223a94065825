// The portal compliance page's server (web/lib/portal-compliance.ts) and its
// PDFs: only the signed-in contact's client's BAAs, sent notices and completed
// risk analyses. Without a session the page sends the visitor to /portal and a
// PDF answers 401; another client's notice or analysis is a 404, the same as
// one that does not exist.
import type { Context } from 'hono'
import { Hono } from 'hono'
import { redirect } from 'react-router'
import { formatBusinessDateTime } from '../../schema/business-time'
import { formatCalendarDate } from '../../schema/slot-time'
import type { PortalComplianceServer } from '../../web/lib/portal-compliance'
import type { AppEnv } from '../env'
import { notFound, unauthorized } from '../middleware/errors'
import { baaDocument, listBaas } from '../services/compliance/baas'
import { noticePdf, noticesForClient } from '../services/compliance/notices'
import { parseId } from '../services/ids'
import { riskAnalysisPdfFor } from '../services/risk-analyses'
import { completedRiskAnalyses, completedRiskAnalysisOf } from '../services/risk-overview'

export function portalComplianceFor(c: Context<AppEnv>): PortalComplianceServer {
  return {
    async view() {
      const contact = c.var.contact
      if (!contact) throw redirect('/portal')
      const [baas, notices, analyses] = await Promise.all([
        listBaas(c.var.db, contact.clientId),
        noticesForClient(c.var.db, contact.clientId),
        completedRiskAnalyses(c.var.db, contact.clientId),
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
    },
  }
}

const pdfHeaders = (filename: string) => ({
  'Content-Type': 'application/pdf',
  'Content-Disposition': `attachment; filename="${filename}"`,
  'Cache-Control': 'private, no-store',
  'Referrer-Policy': 'no-referrer',
})

/**
 * GET /portal/compliance/baas/{id}/pdf (the signed BAA on file),
 * /portal/compliance/notices/{id}/pdf and /portal/compliance/risk-analyses/{id}/pdf.
 */
export const portalComplianceFiles = new Hono<AppEnv>()
  .get('/compliance/baas/:id/pdf', async (c) => {
    const contact = c.var.contact
    if (!contact) throw unauthorized()
    const id = parseId(c.req.param('id'))
    // Only a BAA of this client with its signed PDF filed: the list is scoped to it.
    const mine = await listBaas(c.var.db, contact.clientId)
    if (!mine.some((b) => b.id === id && b.hasDocument)) throw notFound()
    const { bytes } = await baaDocument(c.var.db, c.env, id)
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, pdfHeaders(`business-associate-agreement-${id}.pdf`))
  })
  .get('/compliance/notices/:id/pdf', async (c) => {
    const contact = c.var.contact
    if (!contact) throw unauthorized()
    const id = parseId(c.req.param('id'))
    // Only a notice sent to this client: the list is already scoped to it.
    const mine = await noticesForClient(c.var.db, contact.clientId)
    if (!mine.some((n) => n.id === id)) throw notFound()
    const { bytes, filename } = await noticePdf(c.var.db, c.env, id)
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, pdfHeaders(filename))
  })
  .get('/compliance/risk-analyses/:id/pdf', async (c) => {
    const contact = c.var.contact
    if (!contact) throw unauthorized()
    const id = await completedRiskAnalysisOf(c.var.db, contact.clientId, parseId(c.req.param('id')))
    const { bytes, filename } = await riskAnalysisPdfFor(c.var.db, c.env, id)
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, pdfHeaders(filename))
  })
