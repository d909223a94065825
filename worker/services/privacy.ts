// What the business owes its visitors for the data they send (issue 14):
// closed requests are purged after the retention period, the owner can export
// requests as CSV and erase one completely on a visitor's demand. Every
// erasure is recorded in request_erasures, without any of the erased data.
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm'
import {
  CLOSED_STATUSES,
  REQUEST_STATUSES,
  type RequestKind,
  SUPPORT_STATUSES,
} from '../../schema/request-statuses'
import type { Db } from '../db'
import { tables } from '../db'
import { digestHtml } from '../mail/outbox'
import { csvField, toCsv } from './csv'
import { Invalid, NotFound } from './errors'
import { parseId } from './ids'
import { attachmentKeys } from './requests'

const DAY = 24 * 60 * 60 * 1000
export const DEFAULT_RETENTION_DAYS = 365
/** Requests purged per kind and cron run, so a run stays inside its limits. */
const PURGE_BATCH = 100

export function retentionDays(env: Env): number {
  const value = Number(env.REQUEST_RETENTION_DAYS)
  return Number.isInteger(value) && value > 0 ? value : DEFAULT_RETENTION_DAYS
}

const KINDS = {
  consultation: { table: tables.consultations, outbox: tables.mailOutbox.consultationId },
  support: { table: tables.supportRequests, outbox: tables.mailOutbox.supportRequestId },
} as const

/**
 * Deletes the requests and everything that carries their data: their outbox
 * rows (the e-mail bodies and the .ics), and any line naming them in a digest
 * (a sent digest is deleted; one still to be sent loses the line). Then
 * records the erasure. One D1 batch: all of it or none.
 */
async function erase(
  db: Db,
  kind: RequestKind,
  ids: number[],
  reason: 'visitor' | 'retention',
  now: number,
  files?: R2Bucket,
) {
  if (!ids.length) return
  // Attachments of mail the requester sent (ADR 054): removed from R2 once the rows are gone.
  const attachments = await attachmentKeys(db, kind, ids)
  const { table, outbox } = KINDS[kind]
  const o = tables.mailOutbox
  const notices = await db
    .select({ subject: o.subject, digestId: o.digestId })
    .from(o)
    .where(inArray(outbox, ids))
  const digestIds = [...new Set(notices.map((n) => n.digestId).filter((id): id is number => id !== null))]
  const digests = digestIds.length ? await db.select().from(o).where(inArray(o.id, digestIds)) : []
  const digestWrites = digests.map((d) => {
    if (d.status === 'sent') return db.delete(o).where(eq(o.id, d.id))
    let { textBody } = d
    for (const n of notices.filter((x) => x.digestId === d.id))
      textBody = textBody.replace(`- ${n.subject}`, '- (a request since erased)')
    // The HTML is rendered again from the text: its intro line and one "- " line per request.
    const [intro = '', ...rest] = textBody.split('\n')
    const subjects = rest.filter((line) => line.startsWith('- ')).map((line) => line.slice(2))
    return db
      .update(o)
      .set({ textBody, htmlBody: digestHtml(intro, subjects) })
      .where(eq(o.id, d.id))
  })
  await db.batch([
    db.delete(o).where(inArray(outbox, ids)),
    db.delete(table).where(inArray(table.id, ids)),
    ...digestWrites,
    db
      .insert(tables.requestErasures)
      .values(ids.map((requestId) => ({ requestKind: kind, requestId, reason, erasedAt: new Date(now) }))),
  ])
  if (files && attachments.length) await files.delete(attachments)
}

