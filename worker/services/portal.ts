// The client portal's reads and writes (issue 24, docs/decisions/088-portal-access-rule.md).
// The access rule: a contact sees only their own client's records. Every query
// here goes through `clientScope`, which adds `client_id = <the session's
// client>` to the table's filter, so a reference or id of another client finds
// nothing and answers exactly like one that does not exist (NotFound).
// A portal page is at most 4 D1 round trips: the session, then one batch.
import { and, asc, desc, eq, inArray, type SQL, sql, sum } from 'drizzle-orm'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'
import { clientInvoiceStatusLabel } from '../../schema/billing-words'
import { labelOf, PORTAL_CLIENT_QUOTA_BYTES } from '../../schema/constants'
import { formatCents } from '../../schema/money'
import { fieldErrors, replyInput } from '../../schema/payloads'
import { CLIENT_QUOTE_STATUS_LABELS, type QuoteStatus } from '../../schema/quotes'
import { ISSUE_TYPES, PROJECT_TYPES } from '../../schema/request-options'
import {
  CLOSED_STATUSES,
  REFERENCE_PREFIX,
  type RequestKind,
  SUPPORT_STATUS_LABELS,
} from '../../schema/request-statuses'
import { businessDate } from '../../schema/slot-time'
import { cleanText } from '../../schema/text'
import type { Db } from '../db'
import { tables } from '../db'
import { deleteObjectAfterRow } from '../files/store'
import { describeSlot } from '../mail/templates'
import { type ManagedBooking, viewBookingOf } from './booking'
import { recordCustomerReply } from './customer-replies'
import { Invalid, NotFound } from './errors'
import { listInvoices } from './invoices'
import type { PortalContact } from './portal-sessions'
import { portalQuotes } from './quotes'
import { blocksQuery, withRemaining } from './time'

/**
 * The one filter of every portal query: rows of the signed-in client only.
 * `scope.where(table, ...more)` is `client_id = <client> and ...more`; the
 * quotes and invoices of issues 25 and 26 use it the same way.
 */
export function clientScope(clientId: number, contactId: number | null = null) {
  return {
    clientId,
    /** The signed-in contact (for services that record who acted, as issue 25's signatures). */
    contactId,
    where: (table: { clientId: SQLiteColumn }, ...more: (SQL | undefined)[]) =>
      and(eq(table.clientId, clientId), ...more) as SQL,
  }
}
export type ClientScope = ReturnType<typeof clientScope>

const CONSULTATION_LABELS: Record<string, string> = {
  pending: 'Requested',
  confirmed: 'Confirmed',
  completed: 'Completed',
  cancelled: 'Cancelled',
}
const statusLabel = (kind: RequestKind, status: string) =>
  (kind === 'support'
    ? SUPPORT_STATUS_LABELS[status as keyof typeof SUPPORT_STATUS_LABELS]
    : CONSULTATION_LABELS[status]) ?? status
const isOpen = (status: string) => !(CLOSED_STATUSES as readonly string[]).includes(status)

/** How many of each list the dashboard shows. */
const RECENT = 50

/** A request's subject: its description's first line, shortened. */
const subjectOf = (description: string) => {
  const line = cleanText(description, 'multi').split('\n')[0] ?? ''
  return line.length > 90 ? `${line.slice(0, 89)}…` : line
}

/** Which kind a reference names (S-1025: support, C-1042: consultation), or null. */
export function kindOfReference(reference: string): RequestKind | null {
  const match = /^([CS])-\d{1,9}$/.exec(reference)
  if (!match) return null
  return match[1] === REFERENCE_PREFIX.support ? 'support' : 'consultation'
}

function selectLists(db: Db, scope: ClientScope) {
  const s = tables.supportRequests
  const c = tables.consultations
  const f = tables.clientFiles
  return [
    db
      .select({
        reference: s.reference,
        issueType: s.issueType,
        description: s.description,
        status: s.status,
        updatedAt: s.updatedAt,
      })
      .from(s)
      .where(scope.where(s))
      .orderBy(desc(s.updatedAt), desc(s.id))
      .limit(RECENT),
    db
      .select({
        reference: c.reference,
        projectType: c.projectType,
        description: c.description,
        status: c.status,
        preferredDate: c.preferredDate,
        preferredTime: c.preferredTime,
        updatedAt: c.updatedAt,
      })
      .from(c)
      .where(scope.where(c))
      .orderBy(desc(c.preferredDate), desc(c.id))
      .limit(RECENT),
    db.select().from(f).where(scope.where(f)).orderBy(desc(f.createdAt), desc(f.id)).limit(RECENT),
    // The client's invoices (issue 26): the scope's client only; drafts are dropped in portalInvoiceRows.
    listInvoices(db, { clientId: scope.clientId }).limit(RECENT + 20),
    blocksQuery(db, scope.clientId),
  ] as const
}

