// The public forms' intake: one path for consultations and support requests, deduplicated, mailed.
import { and, asc, eq, gte } from 'drizzle-orm'
import { labelOf } from '../../../schema/constants'
import type { ConsultationInput, SupportRequestInput } from '../../../schema/payloads'
import { PROJECT_TYPES } from '../../../schema/request-options'
import { REFERENCE_PREFIX, type RequestKind } from '../../../schema/request-statuses'
import { businessDate } from '../../../schema/slot-time'
import { purgeAvailability } from '../../cache/public-reads'
import type { Db } from '../../db'
import { tables } from '../../db'
import { dueAfter } from '../../mail/business-time'
import { consultationIcs } from '../../mail/ics'
import { enqueueAfterInsert, notificationBudgetLeft, type OutboxMessage, queueMail } from '../../mail/outbox'
import { replyAddress } from '../../mail/reply-address'
import { consultationMail, describeSlot, supportReceivedMail, supportRequestMail } from '../../mail/templates'
import { visitorMailEnabled } from '../../mail/visitor'
import { canonicalSlot, checkSlot, isUniqueViolation, queueReceived, slotTaken } from '../booking'
import { contactLink, type Person } from '../clients'
import { applyPlanTarget } from './due-clock'
import { notification } from './shared'

// ---------- Public submissions: one intake path for both forms ----------

type InputOf<K extends RequestKind> = K extends 'consultation' ? ConsultationInput : SupportRequestInput

/** An identical resubmission (same e-mail, same content) within this window is stored once. */
export const DEDUPE_WINDOW_MS = 10 * 60_000

/**
 * What identifies a submission: every field (e-mail in lower case), so only
 * a true resubmission matches. Stored as a hash, it reveals nothing itself.
 */
async function fingerprintOf(kind: RequestKind, fields: Record<string, unknown>): Promise<string> {
  const normalised = Object.entries(fields)
    .map(([k, v]) => [k, k === 'email' && typeof v === 'string' ? v.toLowerCase() : (v ?? null)])
    .sort(([a], [b]) => String(a).localeCompare(String(b)))
  const bytes = new TextEncoder().encode(JSON.stringify([kind, normalised]))
  const digest = await crypto.subtle.digest('SHA-256', bytes)
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
}

/** What names a new request: the visitor's reference, and a consultation's booking uid (issue 17). */
type NewIds = { reference: string; uid: string }

function consultationNotification(env: Env, input: ConsultationInput, now: Date, ids: NewIds): OutboxMessage {
  const mail = consultationMail(env, input, ids.reference)
  const uid = ids.uid
  const ics = consultationIcs({
    // The booking's own uid: the owner's later copies (confirmed, moved, cancelled) update this event.
    uid: `${uid}@${new URL(env.SITE_URL).hostname}`,
    date: businessDate(new Date(input.preferredDate)),
    time: input.preferredTime,
    summary: `Consultation with ${input.name} (${labelOf(PROJECT_TYPES, input.projectType)})`,
    description: [
      `Free consultation requested for ${describeSlot(input.preferredDate, input.preferredTime)}.`,
      `Name: ${input.name}`,
      `Email: ${input.email}`,
      input.phone ? `Phone: ${input.phone}` : null,
      input.company ? `Company: ${input.company}` : null,
      '',
      input.description,
    ]
      .filter((l) => l !== null)
      .join('\n'),
    organizerEmail: env.NOTIFY_EMAIL,
    organizerName: env.OWNER_NAME,
    visitorName: input.name,
    visitorEmail: input.email,
    createdAt: now,
  })
  return { ...notification(env, input.email, mail), ics }
}

