import { type Context, Hono } from 'hono'
import { applyFilter, filterOf } from '../../schema/inbox'
import {
  consultationInput,
  replyInput,
  requestUpdateInput,
  supportRequestInput,
  supportUpdateInput,
} from '../../schema/payloads'
import { TURNSTILE_FIELD } from '../../schema/request-options'
import { REFERENCE_PREFIX } from '../../schema/request-statuses'
import { filledHoneypot, formRateLimit, RECEIVED } from '../abuse/public-form'
import { requireHuman } from '../abuse/turnstile'
import { requireOwner } from '../auth/middleware'
import type { AppEnv } from '../env'
import { countSubmission } from '../insights/routes'
import { deliverEach, deliverLogged } from '../mail/outbox'
import { describeSlot } from '../mail/templates'
import { inBackground } from '../middleware/background'
import { privateNoStore } from '../middleware/cache-headers'
import { jsonBody } from '../middleware/validate'
import { canonicalSlot } from '../services/booking'
import { csvField, eraseRequest, exportCsv } from '../services/privacy'
import {
  listConsultations,
  listSupportRequests,
  listThread,
  type RequestKind,
  replyToRequest,
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
  sendQueued(c, submission.extraOutboxIds)
}

/** Queued e-mails sent after the answer, one after another (the cron retries failures). */
export function sendQueued(c: Context<AppEnv>, ids: number[]) {
  if (!ids.length) return
  inBackground(c, deliverEach(c.var.db, c.env, ids))
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
      // The bot gets a reference of the usual shape that names nothing.
      const decoy = () =>
        `${REFERENCE_PREFIX[kind]}-${1000 + (crypto.getRandomValues(new Uint16Array(1))[0] ?? 0)}`
      if (filledHoneypot(input)) return c.json({ ...RECEIVED, reference: decoy() }, 201)
      await requireHuman(c.env, input[TURNSTILE_FIELD], c.req.header('cf-connecting-ip') ?? null)
      const submission = await submitRequest(c.var.db, c.env, kind, input as never)
      sendAfterAnswer(c, submission)
      // A consultation's answer also names its time, for the visitor's on-page confirmation (issue 17).
      if (kind === 'consultation') {
        const { preferredDate, preferredTime } = input as { preferredDate: string; preferredTime: string }
        return c.json(
          {
            ...RECEIVED,
            reference: submission.reference,
            when: describeSlot(preferredDate, preferredTime),
            preferredDate: canonicalSlot(preferredDate, preferredTime).preferredDate,
          },
          201,
        )
      }
      return c.json({ ...RECEIVED, reference: submission.reference }, 201)
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
    // The request's thread, and the owner's reply (stored, then e-mailed after the answer).
    .get('/:id/messages', requireOwner, privateNoStore, async (c) =>
      c.json(await listThread(c.var.db, kind, c.req.param('id'))),
    )
    .post('/:id/messages', requireOwner, privateNoStore, jsonBody(replyInput), async (c) => {
      const { message, outboxId } = await replyToRequest(
        c.var.db,
        c.env,
        kind,
        c.req.param('id'),
        c.req.valid('json').body,
      )
      if (outboxId !== null) inBackground(c, deliverLogged(c.var.db, c.env, outboxId))
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
  .patch('/:id', requireOwner, privateNoStore, jsonBody(requestUpdateInput), async (c) =>
    c.json(
      await updateConsultation(c.var.db, c.req.param('id'), c.req.valid('json'), {
        env: c.env,
        send: (ids) => sendQueued(c, ids),
      }),
    ),
  )

/** /api/consultation (singular, SPEC §7): POST the IT-support request form. */
export const supportRequestForm = intake('support')

/** /api/support-requests: the owner's list, updates, export and erasure. */
export const supportRequests = new Hono<AppEnv>()
  .route('/', ownerTools('support'))
  .get('/', requireOwner, privateNoStore, async (c) => c.json(await listSupportRequests(c.var.db)))
  .patch('/:id', requireOwner, privateNoStore, jsonBody(supportUpdateInput), async (c) =>
    c.json(await updateSupportRequest(c.var.db, c.req.param('id'), c.req.valid('json'))),
  )

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
  const rows = applyFilter(
    [
      ...cs.map((r) => ({
        ...r,
        kind: 'consultation' as const,
        urgency: null,
        dueAt: null,
        type: r.projectType,
      })),
      ...ss.map((r) => ({
        ...r,
        kind: 'support' as const,
        company: r.businessName,
        type: r.issueType,
        preferredDate: null,
      })),
    ],
    filter,
  )
  const lines = [
    INBOX_CSV_COLUMNS.join(','),
    ...rows.map((row) =>
      INBOX_CSV_COLUMNS.map((col) => csvField((row as Record<string, unknown>)[col])).join(','),
    ),
  ]
  const day = new Date().toISOString().slice(0, 10)
  return c.body(`\ufeff${lines.join('\r\n')}\r\n`, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="requests-${day}.csv"`,
  })
})