export type PortalFileRow = {
  id: number
  name: string
  type: string
  size: number
  uploadedBy: 'owner' | 'contact'
  createdAt: string
}
const fileView = (row: typeof tables.clientFiles.$inferSelect): PortalFileRow => ({
  id: row.id,
  name: row.name,
  type: row.type,
  size: row.size,
  uploadedBy: row.uploadedBy === 'contact' ? 'contact' : 'owner',
  createdAt: row.createdAt.toISOString(),
})

/** Quotes on the dashboard: issue 25's portal list (no drafts), through the same client scope. */
export async function listPortalQuotes(
  db: Db,
  scope: ClientScope,
): Promise<
  { id: number; number: string; title: string; status: string; statusLabel: string; href: string }[]
> {
  const rows = await portalQuotes(db, { clientId: scope.clientId, contactId: scope.contactId ?? 0 })
  return rows.map((q) => ({
    id: q.id,
    number: q.revision > 1 ? `${q.number} (revision ${q.revision})` : q.number,
    title: q.title,
    status: q.status,
    statusLabel: CLIENT_QUOTE_STATUS_LABELS[q.status as QuoteStatus] ?? q.status,
    href: `/portal/quotes/${q.id}`,
  }))
}

export type PortalInvoiceRow = {
  id: number
  number: string
  status: string
  statusLabel: string
  total: string
  balance: string
  /** The due date (YYYY-MM-DD). */
  dueDate: string
  href: string
}

/**
 * Invoices on the dashboard, from the scoped rows of the dashboard's batch:
 * never a draft (the client has not been sent it), newest first. A void
 * invoice or a credit note owes nothing.
 */
export function portalInvoiceRows(rows: Awaited<ReturnType<typeof listInvoices>>): PortalInvoiceRow[] {
  return rows
    .filter(({ invoice }) => invoice.status !== 'draft')
    .slice(0, RECENT)
    .map(({ invoice, balanceCents }) => ({
      id: invoice.id,
      number: invoice.number,
      status: invoice.status,
      statusLabel: clientInvoiceStatusLabel(invoice.status),
      total: formatCents(invoice.totalCents),
      // The one balance (services/balance.ts): credit notes count, and a credit note or void invoice owes 0.
      balance: formatCents(balanceCents),
      dueDate: invoice.dueDate,
      href: `/portal/invoices/${invoice.id}`,
    }))
}

/** Prepaid hours still usable (valid today, minutes left), as the dashboard shows them. */
export function prepaidHours(rows: Awaited<ReturnType<typeof blocksQuery>>, now: number) {
  const today = businessDate(new Date(now))
  const blocks = withRemaining(rows).filter((b) => !b.validUntil || b.validUntil >= today)
  const minutesLeft = blocks.reduce((sum, b) => sum + b.remainingMinutes, 0)
  return {
    minutesLeft,
    blocks: blocks.map((b) => ({
      id: b.id,
      minutes: b.minutes,
      remainingMinutes: b.remainingMinutes,
      validUntil: b.validUntil,
    })),
  }
}

