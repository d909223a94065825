// Clients and their contacts (issue 24): the one service behind the admin's
// GraphQL, the REST API for automation and the request intake. A client is an
// organisation; a contact is a person of one client whose e-mail address (lower
// case) is unique across all contacts. Every request belongs to a contact.

import { and, asc, desc, eq, getTableColumns, inArray, or, type SQL, sql } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import type {
  ClientInput,
  ClientPatch,
  ClientQuery,
  ContactInput,
  ContactPatch,
} from '../../schema/client-payloads'
import type { Client, Contact } from '../../schema/tables'
import type { Db } from '../db'
import { tables } from '../db'
import { checkLikelyDuplicate } from './client-duplicates'
import { Conflict, Invalid, NotFound } from './errors'
import { contactsOfClient, endContactSessions, endPortalAccess } from './portal-sessions'
import { containsText } from './search-text'

/** Who does something, for the audit trail (services never see the HTTP request). */
export type Actor = {
  userId: number | null
  username: string | null
  ip?: string | null
  userAgent?: string | null
}

export const CLIENT_MESSAGES = {
  notFound: 'Client not found',
  contactNotFound: 'Contact not found',
  emailTaken: 'Another contact already has this e-mail address',
  emailTwice: 'This e-mail address is given twice',
  mergeSelf: 'Choose two different clients',
  archived: 'This client is archived; restore it to invite its contacts to the portal',
} as const

export type ClientSummary = Client & { contactCount: number; requestCount: number }
export type ClientWithContacts = Client & { contacts: Contact[] }

const c = tables.clients
const k = tables.contacts

/**
 * The list with search: the text is looked for in the client's name and
 * domains and in its contacts' names and e-mail addresses. Active clients by
 * default; newest activity first is the inbox's job, here it is by name.
 */
export async function listClients(db: Db, query: Partial<ClientQuery> = {}): Promise<ClientSummary[]> {
  const where: SQL[] = []
  const status = query.status ?? 'active'
  if (status !== 'all') where.push(eq(c.status, status))
  if (query.q) {
    const q = query.q
    where.push(
      or(
        containsText(c.name, q),
        containsText(c.domains, q),
        sql`exists (select 1 from ${k} where ${k.clientId} = ${c.id} and (${containsText(k.name, q)} or ${containsText(k.email, q)}))`,
      )!,
    )
  }
  return db
    .select({
      ...getTableColumns(c),
      contactCount: sql<number>`(select count(*) from ${k} where ${k.clientId} = ${c.id})`,
      requestCount: sql<number>`((select count(*) from ${tables.consultations} where ${tables.consultations.clientId} = ${c.id}) + (select count(*) from ${tables.supportRequests} where ${tables.supportRequests.clientId} = ${c.id}))`,
    })
    .from(c)
    .where(where.length ? and(...where) : undefined)
    .orderBy(sql`lower(${c.name})`, asc(c.id))
    .limit(500)
}

export async function getClient(db: Db, id: number): Promise<Client> {
  const [row] = await db.select().from(c).where(eq(c.id, id)).limit(1)
  if (!row) throw new NotFound(CLIENT_MESSAGES.notFound)
  return row
}

/** A client with its contacts (oldest first), or NotFound. */
export async function clientOf(db: Db, clientId: number): Promise<ClientWithContacts> {
  const [[client], contacts] = await db.batch([
    db.select().from(c).where(eq(c.id, clientId)).limit(1),
    db.select().from(k).where(eq(k.clientId, clientId)).orderBy(asc(k.id)),
  ])
  if (!client) throw new NotFound(CLIENT_MESSAGES.notFound)
  return { ...client, contacts }
}

export async function getContact(db: Db, id: number): Promise<Contact> {
  const [row] = await db.select().from(k).where(eq(k.id, id)).limit(1)
  if (!row) throw new NotFound(CLIENT_MESSAGES.contactNotFound)
  return row
}

export const contactsOf = (db: Db, clientId: number) =>
  db.select().from(k).where(eq(k.clientId, clientId)).orderBy(asc(k.id))

/** Refuses addresses given twice in one write or already used by another contact (400, naming the field). */
async function checkEmailsFree(db: Db, emails: { field: string; email: string }[], exceptContactId?: number) {
  const errors: Record<string, string> = {}
  const seen = new Set<string>()
  for (const { field, email } of emails) {
    if (seen.has(email)) errors[field] ??= CLIENT_MESSAGES.emailTwice
    seen.add(email)
  }
  if (emails.length) {
    const taken = await db
      .select({ id: k.id, email: k.email })
      .from(k)
      .where(
        inArray(
          k.email,
          emails.map((e) => e.email),
        ),
      )
    for (const row of taken) {
      if (row.id === exceptContactId) continue
      const field = emails.find((e) => e.email === row.email)!.field
      errors[field] ??= CLIENT_MESSAGES.emailTaken
    }
  }
  if (Object.keys(errors).length) throw new Invalid(errors)
}

