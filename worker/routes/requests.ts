import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { applyFilter, consultationRow, filterOf, supportRow } from '../../schema/inbox'
import {
  consultationInput,
  replyInput,
  requestUpdateInput,
  supportRequestInput,
  supportUpdateInput,
} from '../../schema/payloads'
import { REQUEST_STATUSES, type RequestKind, SUPPORT_STATUSES } from '../../schema/request-statuses'
import { requireOwner } from '../auth/middleware'
import type { AppEnv } from '../env'
import { countSubmission } from '../insights/routes'
import { deliverEach } from '../mail/outbox'
import { inBackground } from '../middleware/background'
import { privateNoStore } from '../middleware/cache-headers'
import { INTAKE_STATUS, intakeContext } from '../middleware/intake'
import {
  openApiBody as body,
  fileAnswer,
  idPath,
  openApiJson as json,
  jsonAttachment,
  NOT_FOUND,
  noContent,
  OWNER_ERRORS,
  OWNER_SECURITY,
  openApiApp,
  PUBLIC,
} from '../middleware/openapi'
import { readJsonBody } from '../middleware/validate'
import { csvDownload, toCsv } from '../services/csv'
import { takeRequest } from '../services/intake'
import { eraseRequest, exportCsv, exportRequestData } from '../services/privacy'
import {
  listConsultations,
  listSupportRequests,
  listThread,
  replyRecipients,
  replyToRequest,
  updateConsultation,
  updateSupportRequest,
} from '../services/requests'
import {
  ConsultationSchema,
  INBOX_FILTER_PARAMETERS,
  intakeAnswers,
  RecipientsSchema,
  requestExportSchema,
  SupportRequestSchema,
  ThreadMessageSchema,
} from './request-schemas'

// The two public request forms share one intake (services/intake.ts), which
// the pages' no-JS actions call too; this route only reads the body and turns
// the result into the API's answer.

/** Queued e-mails sent after the answer, one after another (the cron retries failures). */
export function sendQueued(c: Context<AppEnv>, ids: number[]) {
  if (!ids.length) return
  inBackground(c, deliverEach(c.var.db, c.env, ids))
}

/** The body of a successful submission (the SPA reads only the status and the reference). */
const RECEIVED = { ok: true } as const

/** What differs between the two kinds in the document. */
const KIND_DOCS = {
  consultation: {
    tag: 'Consultations',
    view: ConsultationSchema,
    statuses: REQUEST_STATUSES,
    form: 'the schedule-a-consultation form',
  },
  support: {
    tag: 'Support requests',
    view: SupportRequestSchema,
    statuses: SUPPORT_STATUSES,
    form: 'the IT-support request form',
  },
} as const

const CONSULTATION_EXAMPLE: z.input<typeof consultationInput> = {
  name: 'Dana Ruiz',
  email: 'dana@riverside.example',
  phone: '618-555-0101',
  company: 'Riverside Family Clinic',
  projectType: 'web-application',
  budget: '5k-15k',
  description: 'An online booking page for three doctors.',
  preferredDate: '2026-12-03T10:00:00-06:00',
  preferredTime: '10:00',
}
const SUPPORT_EXAMPLE: z.input<typeof supportRequestInput> = {
  name: 'Dana Ruiz',
  email: 'dana@riverside.example',
  phone: '618-555-0101',
  businessName: 'Riverside Family Clinic',
  issueType: 'network',
  urgency: 'high',
  description: 'The front-desk printer is offline since this morning.',
  preferredContact: 'phone',
  preferredTime: 'morning',
}

/**
 * POST of a public form: rate limit (per address, per /64 for IPv6), validation,
 * honeypot, Turnstile (when configured), then store. A resubmission, a held notification and a bot caught by
 * the honeypot all get the same 201 as a first request.
 * Documented with registerPath, not createRoute: the intake reads the body only
 * once the rate limit allowed it, and answers its own way (`errors` left out
 * when empty, 409 with the day's free slots), shared with the no-JS pages.
 */
const intake = (kind: RequestKind) => {
  const app = openApiApp()
  app.openAPIRegistry.registerPath({
    method: 'post',
    path: '/',
    tags: [KIND_DOCS[kind].tag],
    security: PUBLIC,
    summary: `Submit ${KIND_DOCS[kind].form}`,
    description:
      'Public. Limited per address; a filled honeypot field is answered like a real request and stores nothing; `turnstileToken` is checked when Turnstile is configured.',
    request: {
      body:
        kind === 'consultation'
          ? body(consultationInput, CONSULTATION_EXAMPLE)
          : body(supportRequestInput, SUPPORT_EXAMPLE),
    },
    responses: intakeAnswers(kind === 'consultation'),
  })
  return app.post('/', countSubmission(kind), async (c) => {
    const result = await takeRequest(intakeContext(c), kind, () => readJsonBody(c))
    const status = INTAKE_STATUS[result.outcome]
    switch (result.outcome) {
      case 'received': {
        const { outcome: _, ...answer } = result
        return c.json({ ...RECEIVED, ...answer }, status)
      }
      case 'invalid':
      case 'conflict': {
        const { outcome: _, errors, ...rest } = result
        return c.json({ ...rest, ...(Object.keys(errors).length ? { errors } : {}) }, status)
      }
      case 'limited':
        return c.json({ message: result.message }, status)
    }
  })
}