/** Everything /portal shows, in one batch (with issue 26's invoices and prepaid hours) plus the quotes of issue 25. */
export async function portalDashboard(db: Db, scope: ClientScope, now = Date.now()) {
  const [[support, consultations, files, invoiceRows, blockRows], quotes] = await Promise.all([
    db.batch(selectLists(db, scope)),
    listPortalQuotes(db, scope),
  ])
  const invoices = portalInvoiceRows(invoiceRows)
  const requests = [
    ...support.map((r) => ({
      reference: r.reference ?? '',
      kind: 'support' as const,
      type: labelOf(ISSUE_TYPES, r.issueType),
      subject: subjectOf(r.description),
      status: r.status,
      statusLabel: statusLabel('support', r.status),
      open: isOpen(r.status),
      lastActivity: r.updatedAt.toISOString(),
    })),
    ...consultations.map((r) => ({
      reference: r.reference ?? '',
      kind: 'consultation' as const,
      type: labelOf(PROJECT_TYPES, r.projectType),
      subject: subjectOf(r.description),
      status: r.status,
      statusLabel: statusLabel('consultation', r.status),
      open: isOpen(r.status),
      lastActivity: r.updatedAt.toISOString(),
    })),
  ].sort((a, b) => Number(b.open) - Number(a.open) || b.lastActivity.localeCompare(a.lastActivity))
  const meetings = consultations.map((r) => ({
    reference: r.reference ?? '',
    status: r.status,
    statusLabel: statusLabel('consultation', r.status),
    start: r.preferredDate,
    centralLabel: describeSlot(r.preferredDate, r.preferredTime),
  }))
  const upcoming = meetings
    .filter((m) => Date.parse(m.start) >= now && (m.status === 'pending' || m.status === 'confirmed'))
    .sort((a, b) => a.start.localeCompare(b.start))
  const past = meetings.filter((m) => !upcoming.includes(m))
  return {
    requests,
    upcoming,
    past,
    files: files.map(fileView),
    quotes,
    invoices,
    prepaid: prepaidHours(blockRows, now),
  }
}

const KIND_TABLE = { consultation: tables.consultations, support: tables.supportRequests } as const
const KIND_OWNER = { consultation: 'consultationId', support: 'supportRequestId' } as const

/**
 * A request of the client by its reference, with its thread: one batch (the
 * thread is selected through the scoped request, never by a bare id).
 * NotFound for another client's reference exactly as for an unknown one.
 */
export async function portalRequest(
  db: Db,
  scope: ClientScope,
  reference: string,
  env: Env,
  now = new Date(),
) {
  const kind = kindOfReference(reference)
  if (!kind) throw new NotFound('Request not found')
  const t = KIND_TABLE[kind]
  const m = tables.requestMessages
  const scoped = scope.where(t, eq(t.reference, reference))
  const [[row], thread] = await db.batch([
    db.select().from(t).where(scoped).limit(1),
    db
      .select({
        id: m.id,
        direction: m.direction,
        author: m.author,
        authorName: m.authorName,
        body: m.body,
        attachments: m.attachments,
        createdAt: m.createdAt,
      })
      .from(m)
      .where(inArray(m[KIND_OWNER[kind]], db.select({ id: t.id }).from(t).where(scoped)))
      .orderBy(asc(m.createdAt), asc(m.id)),
  ])
  if (!row) throw new NotFound('Request not found')
  const type =
    kind === 'support'
      ? labelOf(ISSUE_TYPES, (row as typeof tables.supportRequests.$inferSelect).issueType)
      : labelOf(PROJECT_TYPES, (row as typeof tables.consultations.$inferSelect).projectType)
  let booking: ManagedBooking | null = null
  if (kind === 'consultation') {
    // The same view (and so the same change rules) as the signed manage link.
    booking = await viewBookingOf(db, row as typeof tables.consultations.$inferSelect, now)
  }
  return {
    kind,
    row,
    booking,
    page: {
      reference,
      kind,
      type,
      subject: subjectOf(row.description),
      description: row.description,
      status: row.status,
      statusLabel: statusLabel(kind, row.status),
      open: isOpen(row.status),
      lastActivity: row.updatedAt.toISOString(),
      createdAt: row.createdAt.toISOString(),
      // Only the thread (the owner's replies and the requester's messages); the owner's notes are never read here.
      thread: thread.map((msg) => ({
        id: msg.id,
        from: msg.direction === 'in' ? ('client' as const) : ('owner' as const),
        // The contact who wrote, by name (issue 36: several contacts share a conversation).
        author: msg.direction === 'in' ? (msg.authorName ?? msg.author) : env.OWNER_NAME,
        body: msg.body,
        at: msg.createdAt.toISOString(),
        attachments: msg.attachments.map((a) => a.name),
      })),
      booking,
    },
  }
}

/** A consultation of the client by reference (for cancel and move); NotFound otherwise. */
export async function portalConsultation(db: Db, scope: ClientScope, reference: string) {
  if (kindOfReference(reference) !== 'consultation') throw new NotFound('Request not found')
  const c = tables.consultations
  const [row] = await db
    .select()
    .from(c)
    .where(scope.where(c, eq(c.reference, reference)))
    .limit(1)
  if (!row) throw new NotFound('Request not found')
  return row
}