/** Per form: its table, the outbox column that points at it, and its notification. */
const INTAKE = {
  consultation: {
    table: tables.consultations,
    owner: 'consultationId',
    notify: (env: Env, input: ConsultationInput, now: Date, ids: NewIds) =>
      consultationNotification(env, input, now, ids),
    row: ({ website: _honeypot, 'cf-turnstile-response': _token, ...fields }: ConsultationInput) => ({
      ...fields,
      // Stored canonically (the Central date's slot as one UTC instant), so one
      // slot is one value whatever offset the client wrote: the unique index sees it.
      preferredDate: canonicalSlot(fields.preferredDate, fields.preferredTime).preferredDate,
      budget: fields.budget ?? null,
    }),
  },
  support: {
    table: tables.supportRequests,
    owner: 'supportRequestId',
    notify: (env: Env, input: SupportRequestInput, _now: Date, ids: NewIds) =>
      notification(env, input.email, supportRequestMail(env, input, ids.reference)),
    row: ({ website: _honeypot, 'cf-turnstile-response': _token, ...fields }: SupportRequestInput) => ({
      ...fields,
      preferredTime: fields.preferredTime ?? null,
    }),
    // The answer is due from arrival, by urgency (ADR 053); not part of the fingerprint.
    extra: (input: SupportRequestInput, now: Date) => ({
      dueAt: new Date(dueAfter(input.urgency, now.getTime())),
    }),
  },
} as const

export type Submission = {
  id: number
  /** The visitor's reference (C-1042 / S-1043); a resubmission gets the first one's. */
  reference: string
  /** The notification to send now; null when none (a resubmission, or held for the digest). */
  outboxId: number | null
  /** An identical submission was already stored within DEDUPE_WINDOW_MS: nothing new was stored. */
  duplicate: boolean
  /** Past the hourly notification cap: announced by the next digest instead of its own e-mail. */
  held: boolean
  /** Other e-mails to send now (the visitor's "request received"). */
  extraOutboxIds: number[]
}

/**
 * Stores a validated request with its notification in one batch. An identical
 * resubmission within 10 minutes is answered with the first one's id and
 * stores nothing; past the hourly cap the notification is held for the digest.
 */
export async function submitRequest<K extends RequestKind>(
  db: Db,
  env: Env,
  kind: K,
  input: InputOf<K>,
  now = new Date(),
): Promise<Submission> {
  const intake = INTAKE[kind] as unknown as {
    table: typeof tables.consultations
    owner: 'consultationId' | 'supportRequestId'
    notify: (env: Env, input: InputOf<K>, now: Date, ids: NewIds) => OutboxMessage
    row: (input: InputOf<K>) => Record<string, unknown>
    extra?: (input: InputOf<K>, now: Date) => Record<string, unknown>
  }
  const fields = intake.row(input)
  const fingerprint = await fingerprintOf(kind, fields)
  const t = intake.table
  const [first] = await db
    .select({ id: t.id, reference: t.reference })
    .from(t)
    .where(and(eq(t.fingerprint, fingerprint), gte(t.createdAt, new Date(now.getTime() - DEDUPE_WINDOW_MS))))
    .orderBy(asc(t.id))
    .limit(1)
  if (first)
    return {
      id: first.id,
      reference: first.reference ?? '',
      outboxId: null,
      duplicate: true,
      held: false,
      extraOutboxIds: [],
    }

  const isBooking = kind === 'consultation'
  const slot = isBooking ? (fields as { preferredDate: string; preferredTime: string }) : null
  // A consultation's slot must be bookable (400) and free (409); the unique index settles races.
  if (slot) await checkSlot(db, businessDate(new Date(slot.preferredDate)), slot.preferredTime, now)
  const uid = crypto.randomUUID()
  const held = !(await notificationBudgetLeft(db, env, now))
  const reference = await nextReference(db, kind)
  // Issue 24: the request belongs to the sender's contact (matched by e-mail, or
  // a new client and contact), linked in the same batch as the insert.
  const link = contactLink(db, personOf(input), now)
  let request: { id: number } | undefined
  let outbox: { id: number } | undefined
  try {
    ;[, , , [request], [outbox]] = await db.batch([
      ...link.statements,
      db
        .insert(t)
        .values({
          ...(fields as typeof t.$inferInsert),
          ...(intake.extra?.(input, now) ?? {}),
          ...(isBooking ? { uid } : {}),
          status: 'pending',
          fingerprint,
          reference,
          clientId: link.clientId,
          contactId: link.contactId,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: t.id }),
      enqueueAfterInsert(db, intake.owner, intake.notify(env, input, now, { reference, uid }), now, held),
    ])
  } catch (err) {
    if (slot && isUniqueViolation(err))
      throw await slotTaken(db, businessDate(new Date(slot.preferredDate)), now)
    throw err
  }
  // A client's plan may promise a shorter first response (issue 37): its target replaces the default.
  if (!isBooking) await applyPlanTarget(db, request!.id, now)
  let extraOutboxIds: number[] = []
  if (isBooking) {
    await purgeAvailability()
    // Past the hourly cap the visitor's "request received" is skipped too: a flood of
    // forms must not turn into a flood of e-mails to whatever addresses they name.
    if (!held) extraOutboxIds = await queueReceived(db, env, request!.id, now)
  } else if (!held && visitorMailEnabled(env)) {
    // The support form's acknowledgement (issue 28), on the same terms as a booking's "request received".
    extraOutboxIds = await queueSupportReceived(
      db,
      env,
      request!.id,
      input as SupportRequestInput,
      reference,
      now,
    )
  }
  return {
    id: request!.id,
    reference,
    outboxId: held ? null : outbox!.id,
    duplicate: false,
    held,
    extraOutboxIds,
  }
}

