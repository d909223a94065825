// Consultation and IT-support requests: the one service layer behind the
// public forms (REST) and the owner's views (REST and GraphQL alike).
import { and, asc, desc, eq, getTableColumns, gte, type SQL, sql } from 'drizzle-orm'
import { labelOf } from '../../schema/constants'
import type { ConsultationInput, RequestUpdateInput, SupportRequestInput } from '../../schema/payloads'
import { CLOSED_STATUSES, MAIL_STATUSES, PROJECT_TYPES } from '../../schema/request-options'
import type { Consultation, SupportRequest } from '../../schema/tables'
import type { Db } from '../db'
import { tables } from '../db'
import { purgeAvailability } from '../http/cache'
import { parseId } from '../http/params'
import { businessDate } from '../mail/business-time'
import { consultationIcs } from '../mail/ics'
import { enqueueAfterInsert, notificationBudgetLeft, type OutboxMessage } from '../mail/outbox'
import { consultationMail, describeSlot, type MailContent, supportRequestMail } from '../mail/templates'
import { SLOT_MESSAGES } from './availability'
import {
  afterStatusChange,
  canonicalSlot,
  checkSlot,
  isUniqueViolation,
  queueReceived,
  slotTaken,
} from './booking'
import { Conflict, NotFound } from './errors'

export type Delivery = (typeof MAIL_STATUSES)[number]
export type ConsultationView = Omit<Consultation, 'fingerprint' | 'uid' | 'sequence' | 'reminderSentAt'> & {
  delivery: Delivery
}
export type SupportRequestView = Omit<SupportRequest, 'fingerprint'> & { delivery: Delivery }

/** The owner's notification of a request: to NOTIFY_EMAIL, with replies going to the visitor. */
const notification = (env: Env, visitorEmail: string, mail: MailContent): OutboxMessage => ({
  recipient: env.NOTIFY_EMAIL,
  replyTo: visitorEmail,
  subject: mail.subject,
  textBody: mail.text,
  htmlBody: mail.html,
})

export const PAST_DATE_MESSAGE = 'Choose today or a later date'

// ---------- Public submissions: one intake path for both forms ----------

export type RequestKind = 'consultation' | 'support'
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

function consultationNotification(env: Env, input: ConsultationInput, now: Date, uid: string): OutboxMessage {
  const mail = consultationMail(env, input)
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
    notify: (env: Env, input: ConsultationInput, now: Date, uid: string) =>
      consultationNotification(env, input, now, uid),
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
    notify: (env: Env, input: SupportRequestInput) =>
      notification(env, input.email, supportRequestMail(env, input)),
    row: ({ website: _honeypot, 'cf-turnstile-response': _token, ...fields }: SupportRequestInput) => ({
      ...fields,
      preferredTime: fields.preferredTime ?? null,
    }),
  },
} as const

export type Submission = {
  id: number
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
    notify: (env: Env, input: InputOf<K>, now: Date, uid: string) => OutboxMessage
    row: (input: InputOf<K>) => Record<string, unknown>
  }
  const fields = intake.row(input)
  const fingerprint = await fingerprintOf(kind, fields)
  const t = intake.table
  const [first] = await db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.fingerprint, fingerprint), gte(t.createdAt, new Date(now.getTime() - DEDUPE_WINDOW_MS))))
    .orderBy(asc(t.id))
    .limit(1)
  if (first) return { id: first.id, outboxId: null, duplicate: true, held: false, extraOutboxIds: [] }

  const isBooking = kind === 'consultation'
  const slot = isBooking ? (fields as { preferredDate: string; preferredTime: string }) : null
  // A consultation's slot must be bookable (400) and free (409); the unique index settles races.
  if (slot) await checkSlot(db, businessDate(new Date(slot.preferredDate)), slot.preferredTime, now)
  const uid = crypto.randomUUID()
  const held = !(await notificationBudgetLeft(db, env, now))
  let request: { id: number } | undefined
  let outbox: { id: number } | undefined
  try {
    ;[[request], [outbox]] = await db.batch([
      db
        .insert(t)
        .values({
          ...(fields as typeof t.$inferInsert),
          ...(isBooking ? { uid } : {}),
          status: 'pending',
          fingerprint,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: t.id }),
      enqueueAfterInsert(db, intake.owner, intake.notify(env, input, now, uid), now, held),
    ])
  } catch (err) {
    if (slot && isUniqueViolation(err))
      throw await slotTaken(db, businessDate(new Date(slot.preferredDate)), now)
    throw err
  }
  let extraOutboxIds: number[] = []
  if (isBooking) {
    await purgeAvailability()
    // Past the hourly cap the visitor's "request received" is skipped too: a flood of
    // forms must not turn into a flood of e-mails to whatever addresses they name.
    if (!held) extraOutboxIds = await queueReceived(db, env, request!.id, now)
  }
  return { id: request!.id, outboxId: held ? null : outbox!.id, duplicate: false, held, extraOutboxIds }
}

export const submitConsultation = (db: Db, env: Env, input: ConsultationInput, now = new Date()) =>
  submitRequest(db, env, 'consultation', input, now)

