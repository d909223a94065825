import { type Context, Hono } from 'hono'
import { applyFilter, consultationRow, filterOf, supportRow } from '../../schema/inbox'
import { replyInput, requestUpdateInput, supportUpdateInput } from '../../schema/payloads'
import type { RequestKind } from '../../schema/request-statuses'
import { requireOwner } from '../auth/middleware'
import type { AppEnv } from '../env'
import { countSubmission } from '../insights/routes'
import { deliverEach } from '../mail/outbox'
import { inBackground } from '../middleware/background'
import { privateNoStore } from '../middleware/cache-headers'
import { INTAKE_STATUS, intakeContext } from '../middleware/intake'
import { jsonBody, readJsonBody } from '../middleware/validate'
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

/**
 * POST of a public form: rate limit (per address, per /64 for IPv6), validation,
 * honeypot, Turnstile (when configured), then store. A resubmission, a held notification and a bot caught by
 * the honeypot all get the same 201 as a first request.
 */
const intake = (kind: RequestKind) =>
  new Hono<AppEnv>().post('/', countSubmission(kind), async (c) => {
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

/** The owner's CSV export and single erasure, the same for both kinds. */
const ownerTools = (kind: RequestKind) =>
  new Hono<AppEnv>()
    // ?status= narrows it to one status; a download named after the kind and the day.
    .get('/export.csv', requireOwner, privateNoStore, async (c) => {
      const csv = await exportCsv(c.var.db, kind, c.req.query('status'))
      const { body, headers } = csvDownload(
        csv,
        kind === 'consultation' ? 'consultations' : 'support-requests',
      )
      return c.body(body, 200, headers)
    })
    // One visitor's data, conversation included (issue 28), as a JSON download for an access request.
    .get('/:id/export.json', requireOwner, privateNoStore, async (c) => {
      const data = await exportRequestData(c.var.db, kind, c.req.param('id'))
      const name = `${data.request.reference ?? `${kind}-${data.request.id}`}-data.json`
      return c.body(JSON.stringify(data, null, 2), 200, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Disposition': `attachment; filename="${name}"`,
      })
    })
    // The request's thread, and the owner's reply (stored, then e-mailed after the answer).
    .get('/:id/messages', requireOwner, privateNoStore, async (c) =>
      c.json(await listThread(c.var.db, kind, c.req.param('id'))),
    )
    // Whom a reply goes to: the last writer, with the client's other contacts offered as copies (issue 36).
    .get('/:id/recipients', requireOwner, privateNoStore, async (c) =>
      c.json(await replyRecipients(c.var.db, kind, c.req.param('id'))),
    )
    .post('/:id/messages', requireOwner, privateNoStore, jsonBody(replyInput), async (c) => {
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
    })
    // Erasure on a visitor's demand: the request, its e-mails, and a record that it happened.
    .delete('/:id', requireOwner, privateNoStore, async (c) => {
      await eraseRequest(c.var.db, kind, c.req.param('id'), Date.now(), c.env.FILES)
      return c.body(null, 204)
    })

/** /api/consultations: POST (the schedule form); GET, updates, export and erasure (owner only). */
export const consultations = new Hono<AppEnv>()
  .route('/', intake('consultation'))
  .route('/', ownerTools('consultation'))
  .get('/', requireOwner, privateNoStore, async (c) => c.json(await listConsultations(c.var.db)))
  .patch('/:id', requireOwner, privateNoStore, jsonBody(requestUpdateInput), async (c) => {
    const patch = c.req.valid('json')
    const view = await updateConsultation(c.var.db, c.req.param('id'), patch, {
      env: c.env,
      send: (ids) => sendQueued(c, ids),
    })
    // The audit trail names the reference and the new status: "Changed C-1002 to Confirmed" (issue 28).
    c.set('auditNote', { record: view.reference, state: patch.status ?? null })
    return c.json(view)
  })

/** /api/consultation (singular, SPEC §7): POST the IT-support request form. */
export const supportRequestForm = intake('support')

/** /api/support-requests: the owner's list, updates, export and erasure. */
export const supportRequests = new Hono<AppEnv>()
  .route('/', ownerTools('support'))
  .get('/', requireOwner, privateNoStore, async (c) => c.json(await listSupportRequests(c.var.db)))
  .patch('/:id', requireOwner, privateNoStore, jsonBody(supportUpdateInput), async (c) => {
    const patch = c.req.valid('json')
    const view = await updateSupportRequest(c.var.db, c.req.param('id'), patch, Date.now(), {
      env: c.env,
      later: (work) => inBackground(c, work),
    })
    c.set('auditNote', { record: view.reference, state: patch.status ?? null })
    return c.json(view)
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
export const requests = new Hono<AppEnv>().get('/export.csv', requireOwner, privateNoStore, async (c) => {
  const filter = filterOf(new URL(c.req.url).searchParams)
  const [cs, ss] = await Promise.all([listConsultations(c.var.db), listSupportRequests(c.var.db)])
  // The same rows, filter and order as the admin's list (schema/inbox.ts).
  const rows = applyFilter([...cs.map(consultationRow), ...ss.map(supportRow)], filter)
  const { body, headers } = csvDownload(toCsv(INBOX_CSV_COLUMNS, rows), 'requests')
  return c.body(body, 200, headers)
})