/** The cron's purge: closed requests whose retention period has passed. Returns how many went. */
export async function purgeExpiredRequests(db: Db, env: Env, now: number): Promise<number> {
  const cutoff = new Date(now - retentionDays(env) * DAY)
  let purged = 0
  for (const kind of ['consultation', 'support'] as const) {
    const { table } = KINDS[kind]
    // A request closed before closed_at existed counts from its last update.
    const closedAt = sql`coalesce(${table.closedAt}, ${table.updatedAt})`
    const expired = await db
      .select({ id: table.id })
      .from(table)
      .where(and(inArray(table.status, [...CLOSED_STATUSES]), lte(closedAt, cutoff.getTime())))
      .orderBy(asc(table.id))
      .limit(PURGE_BATCH)
    await erase(
      db,
      kind,
      expired.map((r) => r.id),
      'retention',
      now,
      env.FILES,
    )
    purged += expired.length
  }
  // Digests carry visitors' names too; a sent one is kept no longer than the requests.
  const o = tables.mailOutbox
  await db.delete(o).where(and(eq(o.kind, 'digest'), eq(o.status, 'sent'), lte(o.createdAt, cutoff)))
  return purged
}

/** Erases one request on a visitor's demand; 404 when there is no such request. */
export async function eraseRequest(
  db: Db,
  kind: RequestKind,
  rawId: unknown,
  now = Date.now(),
  files?: R2Bucket,
) {
  const id = parseId(rawId)
  const { table } = KINDS[kind]
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, id))
  if (!row) throw new NotFound('Request not found')
  await erase(db, kind, [id], 'visitor', now, files)
  return id
}

/** The record of erasures, newest first: kind, id, reason and time, nothing else. */
export function listErasures(db: Db) {
  const e = tables.requestErasures
  return db.select().from(e).orderBy(desc(e.erasedAt), desc(e.id))
}

// ---------- One visitor's data ----------

/**
 * Everything stored of one request, as its visitor may ask for it (issue 28):
 * the request's fields and the whole conversation, both directions, oldest
 * first, with attachments named (their files stay in storage, their R2 keys
 * are internal). 404 when there is no such request.
 */
export async function exportRequestData(db: Db, kind: RequestKind, rawId: unknown) {
  const id = parseId(rawId)
  const { table } = KINDS[kind]
  const [request] = await db.select().from(table).where(eq(table.id, id))
  if (!request) throw new NotFound('Request not found')
  const m = tables.requestMessages
  const messages = await db
    .select({
      sentAt: m.createdAt,
      direction: m.direction,
      author: m.author,
      body: m.body,
      attachments: m.attachments,
    })
    .from(m)
    .where(eq(kind === 'consultation' ? m.consultationId : m.supportRequestId, id))
    .orderBy(asc(m.createdAt), asc(m.id))
  return {
    kind,
    request,
    conversation: messages.map(({ direction, attachments, ...message }) => ({
      ...message,
      from: direction === 'in' ? ('requester' as const) : ('owner' as const),
      attachments: attachments.map(({ name, type, size }) => ({ name, type, size })),
    })),
  }
}

// ---------- CSV export ----------

const CSV_COLUMNS = {
  consultation: [
    'id',
    'createdAt',
    'status',
    'name',
    'email',
    'phone',
    'company',
    'projectType',
    'budget',
    'preferredDate',
    'preferredTime',
    'description',
    'notes',
    'closedAt',
  ],
  support: [
    'id',
    'createdAt',
    'status',
    'name',
    'email',
    'phone',
    'businessName',
    'issueType',
    'urgency',
    'preferredContact',
    'preferredTime',
    'description',
    'notes',
    'closedAt',
  ],
} as const

// The field writer is the one CSV module's; re-exported for the callers that know it here.
export { csvField }

/** The requests of one kind (optionally of one status) as CSV, newest first. */
export async function exportCsv(db: Db, kind: RequestKind, status?: string | null): Promise<string> {
  const statuses: readonly string[] = kind === 'support' ? SUPPORT_STATUSES : REQUEST_STATUSES
  if (status && !statuses.includes(status)) {
    throw new Invalid({ status: 'Choose a status' })
  }
  const { table } = KINDS[kind]
  const query = db.select().from(table).$dynamic()
  const rows = await (status ? query.where(eq(table.status, status)) : query).orderBy(
    desc(table.createdAt),
    desc(table.id),
  )
  return toCsv(CSV_COLUMNS[kind], rows)
}
