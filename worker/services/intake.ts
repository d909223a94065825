// The one intake of the public request forms (issue 29): the REST routes
// (worker/routes/requests.ts) and the pages' no-JS actions (worker/pages.ts)
// both call takeRequest in-process. In order: the flood limit, validation,
// the honeypot, Turnstile, then dedupe, storage and the owner's notification
// (services/requests/). The answer is a typed result; each edge turns it
// into its own response.
import { API_MESSAGES } from '../../schema/messages'
import {
  type ConsultationInput,
  consultationInput,
  fieldErrors,
  type SupportRequestInput,
  supportRequestInput,
} from '../../schema/payloads'
import { TURNSTILE_FIELD } from '../../schema/request-options'
import { REFERENCE_PREFIX, type RequestKind } from '../../schema/request-statuses'
import { filledHoneypot } from '../abuse/honeypot'
import { withinFormLimit } from '../abuse/rate-limit'
import { humanCheck, TURNSTILE_FAILED } from '../abuse/turnstile'
import type { Db } from '../db'
import { deliverEach, deliverLogged } from '../mail/outbox'
import { describeSlot } from '../mail/templates'
import { canonicalSlot } from './booking'
import { Conflict, type FieldErrors, Invalid } from './errors'
import { type Submission, submitRequest } from './requests'

export type IntakeContext = {
  db: Db
  env: Env
  /** The client's address as Cloudflare reports it (cf-connecting-ip), or null (local runs). */
  ip: string | null
  /** Runs work after the answer (the execution context's waitUntil): the e-mails. */
  later: (work: Promise<unknown>) => void
  now?: Date
}

export type IntakeResult =
  | {
      outcome: 'received'
      /** The visitor's reference (C-1042 / S-1043); a decoy of the same shape for a bot. */
      reference: string
      /** A consultation's time in words, and its slot as stored (for the on-page confirmation). */
      when?: string
      preferredDate?: string
    }
  | { outcome: 'invalid'; message: string; errors: FieldErrors }
  /** The slot was taken meanwhile: the day's free slots, for the form to offer instead. */
  | { outcome: 'conflict'; message: string; errors: FieldErrors; date: string; freeSlots: string[] }
  | { outcome: 'limited'; message: string }

const SCHEMA = { consultation: consultationInput, support: supportRequestInput } as const

/** The bot gets a reference of the usual shape that names nothing. */
const decoy = (kind: RequestKind) =>
  `${REFERENCE_PREFIX[kind]}-${1000 + (crypto.getRandomValues(new Uint16Array(1))[0] ?? 0)}`

/**
 * After the answer: the request's own e-mail, then the visitor's "received".
 * A notification held past the hourly cap waits for the cron's digest (every
 * 5 minutes, at most one an hour), which gathers all the requests held until then.
 */
function sendAfterAnswer(ctx: IntakeContext, submission: Submission) {
  if (submission.outboxId !== null) ctx.later(deliverLogged(ctx.db, ctx.env, submission.outboxId))
  if (submission.extraOutboxIds.length) ctx.later(deliverEach(ctx.db, ctx.env, submission.extraOutboxIds))
}

/**
 * Takes a public form's submission. `payload` is the form's fields, or a
 * reader of them (the REST body, read only once the flood limit allowed it, so
 * a refused flood costs no parsing). A resubmission, a held notification and
 * a bot caught by the honeypot are all `received`, like a first request.
 */
export async function takeRequest(
  ctx: IntakeContext,
  kind: RequestKind,
  payload: unknown | (() => Promise<unknown>),
): Promise<IntakeResult> {
  // Per address, per /64 for IPv6; 'local' where no address is reported.
  if (!(await withinFormLimit(ctx.env, kind, ctx.ip ?? 'local'))) {
    return { outcome: 'limited', message: API_MESSAGES.rateLimited }
  }
  const value = typeof payload === 'function' ? await (payload as () => Promise<unknown>)() : payload
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { outcome: 'invalid', message: API_MESSAGES.invalidJson, errors: {} }
  }
  const parsed = SCHEMA[kind].safeParse(value)
  if (!parsed.success) {
    return { outcome: 'invalid', message: API_MESSAGES.validation, errors: fieldErrors(parsed.error) }
  }
  const input: ConsultationInput | SupportRequestInput = parsed.data
  if (filledHoneypot(input)) return { outcome: 'received', reference: decoy(kind) }
  if (!(await humanCheck(ctx.env).verify(input[TURNSTILE_FIELD], ctx.ip))) {
    return {
      outcome: 'invalid',
      message: API_MESSAGES.validation,
      errors: { [TURNSTILE_FIELD]: TURNSTILE_FAILED },
    }
  }
  let submission: Submission
  try {
    submission =
      kind === 'consultation'
        ? await submitRequest(ctx.db, ctx.env, 'consultation', input as ConsultationInput, ctx.now)
        : await submitRequest(ctx.db, ctx.env, 'support', input as SupportRequestInput, ctx.now)
  } catch (err) {
    // The slot rules (not bookable: invalid; taken: conflict) speak domain errors.
    if (err instanceof Invalid) return { outcome: 'invalid', message: err.message, errors: err.errors }
    if (err instanceof Conflict && err.details) {
      const { date, freeSlots } = err.details as { date: string; freeSlots: string[] }
      return { outcome: 'conflict', message: err.message, errors: err.errors ?? {}, date, freeSlots }
    }
    throw err
  }
  sendAfterAnswer(ctx, submission)
  if (kind !== 'consultation') return { outcome: 'received', reference: submission.reference }
  // A consultation's answer also names its time, for the visitor's on-page confirmation (issue 17).
  const { preferredDate, preferredTime } = input as ConsultationInput
  return {
    outcome: 'received',
    reference: submission.reference,
    when: describeSlot(preferredDate, preferredTime),
    preferredDate: canonicalSlot(preferredDate, preferredTime).preferredDate,
  }
}
