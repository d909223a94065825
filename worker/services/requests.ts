// Consultation and IT-support requests: the one service layer behind the
// public forms (REST) and the owner's views (REST and GraphQL alike).
import { and, asc, count, desc, eq, getTableColumns, gte, inArray, type SQL, sql } from 'drizzle-orm'
import { labelOf } from '../../schema/constants'
import type { ConsultationInput, RequestUpdateInput, SupportRequestInput } from '../../schema/payloads'
import { PROJECT_TYPES } from '../../schema/request-options'
import {
  CLOSED_STATUSES,
  MAIL_STATUSES,
  REFERENCE_PREFIX,
  type RequestKind,
  SUPPORT_STATUSES,
} from '../../schema/request-statuses'
import { businessDate } from '../../schema/slot-time'
import type { Consultation, RequestMessage, SupportRequest } from '../../schema/tables'
import { purgeAvailability } from '../cache/public-reads'
import type { Db } from '../db'
import { tables } from '../db'
import { dueAfter, dueRemaining } from '../mail/business-time'
import { consultationIcs } from '../mail/ics'
import {
  deliverLogged,
  enqueueAfterInsert,
  notificationBudgetLeft,
  type OutboxMessage,
  queueMail,
} from '../mail/outbox'
import { replyAddress } from '../mail/reply-address'
import {
  consultationMail,
  describeSlot,
  type MailContent,
  replyMail,
  supportReceivedMail,
  supportRequestMail,
} from '../mail/templates'
import { visitorMailEnabled } from '../mail/visitor'
import { SLOT_MESSAGES } from './availability'
import {
  afterStatusChange,
  canonicalSlot,
  checkSlot,
  isUniqueViolation,
  queueReceived,
  slotTaken,
} from './booking'
import { contactLink, type Person } from './clients'
import { Conflict, Invalid, NotFound } from './errors'
import { parseId } from './ids'
import { planTargetMs } from './plans'
import { inviteRating } from './ratings'

export type Delivery = (typeof MAIL_STATUSES)[number]
export type ConsultationView = Omit<Consultation, 'fingerprint' | 'uid' | 'sequence' | 'reminderSentAt'> & {
  delivery: Delivery
}
export type SupportRequestView = Omit<SupportRequest, 'fingerprint' | 'dueRemainingMs'> & {
  delivery: Delivery
}

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

// ---------- Owner views ----------

// A request has exactly one notification in the outbox (its replies are
// rows of kind 'reply', shown in its thread); one without (never the case for rows
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
  // The paused clock's remainder is internal too: the owner sees dueAt (null while paused).
  const { dueRemainingMs: _paused, ...columns } = viewColumns(getTableColumns(s))
  const query = db
    .select({ ...columns, mailStatus: tables.mailOutbox.status })
    .from(s)
    .leftJoin(
      tables.mailOutbox,
      and(eq(tables.mailOutbox.supportRequestId, s.id), eq(tables.mailOutbox.kind, 'notification')),
    )
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

/** One request as the list shows it; NotFound when it does not exist. */
export async function getConsultationView(db: Db, id: number): Promise<ConsultationView> {
  const [row] = await selectConsultations(db, eq(tables.consultations.id, id))
  if (!row) throw new NotFound()
  return withDelivery(row)
}

export async function getSupportRequestView(db: Db, id: number): Promise<SupportRequestView> {
  const [row] = await selectSupportRequests(db, eq(tables.supportRequests.id, id))
  if (!row) throw new NotFound()
  return withDelivery(row)
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
  now = Date.now(),
  /** Resolving or closing e-mails the requester a rating link (issue 40), after the answer. */
  mail?: { env: Env; later: (work: Promise<unknown>) => void },
): Promise<SupportRequestView> {
  const id = parseId(rawId)
  const s = tables.supportRequests
  if (patch.status !== undefined && !(SUPPORT_STATUSES as readonly string[]).includes(patch.status)) {
    throw new Invalid({ status: 'Choose a status' })
  }
  const changes: Record<string, unknown> = changesOf(patch)
  if (patch.status !== undefined) {
    const [current] = await db.select().from(s).where(eq(s.id, id))
    if (!current) throw new NotFound()
    Object.assign(
      changes,
      dueClock(current, patch.status, now, await planTargetMs(db, current.clientId, current.urgency)),
    )
  }
  if (Object.keys(changes).length) await db.update(s).set(changes).where(eq(s.id, id))
  if (mail && patch.status && (CLOSED_STATUSES as readonly string[]).includes(patch.status))
    await inviteRating(db, mail.env, id, mail.later, now)
  const [row] = await selectSupportRequests(db, eq(s.id, id))
  if (!row) throw new NotFound()
  return withDelivery(row)
}