/** The owner's routes of one kind: the guards, and the kind's tag. */
const ownerRoute = (kind: RequestKind) => ({
  tags: [KIND_DOCS[kind].tag],
  security: OWNER_SECURITY,
  middleware: [requireOwner, privateNoStore],
})

/** The owner's CSV export and single erasure, the same for both kinds. */
const ownerTools = (kind: RequestKind) =>
  openApiApp()
    // ?status= narrows it to one status; a download named after the kind and the day.
    .openapi(
      createRoute({
        ...ownerRoute(kind),
        method: 'get',
        path: '/export.csv',
        summary: 'Every request of this kind as CSV',
        parameters: [
          {
            name: 'status',
            in: 'query',
            description: 'Only this status (400 for an unknown one)',
            schema: { type: 'string', enum: [...KIND_DOCS[kind].statuses] },
          },
        ],
        responses: { 200: fileAnswer('The CSV, as an attachment', 'text/csv'), ...OWNER_ERRORS },
      }),
      async (c) => {
        const csv = await exportCsv(c.var.db, kind, c.req.query('status'))
        const { body, headers } = csvDownload(
          csv,
          kind === 'consultation' ? 'consultations' : 'support-requests',
        )
        return c.body(body, 200, headers)
      },
    )
    // One visitor's data, conversation included (issue 28), as a JSON download for an access request.
    .openapi(
      createRoute({
        ...ownerRoute(kind),
        method: 'get',
        path: '/{id}/export.json',
        summary: "One requester's data and conversation (an access request), as a download",
        request: { params: idPath },
        responses: {
          200: json(requestExportSchema(KIND_DOCS[kind].view), 'The data, as a JSON attachment'),
          ...OWNER_ERRORS,
          ...NOT_FOUND,
        },
      }),
      async (c) => {
        const data = await exportRequestData(c.var.db, kind, c.req.param('id'))
        const name = `${data.request.reference ?? `${kind}-${data.request.id}`}-data.json`
        return jsonAttachment(c, data, name)
      },
    )
    // The request's thread, and the owner's reply (stored, then e-mailed after the answer).
    .openapi(
      createRoute({
        ...ownerRoute(kind),
        method: 'get',
        path: '/{id}/messages',
        summary: "The request's conversation, oldest first",
        request: { params: idPath },
        responses: {
          200: json(z.array(ThreadMessageSchema), 'The messages'),
          ...OWNER_ERRORS,
          ...NOT_FOUND,
        },
      }),
      async (c) => c.json(await listThread(c.var.db, kind, c.req.param('id')), 200),
    )
    // Whom a reply goes to: the last writer, with the client's other contacts offered as copies (issue 36).
    .openapi(
      createRoute({
        ...ownerRoute(kind),
        method: 'get',
        path: '/{id}/recipients',
        summary: 'Whom a reply goes to',
        request: { params: idPath },
        responses: { 200: json(RecipientsSchema, 'The recipients'), ...OWNER_ERRORS, ...NOT_FOUND },
      }),
      async (c) => c.json(await replyRecipients(c.var.db, kind, c.req.param('id')), 200),
    )
    .openapi(
      createRoute({
        ...ownerRoute(kind),
        method: 'post',
        path: '/{id}/messages',
        summary: 'Reply to the requester',
        description:
          'Stored in the conversation and e-mailed after the answer (when visitor mail is on); `cc` may name only the addresses GET .../recipients offers.',
        request: {
          params: idPath,
          body: body(replyInput, { body: 'Thanks, we will call you at 10.', cc: ['tom@riverside.example'] }),
        },
        responses: { 201: json(ThreadMessageSchema, 'The reply'), ...OWNER_ERRORS, ...NOT_FOUND },
      }),
      async (c) => {
        const message = await replyToRequest(
          c.var.db,
          c.env,
          kind,
          c.req.param('id'),
          c.req.valid('json').body,
          (work) => inBackground(c, work),
          Date.now(),
          c.req.valid('json').cc ?? [],
        )
        return c.json(message, 201)
      },
    )
    // Erasure on a visitor's demand: the request, its e-mails, and a record that it happened.
    .openapi(
      createRoute({
        ...ownerRoute(kind),
        method: 'delete',
        path: '/{id}',
        summary: "Erase a request on its requester's demand",
        description: 'The request, its conversation and files; a record that it happened is kept.',
        request: { params: idPath },
        responses: { 204: noContent('Erased'), ...OWNER_ERRORS, ...NOT_FOUND },
      }),
      async (c) => {
        await eraseRequest(c.var.db, kind, c.req.param('id'), Date.now(), c.env.FILES)
        return c.body(null, 204)
      },
    )

