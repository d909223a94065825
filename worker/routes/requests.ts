import { type Context, Hono } from 'hono'
import { consultationInput, requestUpdateInput, supportRequestInput } from '../../schema/payloads'
import { TURNSTILE_FIELD } from '../../schema/request-options'
import { requireOwner } from '../auth/middleware'
import type { AppEnv } from '../env'
import { inBackground } from '../http/background'
import { privateNoStore } from '../http/cache'
import { filledHoneypot, formRateLimit, RECEIVED } from '../http/public-form'
import { requireHuman } from '../http/turnstile'
import { jsonBody } from '../http/validate'
import { countSubmission } from '../insights/routes'
import { deliverLogged } from '../mail/outbox'
import { eraseRequest, exportCsv } from '../services/privacy'
import {
  listConsultations,
  listSupportRequests,
  type RequestKind,
  type Submission,
  submitRequest,
  updateConsultation,
  updateSupportRequest,
} from '../services/requests'

// The two public request forms share one intake path; each kind differs only
// in its payload schema and its service configuration (services/requests.ts).

/**
 * After the answer: the request's own e-mail. A notification held past the
 * hourly cap waits for the cron's digest (every 5 minutes, at most one an
 * hour), which gathers all the requests held until then into one message.
 */
export function sendAfterAnswer(c: Context<AppEnv>, submission: Submission) {
  if (submission.outboxId !== null) inBackground(c, deliverLogged(c.var.db, c.env, submission.outboxId))
}

/**
 * POST of a public form: rate limit (per address, per /64 for IPv6), validation,
 * honeypot, Turnstile (when configured), then store. A resubmission, a held notification and a bot caught by
 * the honeypot all get the same 201 as a first request.
 */
const intake = <K extends RequestKind>(kind: K) => {
  const schema = kind === 'consultation' ? consultationInput : supportRequestInput
  return new Hono<AppEnv>().post(
    '/',
    countSubmission(kind),
    formRateLimit(kind),
    jsonBody(schema),
    async (c) => {
      const input = c.req.valid('json')
      if (filledHoneypot(input)) return c.json(RECEIVED, 201)
      await requireHuman(c.env, input[TURNSTILE_FIELD], c.req.header('cf-connecting-ip') ?? null)
      const submission = await submitRequest(c.var.db, c.env, kind, input as never)
      sendAfterAnswer(c, submission)
      return c.json(RECEIVED, 201)
    },
  )
}

/** The owner's CSV export and single erasure, the same for both kinds. */
const ownerTools = (kind: RequestKind) =>
  new Hono<AppEnv>()
    // ?status= narrows it to one status; a download named after the kind and the day.
    .get('/export.csv', requireOwner, privateNoStore, async (c) => {
      const csv = await exportCsv(c.var.db, kind, c.req.query('status'))
      const day = new Date().toISOString().slice(0, 10)
      const name = `${kind === 'consultation' ? 'consultations' : 'support-requests'}-${day}.csv`
      return c.body(`\ufeff${csv}`, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${name}"`,
      })
    })
    // Erasure on a visitor's demand: the request, its e-mails, and a record that it happened.
    .delete('/:id', requireOwner, privateNoStore, async (c) => {
      await eraseRequest(c.var.db, kind, c.req.param('id'))
      return c.body(null, 204)
    })

/** /api/consultations: POST (the schedule form); GET, updates, export and erasure (owner only). */
export const consultations = new Hono<AppEnv>()
  .route('/', intake('consultation'))
  .route('/', ownerTools('consultation'))
  .get('/', requireOwner, privateNoStore, async (c) => c.json(await listConsultations(c.var.db)))
  .patch('/:id', requireOwner, privateNoStore, jsonBody(requestUpdateInput), async (c) =>
    c.json(await updateConsultation(c.var.db, c.req.param('id'), c.req.valid('json'))),
  )

/** /api/consultation (singular, SPEC §7): POST the IT-support request form. */
export const supportRequestForm = intake('support')

/** /api/support-requests: the owner's list, updates, export and erasure. */
export const supportRequests = new Hono<AppEnv>()
  .route('/', ownerTools('support'))
  .get('/', requireOwner, privateNoStore, async (c) => c.json(await listSupportRequests(c.var.db)))
  .patch('/:id', requireOwner, privateNoStore, jsonBody(requestUpdateInput), async (c) =>
    c.json(await updateSupportRequest(c.var.db, c.req.param('id'), c.req.valid('json'))),
  )