// ---------- The due clock (docs/decisions/053-support-statuses-and-due-times.md) ----------

/** Sets a new support request's due time from its client's plan target, when the plan sets one (ADR 137). */
async function applyPlanTarget(db: Db, id: number, now: Date) {
  const s = tables.supportRequests
  const [row] = await db.select({ clientId: s.clientId, urgency: s.urgency }).from(s).where(eq(s.id, id))
  const targetMs = row ? await planTargetMs(db, row.clientId, row.urgency) : undefined
  if (targetMs === undefined) return
  await db
    .update(s)
    .set({ dueAt: new Date(dueAfter(row!.urgency, now.getTime(), targetMs)) })
    .where(eq(s.id, id))
}

type ClockState = Pick<SupportRequest, 'status' | 'urgency' | 'dueAt' | 'dueRemainingMs'>

/**
 * The due-time columns after a status change: entering "waiting" pauses the
 * clock (keeps what was left), leaving it resumes from now; closing stops it;
 * reopening a closed request starts a fresh target.
 */
export function dueClock(current: ClockState, status: string, now: number, targetMs?: number) {
  const closed = (s: string) => (CLOSED_STATUSES as readonly string[]).includes(s)
  if (status === current.status) return {}
  if (closed(status)) return { dueAt: null, dueRemainingMs: null }
  if (status === 'waiting') {
    const left = current.dueAt ? dueRemaining(current.urgency, current.dueAt.getTime(), now) : null
    return { dueAt: null, dueRemainingMs: left }
  }
  if (current.status === 'waiting') {
    const left = current.dueRemainingMs
    return {
      dueAt: left === null ? null : new Date(dueAfter(current.urgency, now, left)),
      dueRemainingMs: null,
    }
  }
  if (closed(current.status))
    return { dueAt: new Date(dueAfter(current.urgency, now, targetMs)), dueRemainingMs: null }
  return {}
}

// ---------- Threads: the owner's replies and the requester's answers ----------

export type ThreadMessage = Omit<RequestMessage, 'consultationId' | 'supportRequestId'> & {
  /** A reply's e-mail: pending, sent, failed; "not_sent" when visitor mail is off; null for mail in. */
  delivery: Delivery | 'not_sent' | null
}

const OWNER_OF = { consultation: 'consultationId', support: 'supportRequestId' } as const
const TABLE_OF = { consultation: tables.consultations, support: tables.supportRequests } as const

async function requestRow(db: Db, kind: RequestKind, id: number) {
  const t = TABLE_OF[kind]
  const [row] = await db
    .select({
      id: t.id,
      name: t.name,
      email: t.email,
      reference: t.reference,
      status: t.status,
      clientId: t.clientId,
    })
    .from(t)
    .where(eq(t.id, id))
  if (!row) throw new NotFound('Request not found')
  return row
}

/** A request's thread, oldest first, with each reply's delivery state. */
export async function listThread(db: Db, kind: RequestKind, rawId: unknown): Promise<ThreadMessage[]> {
  const id = parseId(rawId)
  await requestRow(db, kind, id)
  const m = tables.requestMessages
  const rows = await db
    .select({ ...getTableColumns(m), mailStatus: tables.mailOutbox.status })
    .from(m)
    .leftJoin(tables.mailOutbox, eq(tables.mailOutbox.id, m.outboxId))
    .where(eq(m[OWNER_OF[kind]], id))
    .orderBy(asc(m.createdAt), asc(m.id))
  return rows.map(({ consultationId: _c, supportRequestId: _s, mailStatus, ...row }) => ({
    ...row,
    delivery: row.direction === 'in' ? null : row.outboxId === null ? 'not_sent' : toDelivery(mailStatus),
  }))
}

export const REPLY_MAX = 10_000

export type Recipient = { email: string; name: string }

/**
 * Whom the owner's reply goes to (issue 36): the person who wrote last (a
 * contact's portal or e-mail reply), else the request's sender; and the
 * client's other contacts, offered as copies.
 */
