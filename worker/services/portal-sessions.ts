// Contact sessions of the client portal (issue 24, docs/decisions/087-portal-sign-in.md).
// Built like the owner's (worker/auth/session.ts): the cookie holds a random
// token, the row only its SHA-256; but in their own table, under their own
// cookie, with their own limits, so neither kind of session can stand in for
// the other. A session ends 30 days after sign-in, or after 7 idle days.
import { sha256 } from '@oslojs/crypto/sha2'
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding'
import { and, eq, gt, inArray, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../db'
import { tables } from '../db'
import { contactMayUsePortal, linkTokenHash, safeNext, TOKEN_PATTERN, usableLink } from './portal-links'

export const PORTAL_SESSION_LIFETIME_MS = 30 * 24 * 60 * 60_000
export const PORTAL_SESSION_IDLE_MS = 7 * 24 * 60 * 60_000
/** Last-seen is written at most this often per session (one D1 write a minute, not one per page). */
export const PORTAL_LAST_SEEN_RESOLUTION_MS = 60_000

/** The signed-in contact, as every portal page and action sees them. */
export type PortalContact = {
  /** The session's id (the token's hash), for signing out. */
  sessionId: string
  contactId: number
  clientId: number
  name: string
  email: string
  phone: string | null
  clientName: string
}

const sessionIdOf = (token: string) => encodeHexLowerCase(sha256(new TextEncoder().encode(token)))

export async function createPortalSession(
  db: Db,
  contactId: number,
  client: { userAgent: string | null; ip: string | null } = { userAgent: null, ip: null },
  now = Date.now(),
): Promise<{ token: string; expiresAt: number } | null> {
  const [contact] = await db
    .select({ clientId: tables.contacts.clientId })
    .from(tables.contacts)
    .where(and(eq(tables.contacts.id, contactId), contactMayUsePortal(tables.contacts.id)))
  if (!contact) return null
  // 20 random bytes = 160 bits, as the owner's.
  const token = encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(20)))
  const expiresAt = now + PORTAL_SESSION_LIFETIME_MS
  await db.insert(tables.portalSessions).values({
    id: sessionIdOf(token),
    contactId,
    clientId: contact.clientId,
    createdAt: new Date(now),
    lastSeenAt: new Date(now),
    expiresAt: new Date(expiresAt),
    userAgent: client.userAgent?.slice(0, 500) ?? null,
    ip: client.ip,
  })
  return { token, expiresAt }
}

/**
 * The contact a session token names, or null when it is unknown, past its
 * 30 days or idle for 7. The client is the contact's current one (read through
 * the contact), so a contact moved by a merge sees their new client at once.
 */
export async function loadPortalSession(
  db: Db,
  token: string,
  now = Date.now(),
): Promise<PortalContact | null> {
  if (!/^[a-z2-7]{32}$/.test(token)) return null
  const id = sessionIdOf(token)
  const s = tables.portalSessions
  // One round trip: last-seen is refreshed (at most once a minute, and only
  // while the session is valid, so it never revives an ended one) in the same
  // batch that reads the session.
  const [, [row]] = await db.batch([
    db
      .update(s)
      .set({ lastSeenAt: new Date(now) })
      .where(
        and(
          eq(s.id, id),
          lte(s.lastSeenAt, new Date(now - PORTAL_LAST_SEEN_RESOLUTION_MS)),
          gt(s.lastSeenAt, new Date(now - PORTAL_SESSION_IDLE_MS)),
          gt(s.expiresAt, new Date(now)),
        ),
      ),
    db
      .select({
        contactId: tables.contacts.id,
        clientId: tables.contacts.clientId,
        name: tables.contacts.name,
        email: tables.contacts.email,
        phone: tables.contacts.phone,
        // Aliased: in a batch, D1 answers rows as objects, and two columns both
        // called "name" would collapse into one and shift every value after it.
        clientName: sql<string>`${tables.clients.name}`.as('client_name'),
        lastSeenAt: s.lastSeenAt,
        expiresAt: s.expiresAt,
      })
      .from(s)
      .innerJoin(tables.contacts, eq(tables.contacts.id, s.contactId))
      .innerJoin(tables.clients, eq(tables.clients.id, tables.contacts.clientId))
      // An archived client's contacts are out at once (issue 34), whatever sessions remain.
      .where(and(eq(s.id, id), eq(tables.clients.status, 'active')))
      .limit(1),
  ])
  if (!row) return null
  if (row.expiresAt.getTime() <= now || row.lastSeenAt.getTime() + PORTAL_SESSION_IDLE_MS <= now) {
    await db.delete(s).where(eq(s.id, id))
    return null
  }
  const { lastSeenAt: _l, expiresAt: _e, ...contact } = row
  return { sessionId: id, ...contact }
}

