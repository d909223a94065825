// The portal's files as Hono routes beside its pages (mounted in worker/app.ts),
// each for the signed-in contact's client only: another client's file, PDF or
// record answers 404 exactly like a missing one; without a session, 401 (a
// download is not a page, so it sends no sign-in form).
import { Hono } from 'hono'
import { periodOf } from '../../schema/plans'
import { notBegunMessage } from '../../schema/service-report'
import type { AppEnv } from '../env'
import { fileHeaders } from '../files/disposition'
import { notFound, unauthorized } from '../middleware/errors'
import { stripeCheckoutEnabled } from '../payments/stripe'
import { baaDocument, listBaas } from '../services/compliance/baas'
import { noticePdf, noticesForClient } from '../services/compliance/notices'
import { Invalid, NotFound } from '../services/errors'
import { parseId } from '../services/ids'
import { portalInvoicePdf } from '../services/invoices'
import { runPdfFor, trainingRecordsPdfFor } from '../services/people/evidence'
import { clientScope, openPortalFile } from '../services/portal'
import { quotePdf } from '../services/quotes'
import { reportMonths, serviceReportPdfFor } from '../services/reports/service-report'
import { riskAnalysisPdfFor } from '../services/risk-analyses'
import { completedRiskAnalysisOf } from '../services/risk-overview'

/** A client file's download (issue 24). */
export const portalFiles = new Hono<AppEnv>().get('/:id/download', async (c) => {
  const contact = c.var.contact
  if (!contact) throw unauthorized()
  const { file, object } = await openPortalFile(
    c.var.db,
    c.env.FILES,
    clientScope(contact.clientId),
    parseId(c.req.param('id')),
  )
  const headers = fileHeaders({ mime: file.type, name: file.name, size: file.size })
  // Always a download: a file from one person of the client is not rendered on the site's origin.
  headers['Content-Disposition'] = headers['Content-Disposition'].replace(/^inline/, 'attachment')
  return new Response(object.body, { headers })
})

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

/**
 * GET /portal/reports/{YYYY-MM}.pdf: the client's report as a PDF, for an
 * ended month of theirs or the month in progress (so far); a month not begun
 * is a 400 that says so.
 */
export const portalReportFiles = new Hono<AppEnv>().get(
  '/reports/:file{[0-9]{4}-[0-9]{2}\\.pdf}',
  async (c) => {
    const contact = c.var.contact
    if (!contact) throw unauthorized()
    const period = c.req.param('file').slice(0, 7)
    if (period > periodOf(new Date()))
      throw new Invalid({ period: notBegunMessage(period) }, notBegunMessage(period))
    if (!(await reportMonths(c.var.db, contact.clientId)).includes(period)) throw notFound()
    const { filename, bytes } = await serviceReportPdfFor(c.var.db, c.env, contact.clientId, period)
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'private, no-store',
      'Referrer-Policy': 'no-referrer',
    })
  },
)

/** GET /portal/invoices/:id/pdf: the client's invoice as a PDF. */
export const portalInvoiceFiles = new Hono<AppEnv>().get('/invoices/:id/pdf', async (c) => {
  const contact = c.var.contact
  if (!contact) throw unauthorized()
  const { filename, bytes } = await portalInvoicePdf(
    c.var.db,
    c.env,
    { clientId: contact.clientId },
    parseId(c.req.param('id')),
    stripeCheckoutEnabled(c.env),
  )
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `attachment; filename="${filename}"`,
    'Cache-Control': 'private, no-store',
    'Referrer-Policy': 'no-referrer',
  })
})

/** GET /portal/quotes/:id/pdf: the client's quote as a PDF (the stored signed copy once accepted); without a session 404. */
export const portalQuoteFiles = new Hono<AppEnv>().get('/quotes/:id/pdf', async (c) => {
  const contact = c.var.contact
  if (!contact) throw new NotFound()
  const { filename, bytes } = await quotePdf(c.var.db, c.env, parseId(c.req.param('id')), {
    clientId: contact.clientId,
    contactId: contact.contactId,
  })
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `attachment; filename="${filename}"`,
    'Cache-Control': 'private, no-store',
    'Referrer-Policy': 'no-referrer',
  })
})

const evidenceHeaders = (filename: string, sha256: string) => ({
  'Content-Type': 'application/pdf',
  'Content-Disposition': `attachment; filename="${filename}"`,
  'Cache-Control': 'private, no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Content-SHA256': sha256,
})

/** GET /portal/people/runs/{id}/pdf and /portal/people/training/{YYYY}.pdf: the contact's own client's only. */
export const portalPeopleFiles = new Hono<AppEnv>()
  .get('/people/runs/:id/pdf', async (c) => {
    const contact = c.var.contact
    if (!contact) throw unauthorized()
    const pdf = await runPdfFor(c.var.db, c.env, { clientId: contact.clientId }, parseId(c.req.param('id')))
    return c.body(pdf.bytes as Uint8Array<ArrayBuffer>, 200, evidenceHeaders(pdf.filename, pdf.sha256))
  })
  .get('/people/training/:file', async (c) => {
    const contact = c.var.contact
    if (!contact) throw unauthorized()
    const match = /^(\d{4})\.pdf$/.exec(c.req.param('file'))
    if (!match) throw notFound()
    const pdf = await trainingRecordsPdfFor(
      c.var.db,
      c.env,
      { clientId: contact.clientId },
      contact.clientId,
      Number(match[1]),
    )
    return c.body(pdf.bytes as Uint8Array<ArrayBuffer>, 200, evidenceHeaders(pdf.filename, pdf.sha256))
  })