/**
 * A contact's reply from the portal: it joins the request's thread exactly as
 * an e-mailed reply does (the same service, recordCustomerReply: the request
 * is marked "Customer replied" for the owner's inbox, a support request
 * waiting on the requester goes back to in progress, and the owner's notice is
 * queued). Returns the notice's outbox id to send after the answer, or null.
 * Nothing is stored on bad input.
 */
export async function portalReply(
  db: Db,
  env: Env,
  scope: ClientScope,
  contact: Pick<PortalContact, 'email'>,
  reference: string,
  rawBody: unknown,
  now = Date.now(),
) {
  // The owner's reply rule (replyInput: required, at most 10,000 characters, cleaned text).
  const parsed = replyInput.safeParse({ body: rawBody })
  if (!parsed.success) throw new Invalid(fieldErrors(parsed.error))
  const body = parsed.data.body
  const kind = kindOfReference(reference)
  if (!kind) throw new NotFound('Request not found')
  const t = KIND_TABLE[kind]
  const [row] = await db
    .select({ id: t.id })
    .from(t)
    .where(scope.where(t, eq(t.reference, reference)))
    .limit(1)
  if (!row) throw new NotFound('Request not found')
  return recordCustomerReply(
    db,
    env,
    { kind, id: row.id },
    { author: contact.email, body, attachments: [] },
    now,
  )
}

// ---------- Files ----------

/** The client's files and how much of the quota they use (one batch). */
export async function portalFiles(db: Db, scope: ClientScope) {
  const f = tables.clientFiles
  const [rows, [used]] = await db.batch([
    db.select().from(f).where(scope.where(f)).orderBy(desc(f.createdAt), desc(f.id)),
    db
      .select({ bytes: sum(f.size) })
      .from(f)
      .where(scope.where(f)),
  ])
  return {
    files: rows.map(fileView),
    usedBytes: Number(used?.bytes ?? 0),
    quotaBytes: PORTAL_CLIENT_QUOTA_BYTES,
  }
}

export const QUOTA_MESSAGE = `Your files may take at most ${PORTAL_CLIENT_QUOTA_BYTES / 1024 / 1024} MB in all; this one would go past it`

/**
 * A contact's upload, already checked (worker/files/upload.ts): stored in R2
 * under the client, then recorded only if the client's quota still has room;
 * the quota check and the insert are one conditional statement, so two uploads
 * at once cannot both take the last room.
 */
export async function portalUpload(
  db: Db,
  bucket: R2Bucket,
  scope: ClientScope,
  contactId: number,
  file: { name: string; mime: string; bytes: Uint8Array },
  now = new Date(),
) {
  const size = file.bytes.byteLength
  const f = tables.clientFiles
  const [used] = await db
    .select({ bytes: sum(f.size) })
    .from(f)
    .where(scope.where(f))
  if (Number(used?.bytes ?? 0) + size > PORTAL_CLIENT_QUOTA_BYTES) throw new Invalid({ file: QUOTA_MESSAGE })
  const key = `clients/${scope.clientId}/${crypto.randomUUID()}`
  await bucket.put(key, file.bytes, {
    httpMetadata: { contentType: file.mime },
    customMetadata: { originalName: file.name },
  })
  const ms = now.getTime()
  const inserted = await db.run(sql`
    insert into client_files (client_id, key, name, type, size, uploaded_by, contact_id, created_at, updated_at)
    select ${scope.clientId}, ${key}, ${file.name}, ${file.mime}, ${size}, 'contact', ${contactId}, ${ms}, ${ms}
    where (select coalesce(sum(size), 0) from client_files where client_id = ${scope.clientId}) + ${size} <= ${PORTAL_CLIENT_QUOTA_BYTES}`)
  if (!inserted.meta.changes) {
    await deleteObjectAfterRow(bucket, key)
    throw new Invalid({ file: QUOTA_MESSAGE })
  }
}

/** A file of the client, with its body, for download; NotFound for any other. */
export async function openPortalFile(db: Db, bucket: R2Bucket, scope: ClientScope, id: number) {
  const f = tables.clientFiles
  const [row] = await db
    .select()
    .from(f)
    .where(scope.where(f, eq(f.id, id)))
    .limit(1)
  if (!row) throw new NotFound('File not found')
  const object = await bucket.get(row.key)
  if (!object) throw new NotFound('File not found')
  return { file: row, object }
}