export async function replyRecipients(
  db: Db,
  kind: RequestKind,
  rawId: unknown,
): Promise<{ to: Recipient; copies: Recipient[] }> {
  const id = parseId(rawId)
  const request = await requestRow(db, kind, id)
  return recipientsOf(db, kind, request)
}

async function recipientsOf(
  db: Db,
  kind: RequestKind,
  request: { id: number; name: string; email: string; clientId: number | null },
) {
  const m = tables.requestMessages
  const [last] = await db
    .select({ author: m.author, authorName: m.authorName })
    .from(m)
    .where(and(eq(m[OWNER_OF[kind]], request.id), eq(m.direction, 'in')))
    .orderBy(desc(m.createdAt), desc(m.id))
    .limit(1)
  const lastEmail = last?.author.toLowerCase()
  const to: Recipient =
    last && lastEmail !== request.email.toLowerCase()
      ? { email: lastEmail!, name: last.authorName ?? lastEmail! }
      : { email: request.email, name: request.name }
  const contacts = request.clientId
    ? await db
        .select({ email: tables.contacts.email, name: tables.contacts.name })
        .from(tables.contacts)
        .where(eq(tables.contacts.clientId, request.clientId))
        .orderBy(asc(tables.contacts.id))
    : []
  const copies = [{ email: request.email, name: request.name }, ...contacts].filter(
    (c, i, all) =>
      c.email.toLowerCase() !== to.email.toLowerCase() &&
      all.findIndex((o) => o.email.toLowerCase() === c.email.toLowerCase()) === i,
  )
  return { to, copies }
}

/**
 * The owner's reply, for REST and GraphQL alike (ADR 103): stored in the thread
 * and, when visitor mail is on, queued in the outbox to the requester (From
 * MAIL_FROM, Reply-To the request's own tokened address); a pending support
 * request moves to in progress. The e-mail is sent after the answer, through
 * `later` (the request's waitUntil), so the answer never waits on the mail
 * service; a failed send stays pending in the outbox and the cron retries it.
 * The message comes back as `pending` (or `not_sent` with visitor mail off).
 */
export async function replyToRequest(
  db: Db,
  env: Env,
  kind: RequestKind,
  rawId: unknown,
  rawBody: string,
  later: (work: Promise<unknown>) => void,
  now = Date.now(),
  /** Addresses to copy, among those replyRecipients offers (issue 36). */
  cc: readonly string[] = [],
): Promise<ThreadMessage> {
  const id = parseId(rawId)
  const body = rawBody.replace(/\r\n?/g, '\n').trim()
  if (!body) throw new Invalid({ body: 'Write a reply' })
  if (body.length > REPLY_MAX)
    throw new Invalid({ body: `The reply must be at most ${REPLY_MAX} characters` })
  const request = await requestRow(db, kind, id)
  const { to, copies } = await recipientsOf(db, kind, request)
  // A copy goes only to someone the reply form offered: never to an address typed from outside.
  const copied = [...new Set(cc.map((e) => e.trim().toLowerCase()))].map((email) => {
    const person = copies.find((c) => c.email.toLowerCase() === email)
    if (!person) throw new Invalid({ cc: `${email} is not a contact of this client` })
    return person
  })
  const owner = OWNER_OF[kind]
  const at = new Date(now)
  const mailOn = visitorMailEnabled(env)
  let outboxId: number | null = null
  if (mailOn) {
    const replyTo = await replyAddress(env, kind, id)
    // One letter per person, each greeting its reader by name.
    const letters = [to, ...copied].map((person) => {
      const mail = replyMail(env, { reference: request.reference ?? '', name: person.name, body })
      return queueMail(
        db,
        {
          [owner]: id,
          kind: 'reply',
          recipient: person.email,
          replyTo,
          subject: mail.subject,
          textBody: mail.text,
          htmlBody: mail.html,
        },
        at,
      )
    })
    const queued = []
    for (const letter of letters) queued.push((await letter)[0]!.id)
    outboxId = queued[0]!
    for (const copyId of queued.slice(1)) later(deliverLogged(db, env, copyId))
  }
  const m = tables.requestMessages
  const writes = [
    db
      .insert(m)
      .values({
        [owner]: id,
        direction: 'out',
        author: env.MAIL_FROM,
        authorName: env.OWNER_NAME,
        body,
        outboxId,
        createdAt: at,
        updatedAt: at,
      })
      .returning(),
  ] as const
  const [[message]] = await db.batch(writes)
  if (kind === 'support' && request.status === 'pending') {
    await db
      .update(tables.supportRequests)
      .set({ status: 'in_progress', customerRepliedAt: null })
      .where(eq(tables.supportRequests.id, id))
  } else {
    // Answering a customer's reply is reading it: the "Customer replied" mark goes.
    await db
      .update(TABLE_OF[kind])
      .set({ updatedAt: at, customerRepliedAt: null })
      .where(eq(TABLE_OF[kind].id, id))
  }
  const { consultationId: _c, supportRequestId: _s, ...rest } = message!
  if (outboxId !== null) later(deliverLogged(db, env, outboxId))
  return { ...rest, delivery: outboxId === null ? 'not_sent' : 'pending' }
}

