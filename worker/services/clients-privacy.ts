// Privacy for clients and contacts (issue 24), beside the requests' own
// (privacy.ts): the owner's CSV export of every client and contact, and the
// erasure of a contact on their demand.
import { and, asc, eq } from 'drizzle-orm'
import type { Db } from '../db'
import { tables } from '../db'
import { getContact } from './clients'
import { toCsv } from './csv'
import { endPortalAccess } from './portal-sessions'
import { eraseRequest } from './privacy'

const COLUMNS = [
  'clientId',
  'client',
  'clientStatus',
  'domains',
  'contactId',
  'name',
  'email',
  'phone',
  'role',
  'contactSince',
] as const

/** Every contact with their client (and clients without a contact), as CSV. */
export async function exportClientsCsv(db: Db): Promise<string> {
  const c = tables.clients
  const k = tables.contacts
  const rows = await db
    .select({
      clientId: c.id,
      client: c.name,
      clientStatus: c.status,
      domains: c.domains,
      contactId: k.id,
      name: k.name,
      email: k.email,
      phone: k.phone,
      role: k.role,
      contactSince: k.createdAt,
    })
    .from(c)
    .leftJoin(k, eq(k.clientId, c.id))
    .orderBy(asc(c.name), asc(c.id), asc(k.id))
  return toCsv(
    COLUMNS,
    rows.map((row) => ({ ...row, domains: row.domains.join(' ') })),
  )
}

/**
 * Erases a contact on their demand: their requests (through the requests'
 * own erasure, which records each), the files they uploaded (R2 and rows),
 * the changes they asked for on quotes, then the contact, whose portal sessions and sign-in links go with it
 * (ON DELETE CASCADE). Files the owner shared with the client stay: they are
 * the client's, not the person's. Returns what was removed.
 */
export async function eraseContact(db: Db, contactId: number, files?: R2Bucket, now = Date.now()) {
  const contact = await getContact(db, contactId)
  // Out of the portal first (issue 34): the erasure below takes a while, and
  // the contact being erased must not keep browsing meanwhile.
  await db.batch([...endPortalAccess(db, contact.id)])
  const [consultations, supportRequests, uploads] = await db.batch([
    db
      .select({ id: tables.consultations.id })
      .from(tables.consultations)
      .where(eq(tables.consultations.contactId, contactId)),
    db
      .select({ id: tables.supportRequests.id })
      .from(tables.supportRequests)
      .where(eq(tables.supportRequests.contactId, contactId)),
    db
      .select({ id: tables.clientFiles.id, key: tables.clientFiles.key })
      .from(tables.clientFiles)
      .where(and(eq(tables.clientFiles.contactId, contactId), eq(tables.clientFiles.uploadedBy, 'contact'))),
  ])
  for (const { id } of consultations) await eraseRequest(db, 'consultation', id, now, files)
  for (const { id } of supportRequests) await eraseRequest(db, 'support', id, now, files)
  await db.batch([
    db
      .delete(tables.clientFiles)
      .where(and(eq(tables.clientFiles.contactId, contactId), eq(tables.clientFiles.uploadedBy, 'contact'))),
    // What they wrote on quotes ("Ask for changes", issue 36) is theirs; their signatures stay (the record of a contract).
    db.delete(tables.quoteChangeRequests).where(eq(tables.quoteChangeRequests.contactId, contact.id)),
    db.delete(tables.contacts).where(eq(tables.contacts.id, contact.id)),
  ])
  if (files && uploads.length) await files.delete(uploads.map((u) => u.key))
  return { requests: consultations.length + supportRequests.length, files: uploads.length }
}
