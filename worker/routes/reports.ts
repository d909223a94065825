// REST for the monthly service report (issue 40):
// GET /api/clients/{id}/reports/{YYYY-MM} answers the figures as JSON, and
// .../{YYYY-MM}.pdf the same report as a PDF. Both are computed from the
// records on every call. The owner's: the session cookie, or a personal access
// token allowed on the client work (worker/auth/bearer.ts).
import { createRoute, z } from '@hono/zod-openapi'
import { ASSET_KINDS, RENEWAL_WHATS } from '../../schema/assets'
import { SLA_URGENCIES } from '../../schema/plans'
import { requireOwner } from '../auth/middleware'
import { idPath, NOT_FOUND, OWNER_ERRORS, OWNER_SECURITY, openApiApp, pathId } from '../middleware/openapi'
import { serviceReport, serviceReportPdfFor } from '../services/reports/service-report'

const owner = { tags: ['Reports'], security: OWNER_SECURITY }

const report = z
  .looseObject({
    period: z.string().openapi({ example: '2026-10' }),
    asOf: z.string().nullable().openapi({
      description:
        'For the month in progress, the day its figures run to (the report so far); null once ended',
      example: null,
    }),
    clientId: z.number(),
    clientName: z.string(),
    requests: z.object({ opened: z.number(), closed: z.number() }),
    sla: z.object({
      met: z.number(),
      total: z.number(),
      medianFirstResponseMinutes: z.number().nullable(),
      byUrgency: z.array(
        z.object({
          urgency: z.enum(SLA_URGENCIES),
          met: z.number(),
          total: z.number(),
          targetHours: z.number(),
          businessHours: z.boolean(),
        }),
      ),
    }),
    minutes: z.object({
      used: z.number(),
      included: z.number(),
      rollover: z.number(),
      plan: z.string().nullable(),
    }),
    maintenance: z.object({ done: z.number(), overdue: z.number(), evidence: z.number() }),
    incidents: z.array(z.object({ reference: z.string(), title: z.string() })),
    ratings: z.object({ good: z.number(), okay: z.number(), poor: z.number() }),
    renewals: z.array(
      z.object({
        assetId: z.number(),
        name: z.string(),
        kind: z.enum(ASSET_KINDS),
        date: z.string(),
        what: z.enum(RENEWAL_WHATS),
      }),
    ),
  })
  .openapi('ServiceReport')

const params = idPath.extend({
  month: z.string().openapi({
    param: { name: 'month', in: 'path' },
    description:
      'The month as YYYY-MM for the figures, or YYYY-MM.pdf for the PDF; the month in progress gives its figures so far, a month not begun is a 400',
    example: '2026-10',
  }),
})

export const reportsRoutes = openApiApp()
reportsRoutes.use('/clients/:id/reports/*', requireOwner)
reportsRoutes.openapi(
  createRoute({
    ...owner,
    method: 'get',
    path: '/clients/{id}/reports/{month}',
    summary: "A client's monthly service report (JSON), or with .pdf the PDF",
    request: { params },
    responses: {
      ...OWNER_ERRORS,
      ...NOT_FOUND,
      200: {
        description: 'The report',
        content: {
          'application/json': { schema: report },
          'application/pdf': { schema: z.string().openapi({ format: 'binary' }) },
        },
      },
    },
  }),
  async (c) => {
    const { month } = c.req.valid('param')
    const clientId = pathId(c)
    if (month.endsWith('.pdf')) {
      const pdf = await serviceReportPdfFor(c.var.db, c.env, clientId, month.slice(0, -4))
      return c.body(pdf.bytes as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `inline; filename="${pdf.filename}"`,
      })
    }
    return c.json(await serviceReport(c.var.db, clientId, month), 200)
  },
)