/**
 * A message from the requester (the email() handler): appended to the thread,
 * and the request marked as updated; a support request waiting on the
 * requester goes back to in progress, its due clock resuming.
 */
export async function appendInbound(
  db: Db,
  kind: RequestKind,
  id: number,
  message: {
    author: string
    body: string
    attachments: RequestMessage['attachments']
    authorName?: string | null
    authorContactId?: number | null
  },
  now = Date.now(),
) {
  const at = new Date(now)
  if (kind === 'support') {
    const s = tables.supportRequests
    const [current] = await db.select().from(s).where(eq(s.id, id))
    if (!current) throw new NotFound('Request not found')
    const reopen = current.status === 'waiting'
    await db
      .update(s)
      .set({
        updatedAt: at,
        ...(reopen ? { status: 'in_progress', ...dueClock(current, 'in_progress', now) } : {}),
      })
      .where(eq(s.id, id))
  } else {
    await requestRow(db, kind, id)
    await db.update(tables.consultations).set({ updatedAt: at }).where(eq(tables.consultations.id, id))
  }
  const [row] = await db
    .insert(tables.requestMessages)
    .values({ [OWNER_OF[kind]]: id, direction: 'in', ...message, createdAt: at, updatedAt: at })
    .returning()
  return row!
}

/** How long after its close a request still takes replies by mail. */
export const INBOUND_CLOSED_GRACE_MS = 30 * 24 * 60 * 60 * 1000
/** Replies by mail a request takes in any 24 hours. */
export const INBOUND_DAILY_LIMIT = 20

export type InboundRefusal = 'unknown' | 'sender' | 'closed' | 'quota'

/**
 * Whether mail from `sender` may be added to the request's thread
 * (docs/decisions/054-mail-threads.md, issue 27): only from the request's own
 * address, only while it is open or closed for under 30 days, at most
 * INBOUND_DAILY_LIMIT a day. Null when accepted, else the reason.
 */
export async function inboundRefusal(
  db: Db,
  kind: RequestKind,
  id: number,
  sender: string,
  now = Date.now(),
): Promise<InboundRefusal | null> {
  const t = TABLE_OF[kind]
  const [row] = await db.select({ email: t.email, closedAt: t.closedAt }).from(t).where(eq(t.id, id))
  if (!row) return 'unknown'
  if (row.email.trim().toLowerCase() !== sender.trim().toLowerCase()) return 'sender'
  if (row.closedAt && now - row.closedAt.getTime() >= INBOUND_CLOSED_GRACE_MS) return 'closed'
  const m = tables.requestMessages
  const [recent] = await db
    .select({ n: count() })
    .from(m)
    .where(
      and(eq(m[OWNER_OF[kind]], id), eq(m.direction, 'in'), gte(m.createdAt, new Date(now - 86_400_000))),
    )
  if ((recent?.n ?? 0) >= INBOUND_DAILY_LIMIT) return 'quota'
  return null
}

/** The R2 keys of the attachments of these requests' threads (for erasure). */
export async function attachmentKeys(db: Db, kind: RequestKind, ids: number[]): Promise<string[]> {
  if (!ids.length) return []
  const m = tables.requestMessages
  const rows = await db.select({ attachments: m.attachments }).from(m).where(inArray(m[OWNER_OF[kind]], ids))
  return rows.flatMap((r) => r.attachments.map((a) => a.key))
}
