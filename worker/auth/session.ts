// Sessions in D1 (docs/decisions/022-sessions-in-d1.md). The cookie holds a
// random token; the row is keyed by its SHA-256, so a leaked table cannot be
// replayed as cookies. A session ends at an absolute lifetime after sign-in and
// after an idle period without requests; neither is ever extended by use, so
// the cookie is written once, at sign-in, with the absolute end as its expiry.
// https://lucia-auth.com/sessions/basic (the pattern this follows)
import { sha256 } from '@oslojs/crypto/sha2'
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding'
import { and, desc, eq, lt, ne, or } from 'drizzle-orm'
import type { Db } from '../db'
import { tables } from '../db'
import type { SessionUser } from '../env'
import type { SecurityConfig } from './config'

/** Last-seen is written at most this often per session (one D1 write a minute, not one per request). */
export const LAST_SEEN_RESOLUTION_MS = 60_000

export const sessionIdOf = (token: string) => encodeHexLowerCase(sha256(new TextEncoder().encode(token)))

export function generateSessionToken(): string {
  // 20 random bytes = 160 bits of entropy.
  return encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(20)))
}

export type SessionClient = { userAgent: string | null; ip: string | null; location: string | null }

export async function createSession(
  db: Db,
  user: SessionUser,
  config: Pick<SecurityConfig, 'sessionLifetimeMs'>,
  client: SessionClient = { userAgent: null, ip: null, location: null },
  now = Date.now(),
) {
  const token = generateSessionToken()
  const expiresAt = now + config.sessionLifetimeMs
  await db.insert(tables.sessions).values({
    id: sessionIdOf(token),
    userId: user.id,
    createdAt: new Date(now),
    lastSeenAt: new Date(now),
    expiresAt: new Date(expiresAt),
    userAgent: client.userAgent?.slice(0, 500) ?? null,
    ip: client.ip,
    location: client.location,
    // Every sign-in proves a password or a passkey: the session starts in sudo mode (reauth.ts).
    reauthAt: new Date(now),
  })
  return { token, id: sessionIdOf(token), expiresAt }
}

export type ValidatedSession = { id: string; user: SessionUser; expiresAt: number }

/** The session's user, or null when the token is unknown, past its lifetime or idle too long. */
export async function validateSession(
  db: Db,
  token: string,
  config: Pick<SecurityConfig, 'sessionIdleMs'>,
  now = Date.now(),
): Promise<ValidatedSession | null> {
  if (!/^[a-z2-7]{32}$/.test(token)) return null
  const id = sessionIdOf(token)
  const [row] = await db
    .select({
      userId: tables.sessions.userId,
      username: tables.users.username,
      lastSeenAt: tables.sessions.lastSeenAt,
      expiresAt: tables.sessions.expiresAt,
    })
    .from(tables.sessions)
    .innerJoin(tables.users, eq(tables.users.id, tables.sessions.userId))
    .where(eq(tables.sessions.id, id))
    .limit(1)
  if (!row) return null
  if (row.expiresAt.getTime() <= now || row.lastSeenAt.getTime() + config.sessionIdleMs <= now) {
    await db.delete(tables.sessions).where(eq(tables.sessions.id, id))
    return null
  }
  if (now - row.lastSeenAt.getTime() >= LAST_SEEN_RESOLUTION_MS) {
    await db
      .update(tables.sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(tables.sessions.id, id))
  }
  return { id, user: { id: row.userId, username: row.username }, expiresAt: row.expiresAt.getTime() }
}

export async function invalidateSession(db: Db, token: string) {
  await db.delete(tables.sessions).where(eq(tables.sessions.id, sessionIdOf(token)))
}

/** The user's sessions that are still valid, newest first. */
export async function listSessions(db: Db, userId: number, config: SecurityConfig, now = Date.now()) {
  const rows = await db
    .select()
    .from(tables.sessions)
    .where(eq(tables.sessions.userId, userId))
    .orderBy(desc(tables.sessions.lastSeenAt))
  return rows.filter(
    (s) => s.expiresAt.getTime() > now && s.lastSeenAt.getTime() + config.sessionIdleMs > now,
  )
}

/** Ends one of the user's sessions; false when it is not theirs or does not exist. */
export async function endSession(db: Db, userId: number, sessionId: string) {
  const rows = await db
    .delete(tables.sessions)
    .where(and(eq(tables.sessions.userId, userId), eq(tables.sessions.id, sessionId)))
    .returning({ id: tables.sessions.id })
  return rows.length > 0
}

/** Ends every session of the user except `keepId`; returns how many ended. */
export async function endOtherSessions(db: Db, userId: number, keepId: string | null) {
  const rows = await db
    .delete(tables.sessions)
    .where(
      keepId
        ? and(eq(tables.sessions.userId, userId), ne(tables.sessions.id, keepId))
        : eq(tables.sessions.userId, userId),
    )
    .returning({ id: tables.sessions.id })
  return rows.length
}

/** Deletes sessions past their lifetime or idle timeout (the cron). */
export async function purgeExpiredSessions(db: Db, config: SecurityConfig, now = Date.now()) {
  await db
    .delete(tables.sessions)
    .where(
      or(
        lt(tables.sessions.expiresAt, new Date(now)),
        lt(tables.sessions.lastSeenAt, new Date(now - config.sessionIdleMs)),
      ),
    )
}