/**
 * Queues the visitor's acknowledgement of a support request: its reference and
 * the expected response time by urgency (templates.ts). Replies to it land in
 * the request's thread, like replies to the owner's answers.
 */
async function queueSupportReceived(
  db: Db,
  env: Env,
  id: number,
  input: SupportRequestInput,
  reference: string,
  now: Date,
): Promise<number[]> {
  const [row] = await db
    .select({ dueAt: tables.supportRequests.dueAt })
    .from(tables.supportRequests)
    .where(eq(tables.supportRequests.id, id))
  const mail = supportReceivedMail(env, {
    reference,
    name: input.name,
    urgency: input.urgency,
    dueAt: row?.dueAt ?? null,
  })
  const rows = await queueMail(
    db,
    {
      recipient: input.email,
      replyTo: await replyAddress(env, 'support', id),
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      // Not the owner's notification: the admin's delivery state and the hourly cap count only those.
      kind: 'acknowledgement',
      supportRequestId: id,
    },
    now,
  )
  return rows.map((r) => r.id)
}

/** The sender of a request as a contact: the organisation is the company or business name (issue 24). */
const personOf = (input: ConsultationInput | SupportRequestInput): Person => ({
  name: input.name,
  email: input.email,
  phone: input.phone,
  organisation: 'company' in input ? input.company : 'businessName' in input ? input.businessName : null,
})

/**
 * The next reference of a kind: one number for both kinds, in order of
 * arrival (C-1042, then S-1043). Taken before the request's batch: a batch
 * that fails leaves a gap, which is harmless. The booking session uses it too.
 */
export async function nextReference(db: Db, kind: RequestKind): Promise<string> {
  const [row] = await db
    .insert(tables.requestNumbers)
    .values({ kind })
    .returning({ id: tables.requestNumbers.id })
  return `${REFERENCE_PREFIX[kind]}-${1000 + row!.id}`
}

export const submitConsultation = (db: Db, env: Env, input: ConsultationInput, now = new Date()) =>
  submitRequest(db, env, 'consultation', input, now)

export const submitSupportRequest = (db: Db, env: Env, input: SupportRequestInput, now = new Date()) =>
  submitRequest(db, env, 'support', input, now)