/** A concurrent write took the address between the check and the insert: 409 with the same field message. */
function uniqueEmail(err: unknown, field: string): never {
  if (
    /UNIQUE constraint failed: contacts\.email/i.test(
      String((err as { cause?: unknown })?.cause ?? '') + String(err),
    )
  )
    throw new Conflict(CLIENT_MESSAGES.emailTaken, { [field]: CLIENT_MESSAGES.emailTaken })
  throw err
}

/**
 * Creates a client with its first contacts in one batch. The contacts take
 * the new client's id from the insert just before them (the batch is one
 * transaction, and ids only grow: AUTOINCREMENT).
 */
export async function createClient(
  db: Db,
  input: ClientInput,
  now = new Date(),
): Promise<ClientWithContacts> {
  const contacts = input.contacts ?? []
  // REST's field map names the list; each message says which entry.
  await checkEmailsFree(
    db,
    contacts.map((contact) => ({ field: 'contacts', email: contact.email })),
  )
  const { contacts: _contacts, confirmDuplicate, ...fields } = input
  if (!confirmDuplicate) await checkLikelyDuplicate(db, fields.name)
  const newClientId = sql`(select max(${c.id}) from ${c})`
  try {
    const [[client], ...inserted] = await db.batch([
      db
        .insert(c)
        .values({ ...fields, domains: fields.domains ?? [], createdAt: now, updatedAt: now })
        .returning(),
      ...contacts.map((contact) =>
        db
          .insert(k)
          .values({ ...contact, clientId: newClientId as unknown as number, createdAt: now, updatedAt: now })
          .returning(),
      ),
      // The first entry of the dated notes log (issue 36).
      ...(fields.notes
        ? [
            db
              .insert(tables.clientNotes)
              .values({ clientId: newClientId as unknown as number, body: fields.notes, createdAt: now })
              .returning(),
          ]
        : []),
    ])
    return { ...client!, contacts: inserted.slice(0, contacts.length).map(([row]) => row as Contact) }
  } catch (err) {
    uniqueEmail(err, 'contacts')
  }
}

/**
 * Changes the given fields; absent ones stay. Archiving ends the portal
 * access of every contact of the client (sessions and sign-in links) in the
 * same batch (issue 34).
 */
export async function updateClient(
  db: Db,
  id: number,
  patch: ClientPatch,
  now = new Date(),
): Promise<Client> {
  const { confirmDuplicate, ...changes } = patch
  if (changes.name !== undefined && !confirmDuplicate) {
    await getClient(db, id)
    await checkLikelyDuplicate(db, changes.name, id)
  }
  const fields = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined))
  const update = db
    .update(c)
    .set({ ...fields, updatedAt: now })
    .where(eq(c.id, id))
    .returning()
  const [[row]] =
    patch.status === 'archived'
      ? await db.batch([update, ...endPortalAccess(db, contactsOfClient(id))])
      : [await update]
  if (!row) throw new NotFound(CLIENT_MESSAGES.notFound)
  return row
}

export const archiveClient = (db: Db, id: number, archived: boolean) =>
  updateClient(db, id, { status: archived ? 'archived' : 'active' })

export async function addContact(
  db: Db,
  clientId: number,
  input: ContactInput,
  now = new Date(),
): Promise<Contact> {
  await getClient(db, clientId)
  await checkEmailsFree(db, [{ field: 'email', email: input.email }])
  try {
    const [row] = await db
      .insert(k)
      .values({ ...input, clientId, createdAt: now, updatedAt: now })
      .returning()
    return row!
  } catch (err) {
    uniqueEmail(err, 'email')
  }
}

/**
 * Changes the given fields of a contact. A new e-mail address ends the
 * contact's portal sessions and sign-in links in the same batch (issue 34):
 * whoever reads the old mailbox is signed out, and the links mailed there no
 * longer sign in.
 */