export const submitSupportRequest = (db: Db, env: Env, input: SupportRequestInput, now = new Date()) =>
  submitRequest(db, env, 'support', input, now)

// ---------- Owner views ----------

// A request has exactly one outbox row; one without (never the case for rows
// this app writes) has no notification coming, which the admin shows as failed.
// A notification held for the digest (past the hourly cap) is still to come.
const toDelivery = (status: string | null): Delivery =>
  status === 'held'
    ? 'pending'
    : (MAIL_STATUSES as readonly string[]).includes(status ?? '')
      ? (status as Delivery)
      : 'failed'

/** A request's columns as the owner sees them (the dedupe fingerprint is internal). */
const viewColumns = <T extends { fingerprint: unknown }>({ fingerprint: _internal, ...columns }: T) => {
  // A consultation's booking internals (issue 17) are not part of the owner's view either:
  // the uid is what the visitor's link names, the sequence and reminder flag are the mails' state.
  const {
    uid: _uid,
    sequence: _sequence,
    reminderSentAt: _reminder,
    ...view
  } = columns as T & {
    uid?: unknown
    sequence?: unknown
    reminderSentAt?: unknown
  }
  return view as Omit<T, 'fingerprint' | 'uid' | 'sequence' | 'reminderSentAt'>
}

function selectConsultations(db: Db, where?: SQL) {
  const c = tables.consultations
  const query = db
    .select({ ...viewColumns(getTableColumns(c)), mailStatus: tables.mailOutbox.status })
    .from(c)
    .leftJoin(
      tables.mailOutbox,
      // Only the owner's notification: the booking's other e-mails (kind 'booking') are not its delivery state.
      and(eq(tables.mailOutbox.consultationId, c.id), eq(tables.mailOutbox.kind, 'notification')),
    )
    .$dynamic()
  return (where ? query.where(where) : query).orderBy(desc(c.createdAt), desc(c.id))
}

function selectSupportRequests(db: Db, where?: SQL) {
  const s = tables.supportRequests
  const query = db
    .select({ ...viewColumns(getTableColumns(s)), mailStatus: tables.mailOutbox.status })
    .from(s)
    .leftJoin(tables.mailOutbox, eq(tables.mailOutbox.supportRequestId, s.id))
    .$dynamic()
  return (where ? query.where(where) : query).orderBy(desc(s.createdAt), desc(s.id))
}

const withDelivery = <T extends { mailStatus: string | null }>({ mailStatus, ...row }: T) => ({
  ...row,
  delivery: toDelivery(mailStatus),
})

/** Newest first, each with the delivery state of its notification. */
export async function listConsultations(db: Db): Promise<ConsultationView[]> {
  return (await selectConsultations(db)).map(withDelivery)
}

export async function listSupportRequests(db: Db): Promise<SupportRequestView[]> {
  return (await selectSupportRequests(db)).map(withDelivery)
}

/** Only the fields given change: an absent `notes` keeps the notes, null or "" clears them. */
function changesOf(patch: RequestUpdateInput) {
  const changes: { status?: string; notes?: string | null; closedAt?: SQL | null } = {}
  if (patch.status !== undefined) {
    changes.status = patch.status
    // Retention counts from the close (worker/services/retention.ts); reopening stops the count.
    // Closing again keeps the first close time.
    changes.closedAt = (CLOSED_STATUSES as readonly string[]).includes(patch.status)
      ? sql`coalesce(closed_at, ${Date.now()})`
      : null
  }
  if (patch.notes !== undefined) changes.notes = patch.notes
  return changes
}

/** What a status change of a consultation sets off: the booking's e-mails, sent by the caller after its answer. */
export type BookingEffects = { env: Env; send: (outboxIds: number[]) => void }

export async function updateConsultation(
  db: Db,
  rawId: unknown,
  patch: RequestUpdateInput,
  effects?: BookingEffects,
): Promise<ConsultationView> {
  const id = parseId(rawId)
  const c = tables.consultations
  const changes = changesOf(patch)
  const [before] = await db.select({ status: c.status }).from(c).where(eq(c.id, id))
  if (!before) throw new NotFound()
  if (Object.keys(changes).length) {
    try {
      await db.update(c).set(changes).where(eq(c.id, id))
    } catch (err) {
      // Reopening a cancelled request whose slot someone else has booked since.
      if (isUniqueViolation(err)) throw new Conflict(SLOT_MESSAGES.taken, { status: SLOT_MESSAGES.taken })
      throw err
    }
  }
  if (effects && patch.status !== undefined)
    effects.send(await afterStatusChange(db, effects.env, id, before.status, patch.status))
  const [row] = await selectConsultations(db, eq(c.id, id))
  if (!row) throw new NotFound()
  return withDelivery(row)
}

export async function updateSupportRequest(
  db: Db,
  rawId: unknown,
  patch: RequestUpdateInput,
): Promise<SupportRequestView> {
  const id = parseId(rawId)
  const s = tables.supportRequests
  const changes = changesOf(patch)
  if (Object.keys(changes).length) await db.update(s).set(changes).where(eq(s.id, id))
  const [row] = await selectSupportRequests(db, eq(s.id, id))
  if (!row) throw new NotFound()
  return withDelivery(row)
}