/**
 * Uses a sign-in link and opens the contact's session in one batch (one
 * transaction): the session row is inserted only while the link is still
 * usable (unused, unexpired, its client active), and the link is then marked
 * used only if that session now exists. Of any number of simultaneous uses
 * exactly one opens a session, and an e-mail change or an archive (whose own
 * batch ends the contact's sessions and links) cannot fall between the check
 * and the session. Null for an unknown, used, expired or refused link.
 */
export async function signInWithLink(
  db: Db,
  token: string,
  client: { userAgent: string | null; ip: string | null } = { userAgent: null, ip: null },
  now = Date.now(),
): Promise<{ token: string; expiresAt: number; contactId: number; next: string | null } | null> {
  if (!TOKEN_PATTERN.test(token)) return null
  const sessionToken = encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(20)))
  const id = sessionIdOf(sessionToken)
  const expiresAt = now + PORTAL_SESSION_LIFETIME_MS
  const l = tables.portalLinks
  const k = tables.contacts
  const s = tables.portalSessions
  const [, [used]] = await db.batch([
    // Columns in the table's order (drizzle's insert ... select lists them so).
    db.insert(s).select(
      db
        .select({
          id: sql<string>`${id}`.as('id'),
          contactId: k.id,
          clientId: k.clientId,
          createdAt: sql<number>`${now}`.as('created_at'),
          lastSeenAt: sql<number>`${now}`.as('last_seen_at'),
          expiresAt: sql<number>`${expiresAt}`.as('expires_at'),
          userAgent: sql<string | null>`${client.userAgent?.slice(0, 500) ?? null}`.as('user_agent'),
          ip: sql<string | null>`${client.ip}`.as('ip'),
        })
        .from(l)
        .innerJoin(k, eq(k.id, l.contactId))
        .where(usableLink(token, now)),
    ),
    db
      .update(l)
      .set({ usedAt: new Date(now) })
      .where(
        and(
          eq(l.tokenHash, linkTokenHash(token)),
          isNull(l.usedAt),
          sql`exists (select 1 from ${s} where ${s.id} = ${id})`,
        ),
      )
      .returning({ contactId: l.contactId, next: l.next }),
  ])
  if (!used) return null
  return { token: sessionToken, expiresAt, contactId: used.contactId, next: safeNext(used.next) }
}

/**
 * The statements that end a contact's portal access (issue 34): its sessions
 * and its sign-in links, used or not. They join the batch of the change that
 * calls for them (an e-mail change, an archive), so no session or mailed link
 * outlives it. `contactIds` is one contact's id or a subquery of ids.
 */
export function endPortalAccess(db: Db, contactIds: number | SQL) {
  const s = tables.portalSessions
  const l = tables.portalLinks
  const of = (column: typeof s.contactId | typeof l.contactId) =>
    typeof contactIds === 'number' ? eq(column, contactIds) : inArray(column, contactIds)
  return [db.delete(s).where(of(s.contactId)), db.delete(l).where(of(l.contactId))] as const
}

/** The ids of a client's contacts, for endPortalAccess. */
export const contactsOfClient = (clientId: number) =>
  sql`(select ${tables.contacts.id} from ${tables.contacts} where ${tables.contacts.clientId} = ${clientId})`

/** Signs one session out (the token from the cookie). */
export async function endPortalSession(db: Db, token: string) {
  await db.delete(tables.portalSessions).where(eq(tables.portalSessions.id, sessionIdOf(token)))
}

/** Ends every session of a contact (the owner's "end sessions", erasure); returns how many ended. */
export async function endContactSessions(db: Db, contactId: number): Promise<number> {
  const rows = await db
    .delete(tables.portalSessions)
    .where(eq(tables.portalSessions.contactId, contactId))
    .returning({ id: tables.portalSessions.id })
  return rows.length
}

/** Deletes sessions past their lifetime or idle limit (the cron). */
export async function purgeExpiredPortalSessions(db: Db, now = Date.now()) {
  const s = tables.portalSessions
  await db
    .delete(s)
    .where(or(lt(s.expiresAt, new Date(now)), lt(s.lastSeenAt, new Date(now - PORTAL_SESSION_IDLE_MS))))
}
