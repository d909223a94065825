// REST for the compliance desk (issue 39): BAAs, incidents and the notices to
// covered entities, as one OpenAPIHono sub-app mounted at /api. Every route is
// the owner's: the session cookie, or a personal access token with the
// read-write or compliance scope (worker/auth/bearer.ts).
import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { DAY_KINDS, DEADLINE_BASES, DETERMINATIONS, EPHI_INVOLVED } from '../../schema/compliance'
import {
  baaInput,
  baaPatch,
  incidentInput,
  incidentPatch,
  noticeInput,
  noticePatch,
} from '../../schema/compliance-payloads.server'
import { requireOwner } from '../auth/middleware'
import { deliverEach } from '../mail/outbox'
import { inBackground } from '../middleware/background'
import {
  openApiBody as body,
  CONFLICT,
  DateTimeSchema,
  idPath,
  openApiJson as json,
  NOT_FOUND,
  OWNER_ERRORS,
  OWNER_SECURITY,
  openApiApp,
  pathId,
} from '../middleware/openapi'
import { attachBaaDocument, baaDocument, listBaas, recordBaa, updateBaa } from '../services/compliance/baas'
import { createIncident, getIncident, listIncidents, updateIncident } from '../services/compliance/incidents'
import {
  draftNotice,
  noticePdf,
  noticePreviewPdf,
  sendNotice,
  updateNotice,
} from '../services/compliance/notices'
import { actorOf } from './assets'

const owner = { tags: ['Compliance'], security: OWNER_SECURITY }
const errors = { ...OWNER_ERRORS, ...NOT_FOUND, ...CONFLICT }
const dateTime = DateTimeSchema

const baa = z
  .object({
    id: z.number(),
    clientId: z.number(),
    effectiveDate: z.string(),
    renewalDate: z.string().nullable(),
    notificationDays: z.number(),
    notificationDayKind: z.enum(DAY_KINDS),
    source: z.enum(['quote', 'recorded']),
    documentSha256: z.string().nullable(),
    hasDocument: z.boolean(),
  })
  .openapi('Baa')
const deadline = z
  .object({
    clientId: z.number(),
    clientName: z.string(),
    dueAt: dateTime.openapi({ description: '23:59 business time of the due day' }),
    basis: z.enum(DEADLINE_BASES),
    notifiedAt: dateTime.nullable().openapi({ description: 'When the notice was sent: the clock stopped' }),
  })
  .openapi('IncidentDeadline')
const incident = z
  .looseObject({
    id: z.number(),
    reference: z.string().openapi({ example: 'INC-2026-0001' }),
    title: z.string(),
    discoveredAt: z.string(),
    description: z.string(),
    ephiInvolved: z.enum(EPHI_INVOLVED),
    individualsAffected: z.number().nullable(),
    determination: z.enum(DETERMINATIONS),
    deadlines: z.array(deadline),
  })
  .openapi('Incident')
const incidentDetail = incident
  .extend({
    timeline: z.array(
      z.object({
        id: z.number(),
        at: dateTime,
        actor: z.string(),
        action: z.string(),
        changes: z.record(z.string(), z.unknown()).openapi({ description: '{field: [before, after]}' }),
        note: z.string().nullable(),
      }),
    ),
  })
  .openapi('IncidentDetail')
const notice = z
  .object({
    id: z.number(),
    incidentId: z.number(),
    clientId: z.number(),
    subject: z.string(),
    body: z.string(),
    status: z.enum(['draft', 'sent']),
    sentAt: dateTime.nullable(),
    sentTo: z.array(z.string()),
    sha256: z.string().nullable(),
  })
  .openapi('IncidentNotice')
const sendInput = z
  .object({ recipientContactIds: z.array(z.number().int().positive()).optional() })
  .openapi('IncidentNoticeSend')

const pdfAnswer = { description: 'PDF', content: { 'application/pdf': { schema: z.string() } } }

export const complianceApi = openApiApp()
for (const path of ['/baas', '/baas/*', '/incidents', '/incidents/*', '/incident-notices/*'])
  complianceApi.use(path, requireOwner)

