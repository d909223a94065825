// Consultation and IT-support requests: the one service layer behind the
// public forms (REST) and the owner's views (REST and GraphQL alike).
import { desc, eq, getTableColumns, type SQL } from 'drizzle-orm'
import { labelOf } from '../../schema/constants'
import type { ConsultationInput, RequestUpdateInput, SupportRequestInput } from '../../schema/payloads'
import { MAIL_STATUSES, PROJECT_TYPES } from '../../schema/request-options'
import type { Consultation, SupportRequest } from '../../schema/tables'
import type { Db } from '../db'
import { tables } from '../db'
import { parseId } from '../http/params'
import { businessDate } from '../mail/business-time'
import { consultationIcs } from '../mail/ics'
import { enqueueAfterInsert } from '../mail/outbox'
import { consultationMail, describeSlot, type MailContent, supportRequestMail } from '../mail/templates'
import { Invalid, NotFound } from './errors'

export type Delivery = (typeof MAIL_STATUSES)[number]
export type ConsultationView = Consultation & { delivery: Delivery }
export type SupportRequestView = SupportRequest & { delivery: Delivery }

/** The owner's notification of a request: to NOTIFY_EMAIL, with replies going to the visitor. */
const notification = (env: Env, visitorEmail: string, mail: MailContent) => ({
  recipient: env.NOTIFY_EMAIL,
  replyTo: visitorEmail,
  subject: mail.subject,
  textBody: mail.text,
  htmlBody: mail.html,
})

export const PAST_DATE_MESSAGE = 'Choose today or a later date'

// ---------- Public submissions ----------

export async function submitConsultation(db: Db, env: Env, input: ConsultationInput, now = new Date()) {
  // The slot is a Central time, so "not in the past" compares Central calendar dates.
  if (businessDate(new Date(input.preferredDate)) < businessDate(now)) {
    throw new Invalid({ preferredDate: PAST_DATE_MESSAGE })
  }
  const { website: _honeypot, ...fields } = input
  const mail = consultationMail(env, input)
  const ics = consultationIcs({
    uid: `consultation-${crypto.randomUUID()}@${new URL(env.SITE_URL).hostname}`,
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
  const [[request], [outbox]] = await db.batch([
    db
      .insert(tables.consultations)
      .values({ ...fields, budget: fields.budget ?? null, status: 'pending' })
      .returning({ id: tables.consultations.id }),
    enqueueAfterInsert(db, 'consultationId', { ...notification(env, input.email, mail), ics }, now),
  ])
  return { id: request!.id, outboxId: outbox!.id }
}

export async function submitSupportRequest(db: Db, env: Env, input: SupportRequestInput, now = new Date()) {
  const { website: _honeypot, ...fields } = input
  const mail = supportRequestMail(env, input)
  const [[request], [outbox]] = await db.batch([
    db
      .insert(tables.supportRequests)
      .values({ ...fields, preferredTime: fields.preferredTime ?? null, status: 'pending' })
      .returning({ id: tables.supportRequests.id }),
    enqueueAfterInsert(db, 'supportRequestId', notification(env, input.email, mail), now),
  ])
  return { id: request!.id, outboxId: outbox!.id }
}

// ---------- Owner views ----------

// A request has exactly one outbox row; one without (never the case for rows
// this app writes) has no notification coming, which the admin shows as failed.
const toDelivery = (status: string | null): Delivery =>
  (MAIL_STATUSES as readonly string[]).includes(status ?? '') ? (status as Delivery) : 'failed'

function selectConsultations(db: Db, where?: SQL) {
  const c = tables.consultations
  const query = db
    .select({ ...getTableColumns(c), mailStatus: tables.mailOutbox.status })
    .from(c)
    .leftJoin(tables.mailOutbox, eq(tables.mailOutbox.consultationId, c.id))
    .$dynamic()
  return (where ? query.where(where) : query).orderBy(desc(c.createdAt), desc(c.id))
}

function selectSupportRequests(db: Db, where?: SQL) {
  const s = tables.supportRequests
  const query = db
    .select({ ...getTableColumns(s), mailStatus: tables.mailOutbox.status })
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
  const changes: { status?: string; notes?: string | null } = {}
  if (patch.status !== undefined) changes.status = patch.status
  if (patch.notes !== undefined) changes.notes = patch.notes
  return changes
}

export async function updateConsultation(
  db: Db,
  rawId: unknown,
  patch: RequestUpdateInput,
): Promise<ConsultationView> {
  const id = parseId(rawId)
  const c = tables.consultations
  const changes = changesOf(patch)
  if (Object.keys(changes).length) await db.update(c).set(changes).where(eq(c.id, id))
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