export async function updateContact(
  db: Db,
  id: number,
  patch: ContactPatch,
  now = new Date(),
): Promise<Contact> {
  const current = await getContact(db, id)
  if (patch.email) await checkEmailsFree(db, [{ field: 'email', email: patch.email }], id)
  const fields = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined))
  const update = db
    .update(k)
    .set({ ...fields, updatedAt: now })
    .where(eq(k.id, id))
    .returning()
  try {
    const [[row]] =
      patch.email && patch.email !== current.email
        ? await db.batch([update, ...endPortalAccess(db, id)])
        : [await update]
    if (!row) throw new NotFound(CLIENT_MESSAGES.contactNotFound)
    return row
  } catch (err) {
    uniqueEmail(err, 'email')
  }
}

/** Ends every portal session of a contact (the owner's "End sessions"); NotFound for an unknown contact. */
export async function endSessionsOfContact(db: Db, contactId: number): Promise<number> {
  await getContact(db, contactId)
  return endContactSessions(db, contactId)
}

// ---------- Merge ----------

/** Every table whose rows belong to a client, in the order the merge moves them. */
/** Every table with a client (a guard test finds any new one left out: test/worker/clients-merge-tables.test.ts). */
export const OWNED_BY_CLIENT = [
  tables.contacts,
  tables.portalSessions,
  tables.consultations,
  tables.supportRequests,
  tables.clientFiles,
  tables.quotes,
  // Invoices before time entries: a billed entry may only follow its own invoice (migration 0012).
  tables.invoices,
  tables.prepaidBlocks,
  tables.timeEntries,
  tables.runningTimer,
  // A plan (issue 37) follows its client; two live ones are refused before the merge.
  tables.subscriptions,
  // The client's IT (issue 38): its history rows follow the asset.
  tables.assets,
  // Recurring maintenance (issue 40): schedules and their tasks, done ones included.
  tables.maintenanceSchedules,
  tables.maintenanceTasks,
  // The dated notes log (issue 36) follows its client.
  tables.clientNotes,
  // The vault (issue 38): the secrets are bound to the credential id, not the client, so they move too.
  tables.credentials,
  // The compliance desk (issue 39): BAAs, the incidents' affected clients and their notices, risk analyses.
  tables.baas,
  tables.incidentClients,
  tables.incidentNotices,
  tables.incidentReminders,
  tables.riskAnalyses,
  tables.riskReminders,
] as const

/**
 * Merges client `sourceId` into `targetId`: every contact, request, booking,
 * file, quote, invoice, prepaid block and time entry of the source moves to
 * the target, the source's domains and notes are added to the target's, the
 * source is deleted, and the audit trail records it; all in one batch.
 */
export async function mergeClients(
  db: Db,
  { targetId, sourceId }: { targetId: number; sourceId: number },
  actor: Actor,
  now = new Date(),
): Promise<ClientWithContacts> {
  if (targetId === sourceId) throw new Invalid({ sourceId: CLIENT_MESSAGES.mergeSelf })
  const [target, source] = await Promise.all([getClient(db, targetId), getClient(db, sourceId)])
  const live = await db
    .select({ clientId: tables.subscriptions.clientId })
    .from(tables.subscriptions)
    .where(
      and(
        inArray(tables.subscriptions.clientId, [targetId, sourceId]),
        sql`${tables.subscriptions.status} <> 'cancelled'`,
      ),
    )
  if (live.length > 1)
    throw new Conflict('Both clients are on a plan: cancel one of the plans first', {
      sourceId: 'On a plan too',
    })
  const domains = [...new Set([...target.domains, ...source.domains])]
  const notes = [target.notes, source.notes && `From ${source.name}: ${source.notes}`]
    .filter(Boolean)
    .join('\n\n')
  // Each table's update has its own type; they are all batch statements.
  const moves = OWNED_BY_CLIENT.map((table) =>
    db
      .update(table)
      .set({ clientId: targetId } as never)
      .where(eq(table.clientId, sourceId)),
  ) as unknown as BatchItem<'sqlite'>[]
  // Before the moves, while they are still the source's: each asset's history says where it came from
  // (all six columns, in the table's order: id, asset_id, at, actor, action, changes).
  const assetHistory = db
    .insert(tables.assetChanges)
    .select(
      sql`select null, ${tables.assets.id}, ${now.getTime()}, 'owner', 'merged', json_object('client', json_array(${source.name}, ${target.name})) from ${tables.assets} where ${tables.assets.clientId} = ${sourceId}`,
    )
  await db.batch([
    assetHistory,
    ...(moves as [BatchItem<'sqlite'>]),
    db
      .update(c)
      .set({ domains, notes: notes || null, updatedAt: now })
      .where(eq(c.id, targetId)),
    db.delete(c).where(eq(c.id, sourceId)),
    db.insert(tables.auditLog).values({
      at: now,
      userId: actor.userId,
      actor: actor.username,
      action: 'merge client',
      record: `${source.id} (${source.name}) into ${target.id} (${target.name})`.slice(0, 500),
      outcome: 'success',
      ip: actor.ip ?? null,
      userAgent: actor.userAgent?.slice(0, 500) ?? null,
    }),
  ])
  return clientOf(db, targetId)
}