complianceApi
  .openapi(
    createRoute({
      ...owner,
      method: 'get',
      path: '/baas',
      summary: 'The BAAs on file, newest first',
      responses: { ...OWNER_ERRORS, 200: json(z.array(baa), 'The BAAs') },
    }),
    async (c) => c.json(await listBaas(c.var.db), 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'post',
      path: '/baas',
      summary:
        'Records a BAA signed elsewhere (default notice period: 60 calendar days); its PDF may follow (PUT /baas/{id}/document)',
      request: {
        body: body(baaInput, {
          clientId: 12,
          effectiveDate: '2026-01-01',
          renewalDate: '2027-01-01',
          notificationDays: 10,
          notificationDayKind: 'business',
        }),
      },
      responses: { ...OWNER_ERRORS, 201: json(baa, 'The BAA') },
    }),
    async (c) => c.json(await recordBaa(c.var.db, c.env, c.req.valid('json')), 201),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'patch',
      path: '/baas/{id}',
      summary: "Changes a BAA's dates or notice period",
      request: { params: idPath, body: body(baaPatch, { renewalDate: '2028-01-01' }) },
      responses: {
        ...OWNER_ERRORS,
        200: json(baa, 'The BAA'),
        404: errors[404],
      },
    }),
    async (c) => c.json(await updateBaa(c.var.db, pathId(c), c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'put',
      path: '/baas/{id}/document',
      summary:
        'Uploads the signed PDF of a recorded BAA; the Worker stores it in R2 and computes its SHA-256',
      request: {
        params: idPath,
        body: {
          required: true,
          content: { 'application/pdf': { schema: z.string(), example: '%PDF-1.7 (the signed BAA)' } },
        },
      },
      responses: {
        ...OWNER_ERRORS,
        200: json(baa, 'The BAA'),
        404: errors[404],
        409: errors[409],
      },
    }),
    async (c) =>
      c.json(
        await attachBaaDocument(c.var.db, c.env, pathId(c), new Uint8Array(await c.req.arrayBuffer())),
        200,
      ),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'get',
      path: '/incidents',
      summary: 'The incidents, latest discovery first, with each affected client’s deadline',
      responses: { ...OWNER_ERRORS, 200: json(z.array(incident), 'The incidents') },
    }),
    async (c) => c.json(await listIncidents(c.var.db), 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'post',
      path: '/incidents',
      summary:
        'Records an incident: a reference INC-YYYY-NNNN and, per affected client, the deadline (the earlier of discovery + 60 calendar days and its BAA period, 23:59 business time)',
      request: {
        body: body(incidentInput, {
          title: 'Front-desk laptop stolen',
          discoveredAt: '2026-11-23T09:00:00-06:00',
          description: 'The laptop was taken from a car; the disk is encrypted.',
          clientIds: [12],
          ephiInvolved: 'unknown',
          individualsAffected: null,
        }),
      },
      responses: {
        ...OWNER_ERRORS,
        201: json(incidentDetail, 'The incident'),
      },
    }),
    async (c) => c.json(await createIncident(c.var.db, c.req.valid('json'), actorOf(c)), 201),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'get',
      path: '/incidents/{id}',
      summary: 'One incident with its deadlines, assets, notices and timeline',
      request: { params: idPath },
      responses: {
        ...OWNER_ERRORS,
        200: json(incidentDetail, 'The incident'),
        404: errors[404],
      },
    }),
    async (c) => c.json(await getIncident(c.var.db, pathId(c)), 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'patch',
      path: '/incidents/{id}',
      summary: 'Changes an incident; the change is appended to its timeline ({field: [before, after]})',
      request: {
        params: idPath,
        body: body(incidentPatch, {
          determination: 'not_breach',
          mitigation: 'Remote wipe confirmed',
          note: 'Reviewed',
        }),
      },
      responses: {
        ...OWNER_ERRORS,
        200: json(incidentDetail, 'The incident'),
        404: errors[404],
      },
    }),
    async (c) => c.json(await updateIncident(c.var.db, pathId(c), c.req.valid('json'), actorOf(c)), 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'delete',
      path: '/incidents/{id}',
      summary: 'Never allowed: incidents are kept (45 CFR 164.316(b)(2))',
      request: { params: idPath },
      responses: {
        ...OWNER_ERRORS,
        405: json(z.object({ message: z.string() }), 'Incidents are never deleted'),
      },
    }),
    async (c) => {
      c.header('Allow', 'GET, PATCH')
      return c.json({ message: 'Incidents are never deleted; record a change instead.' }, 405)
    },
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'post',
      path: '/incidents/{id}/notices',
      summary: 'Drafts the notice to an affected client (the covered entity) with the content of 164.410(c)',
      request: { params: idPath, body: body(noticeInput, { clientId: 12 }) },
      responses: {
        ...OWNER_ERRORS,
        201: json(notice, 'The draft'),
        404: errors[404],
      },
    }),
    async (c) =>
      c.json(await draftNotice(c.var.db, c.env, pathId(c), c.req.valid('json').clientId, actorOf(c)), 201),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'patch',
      path: '/incident-notices/{id}',
      summary: 'Edits a draft notice (a sent one: 409)',
      request: { params: idPath, body: body(noticePatch, { body: 'To Riverside Dental, ...' }) },
      responses: {
        ...OWNER_ERRORS,
        200: json(notice, 'The draft'),
        404: errors[404],
        409: errors[409],
      },
    }),
    async (c) => c.json(await updateNotice(c.var.db, pathId(c), c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'post',
      path: '/incident-notices/{id}/send',
      summary:
        "Sends the notice to the client's contacts (the chosen ones, else the default one): stored as a PDF with its SHA-256; stops the client's clock",
      request: { params: idPath, body: body(sendInput, { recipientContactIds: [3] }) },
      responses: {
        ...OWNER_ERRORS,
        200: json(z.object({ sentAt: dateTime, sha256: z.string() }), 'Sent'),
        404: errors[404],
        409: errors[409],
      },
    }),
    async (c) => {
      const { outboxIds, ...sent } = await sendNotice(
        c.var.db,
        c.env,
        pathId(c),
        c.req.valid('json').recipientContactIds,
        actorOf(c),
      )
      inBackground(c, deliverEach(c.var.db, c.env, outboxIds))
      return c.json(sent, 200)
    },
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'get',
      path: '/incident-notices/{id}/pdf',
      summary: 'The sent notice exactly as stored (its SHA-256 is the one recorded)',
      request: { params: idPath },
      responses: { ...OWNER_ERRORS, 200: pdfAnswer, 404: errors[404] },
    }),
    async (c) => {
      const { bytes, filename } = await noticePdf(c.var.db, c.env, pathId(c))
      return pdfBody(c, bytes, filename, 'attachment')
    },
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'get',
      path: '/incident-notices/{id}/preview',
      summary:
        'The notice drawn as the client will get it (the send step); a sent one answers its stored bytes',
      request: { params: idPath },
      responses: { ...OWNER_ERRORS, 200: pdfAnswer, 404: errors[404] },
    }),
    async (c) => {
      const { bytes, filename } = await noticePreviewPdf(c.var.db, c.env, pathId(c))
      return pdfBody(c, bytes, filename, 'inline')
    },
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'get',
      path: '/baas/{id}/document',
      summary: 'The signed PDF of a BAA (an uploaded one, or the accepted quote’s signed copy)',
      request: { params: idPath },
      responses: { ...OWNER_ERRORS, 200: pdfAnswer, 404: errors[404] },
    }),
    async (c) => {
      const { bytes, filename } = await baaDocument(c.var.db, c.env, pathId(c))
      return pdfBody(c, bytes, filename, 'inline')
    },
  )

function pdfBody(c: Context, bytes: Uint8Array, filename: string, disposition: 'inline' | 'attachment') {
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `${disposition}; filename="${filename}"`,
    'Cache-Control': 'private, no-store',
  })
}