/** GET / (the owner's list) and PATCH /{id} of one kind. */
const listAndUpdate = (kind: RequestKind) => ({
  list: createRoute({
    ...ownerRoute(kind),
    method: 'get',
    path: '/',
    summary: 'Every request of this kind, newest first',
    responses: { 200: json(z.array(KIND_DOCS[kind].view), 'The requests'), ...OWNER_ERRORS },
  }),
  patch: (schema: typeof requestUpdateInput | typeof supportUpdateInput) =>
    createRoute({
      ...ownerRoute(kind),
      method: 'patch',
      path: '/{id}',
      summary: 'Change the status or the notes',
      description: '`notes` absent leaves the notes alone; null or "" clears them.',
      request: {
        params: idPath,
        body: body(schema, {
          status: kind === 'consultation' ? 'confirmed' : 'in_progress',
          notes: 'Called back',
        }),
      },
      responses: { 200: json(KIND_DOCS[kind].view, 'The request'), ...OWNER_ERRORS, ...NOT_FOUND },
    }),
})

const consultationRoutes = listAndUpdate('consultation')
/** /api/consultations: POST (the schedule form); GET, updates, export and erasure (owner only). */
export const consultations = openApiApp()
  .route('/', intake('consultation'))
  .route('/', ownerTools('consultation'))
  .openapi(consultationRoutes.list, async (c) => c.json(await listConsultations(c.var.db), 200))
  .openapi(consultationRoutes.patch(requestUpdateInput), async (c) => {
    const patch = c.req.valid('json')
    const view = await updateConsultation(c.var.db, c.req.param('id'), patch, {
      env: c.env,
      send: (ids) => sendQueued(c, ids),
    })
    // The audit trail names the reference and the new status: "Changed C-1002 to Confirmed" (issue 28).
    c.set('auditNote', { record: view.reference, state: patch.status ?? null })
    return c.json(view, 200)
  })

/** /api/consultation (singular, SPEC §7): POST the IT-support request form. */
export const supportRequestForm = intake('support')

const supportRoutes = listAndUpdate('support')
/** /api/support-requests: the owner's list, updates, export and erasure. */
export const supportRequests = openApiApp()
  .route('/', ownerTools('support'))
  .openapi(supportRoutes.list, async (c) => c.json(await listSupportRequests(c.var.db), 200))
  .openapi(supportRoutes.patch(supportUpdateInput), async (c) => {
    const patch = c.req.valid('json')
    const view = await updateSupportRequest(c.var.db, c.req.param('id'), patch, Date.now(), {
      env: c.env,
      later: (work) => inBackground(c, work),
    })
    c.set('auditNote', { record: view.reference, state: patch.status ?? null })
    return c.json(view, 200)
  })

const INBOX_CSV_COLUMNS = [
  'reference',
  'kind',
  'createdAt',
  'status',
  'urgency',
  'dueAt',
  'name',
  'email',
  'phone',
  'company',
  'type',
  'preferredDate',
  'preferredTime',
  'description',
  'notes',
] as const

/**
 * /api/requests/export.csv: the admin list's current filter (?kind, status,
 * urgency, q, the same query string as the list's URL) as one CSV, in the
 * list's order (schema/inbox.ts).
 */
export const requests = openApiApp().openapi(
  createRoute({
    tags: ['Consultations', 'Support requests'],
    security: OWNER_SECURITY,
    middleware: [requireOwner, privateNoStore],
    method: 'get',
    path: '/export.csv',
    summary: "The inbox's filtered list, both kinds, as CSV",
    parameters: INBOX_FILTER_PARAMETERS,
    responses: { 200: fileAnswer('The CSV, as an attachment', 'text/csv'), ...OWNER_ERRORS },
  }),
  async (c) => {
    const filter = filterOf(new URL(c.req.url).searchParams)
    const [cs, ss] = await Promise.all([listConsultations(c.var.db), listSupportRequests(c.var.db)])
    // The same rows, filter and order as the admin's list (schema/inbox.ts).
    const rows = applyFilter([...cs.map(consultationRow), ...ss.map(supportRow)], filter)
    const { body, headers } = csvDownload(toCsv(INBOX_CSV_COLUMNS, rows), 'requests')
    return c.body(body, 200, headers)
  },
)