// ---------- Intake: every request belongs to a contact ----------

export type Person = { name: string; email: string; phone?: string | null; organisation?: string | null }

/** The client a new person gets: their organisation, else their own name (as the migration's back-fill). */
const clientNameOf = (person: Person) => person.organisation?.trim() || person.name

/**
 * The batch statements that link a new record to the person's contact,
 * matched by exact e-mail address (lower case); `clientId` and `contactId` are
 * SQL expressions for the insert that follows them in the same batch (one
 * transaction). For an unknown address they make a client and its contact; for
 * a known one the contact insert does nothing (the unique address) and the
 * client made for it, now without a contact, is removed again. Two requests
 * from one new address therefore make one contact even when they arrive
 * together. (An `INSERT ... SELECT ... WHERE NOT EXISTS` would avoid the
 * throw-away row, but drizzle's D1 batch cannot run raw statements with
 * parameters, and its insert-select needs every column spelled out.)
 */
export function contactLink(db: Db, person: Person, now = new Date()) {
  const email = person.email.trim().toLowerCase()
  const statements = [
    db.insert(c).values({ name: clientNameOf(person), domains: [], createdAt: now, updatedAt: now }),
    db
      .insert(k)
      .values({
        clientId: sql`last_insert_rowid()` as unknown as number,
        name: person.name,
        email,
        phone: person.phone?.trim() || null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: k.email }),
    // The client just made (the highest id: ids only grow) when its contact was not needed.
    db
      .delete(c)
      .where(
        and(
          eq(c.id, sql`(select max(${c.id}) from ${c})`),
          sql`not exists (select 1 from ${k} where ${k.clientId} = ${c.id})`,
        ),
      ),
  ] as const
  return {
    statements,
    clientId: sql<number>`(select ${k.clientId} from ${k} where ${k.email} = ${email})`,
    contactId: sql<number>`(select ${k.id} from ${k} where ${k.email} = ${email})`,
  }
}

/**
 * The contact of an address: the existing one (exact e-mail match, any case)
 * or a new client and contact made from the person's details.
 */
export async function matchOrCreateContact(
  db: Db,
  person: Person,
  now = new Date(),
): Promise<{ clientId: number; contactId: number; created: boolean }> {
  const link = contactLink(db, person, now)
  const [, contact, , [ids]] = await db.batch([
    ...link.statements,
    db
      .select({ clientId: k.clientId, contactId: k.id })
      .from(k)
      .where(eq(k.email, person.email.trim().toLowerCase())),
  ])
  return { ...ids!, created: contact.meta.changes > 0 }
}

// ---------- The client page's records ----------

/** Every request and booking of a client, newest first, with what the owner's list shows. */
export async function requestsOf(db: Db, clientId: number) {
  const cons = tables.consultations
  const sup = tables.supportRequests
  const [consultations, supportRequests] = await db.batch([
    db
      .select({
        id: cons.id,
        reference: cons.reference,
        status: cons.status,
        name: cons.name,
        email: cons.email,
        contactId: cons.contactId,
        subject: cons.projectType,
        preferredDate: cons.preferredDate,
        preferredTime: cons.preferredTime,
        createdAt: cons.createdAt,
        updatedAt: cons.updatedAt,
      })
      .from(cons)
      .where(eq(cons.clientId, clientId))
      .orderBy(desc(cons.createdAt), desc(cons.id)),
    db
      .select({
        id: sup.id,
        reference: sup.reference,
        status: sup.status,
        name: sup.name,
        email: sup.email,
        contactId: sup.contactId,
        subject: sup.issueType,
        urgency: sup.urgency,
        createdAt: sup.createdAt,
        updatedAt: sup.updatedAt,
      })
      .from(sup)
      .where(eq(sup.clientId, clientId))
      .orderBy(desc(sup.createdAt), desc(sup.id)),
  ])
  return { consultations, supportRequests }
}

/** The files shared between the owner and a client, newest first. */
export const filesOf = (db: Db, clientId: number) =>
  db
    .select()
    .from(tables.clientFiles)
    .where(eq(tables.clientFiles.clientId, clientId))
    .orderBy(desc(tables.clientFiles.createdAt), desc(tables.clientFiles.id))
