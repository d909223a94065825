// REST for the yearly risk analyses (issue 39, point 4; ADR 156). The owner's:
// the session cookie, or an access token with the read-write or compliance
// scope (worker/auth/bearer.ts). Mounted at /api, as the paths span clients
// and analyses.
import { createRoute, z } from '@hono/zod-openapi'
import { rowId } from '../../schema/ids'
import { RISK_AREAS, RISK_FINDINGS, RISK_STATUSES } from '../../schema/risk-checklist'
import { riskAnalysisInput, riskAnalysisPatch } from '../../schema/risk-payloads.server'
import { requireOwner } from '../auth/middleware'
import { fileHeaders } from '../files/disposition'
import { FILE_KINDS } from '../files/sniff'
import { readUpload, UPLOAD_MESSAGES } from '../files/upload'
import { badRequest } from '../middleware/errors'
import {
  openApiBody as body,
  CONFLICT,
  idPath,
  openApiJson as json,
  NOT_FOUND,
  OWNER_ERRORS,
  OWNER_SECURITY,
  openApiApp,
  pathId,
} from '../middleware/openapi'
import {
  addRiskEvidence,
  createRiskAnalysis,
  getRiskAnalysis,
  listRiskAnalyses,
  openRiskEvidence,
  riskAnalysisPdfFor,
  updateRiskAnalysis,
} from '../services/risk-analyses'

const owner = { tags: ['Risk analyses'], security: OWNER_SECURITY, middleware: requireOwner }
const errors = { ...OWNER_ERRORS, ...NOT_FOUND, ...CONFLICT }

const summary = z
  .looseObject({
    id: z.number(),
    clientId: z.number(),
    analysisDate: z.string(),
    status: z.enum(RISK_STATUSES),
    completedAt: z.string().nullable(),
    itemCount: z.number(),
    answeredCount: z.number(),
  })
  .openapi('RiskAnalysisSummary')
const evidence = z.object({
  id: z.number(),
  itemId: z.number(),
  name: z.string(),
  type: z.string(),
  size: z.number(),
})
const task = z.object({
  id: z.number(),
  itemId: z.number(),
  description: z.string(),
  dueDate: z.string(),
  done: z.boolean(),
})
const analysis = summary
  .extend({
    clientName: z.string(),
    items: z.array(
      z.looseObject({
        id: z.number(),
        position: z.number(),
        area: z.enum(RISK_AREAS),
        topic: z.string(),
        question: z.string(),
        assetId: z.number().nullable(),
        finding: z.enum(RISK_FINDINGS).nullable(),
        notes: z.string().nullable(),
        evidence: z.array(evidence),
        tasks: z.array(task),
      }),
    ),
  })
  .openapi('RiskAnalysis')

const evidencePath = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: '3' }),
  evidenceId: z.string().openapi({ param: { name: 'evidenceId', in: 'path' }, example: '7' }),
})

const itemPath = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: '3' }),
  itemId: z.string().openapi({ param: { name: 'itemId', in: 'path' }, example: '41' }),
})

export const riskAnalysesApi = openApiApp()
riskAnalysesApi
  .openapi(
    createRoute({
      ...owner,
      method: 'get',
      path: '/clients/{id}/risk-analyses',
      summary: "A client's risk analyses, newest first",
      request: { params: idPath },
      responses: { ...OWNER_ERRORS, 200: json(z.array(summary), 'The analyses'), 404: errors[404] },
    }),
    async (c) => c.json(await listRiskAnalyses(c.var.db, pathId(c)), 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'post',
      path: '/clients/{id}/risk-analyses',
      summary: "Starts a risk analysis, seeded from the HHS SRA checklist and the client's ePHI assets",
      request: {
        params: idPath,
        body: { ...body(riskAnalysisInput, { analysisDate: '2026-11-27' }), required: false },
      },
      responses: { ...OWNER_ERRORS, 201: json(analysis, 'The new analysis'), 404: errors[404] },
    }),
    async (c) => {
      const clientId = pathId(c)
      const input = c.req.valid('json') as { analysisDate?: string } | undefined
      return c.json(await createRiskAnalysis(c.var.db, clientId, input ?? {}), 201)
    },
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'get',
      path: '/risk-analyses/{id}',
      summary: 'One risk analysis with its items, evidence and remediation tasks',
      request: { params: idPath },
      responses: { ...OWNER_ERRORS, 200: json(analysis, 'The analysis'), 404: errors[404] },
    }),
    async (c) => c.json(await getRiskAnalysis(c.var.db, pathId(c)), 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'patch',
      path: '/risk-analyses/{id}',
      summary:
        'Findings and notes of items, new and changed remediation tasks, and `complete: true`, which locks the analysis (409 afterwards)',
      request: {
        params: idPath,
        body: body(riskAnalysisPatch, {
          items: [{ id: 41, finding: 'partly', notes: 'Backups run nightly; a restore was never tested' }],
          newTasks: [{ itemId: 41, description: 'Test a full restore from backup', dueDate: '2027-01-15' }],
          tasks: [{ id: 7, done: true }],
        }),
      },
      responses: { ...OWNER_ERRORS, 200: json(analysis, 'The analysis'), 404: errors[404], 409: errors[409] },
    }),
    async (c) => c.json(await updateRiskAnalysis(c.var.db, pathId(c), c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'get',
      path: '/risk-analyses/{id}/pdf',
      summary: 'The risk analysis as a PDF report for the client',
      request: { params: idPath },
      responses: {
        ...OWNER_ERRORS,
        200: {
          description: 'PDF',
          content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } },
        },
        404: errors[404],
      },
    }),
    async (c) => {
      const pdf = await riskAnalysisPdfFor(c.var.db, c.env, pathId(c))
      return c.body(pdf.bytes as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `inline; filename="${pdf.filename}"`,
      })
    },
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'post',
      path: '/risk-analyses/{id}/items/{itemId}/evidence',
      summary:
        'Adds an evidence file to an item (multipart field `file`: images, PDF, DOC, DOCX, TXT, MD; at most 10 MB)',
      // The multipart body is read and checked by readUpload (content sniffed, 10 MB), as on /api/uploads.
      request: { params: itemPath },
      responses: {
        ...OWNER_ERRORS,
        201: json(evidence, 'The stored file'),
        404: errors[404],
        409: errors[409],
        413: { description: 'The file is larger than 10 MB' },
      },
    }),
    async (c) => {
      const id = pathId(c)
      const itemId = rowId.safeParse(c.req.param('itemId'))
      if (!itemId.success) throw badRequest({ itemId: 'Not a valid id' })
      const upload = await readUpload(c.req, 'file', FILE_KINDS, UPLOAD_MESSAGES.fileType)
      return c.json(await addRiskEvidence(c.var.db, c.env.FILES, id, itemId.data, upload), 201)
    },
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'get',
      path: '/risk-analyses/{id}/evidence/{evidenceId}',
      summary: 'Downloads one evidence file of the analysis',
      request: { params: evidencePath },
      responses: { ...OWNER_ERRORS, 200: { description: 'The file' }, 404: errors[404] },
    }),
    async (c) => {
      const evidenceId = rowId.safeParse(c.req.param('evidenceId'))
      if (!evidenceId.success) throw badRequest({ evidenceId: 'Not a valid id' })
      const { file, object } = await openRiskEvidence(c.var.db, c.env.FILES, pathId(c), evidenceId.data)
      return new Response(object.body, {
        headers: fileHeaders({ mime: file.type, name: file.name, size: object.size }),
      }) as never
    },
  )
