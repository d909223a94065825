import { and, count, eq, sql } from 'drizzle-orm'
import type { Db } from '../db'
import { tables } from '../db'
import type { SessionUser } from '../env'

/** The only user fields that ever leave the Worker (never the password hash). */
export const publicUser = (user: SessionUser): SessionUser => ({ id: user.id, username: user.username })

export async function findUserByUsername(db: Db, username: string) {
  const [row] = await db.select().from(tables.users).where(eq(tables.users.username, username)).limit(1)
  return row ?? null
}

export async function countUsers(db: Db) {
  const [row] = await db.select({ n: count() }).from(tables.users)
  return row?.n ?? 0
}

/**
 * Creates the first (owner) account, or returns null when any user exists.
 * One conditional statement, so of two concurrent registrations only one can
 * insert: D1 runs each statement atomically on a single writer.
 */
export async function createFirstOwner(db: Db, username: string, passwordHash: string) {
  const rows = await db.all<SessionUser>(sql`
    insert into users (username, password_hash)
    select ${username}, ${passwordHash}
    where not exists (select 1 from users)
    returning id, username`)
  return rows[0] ? publicUser(rows[0]) : null
}

/** Creates the owner, or resets the password of an existing account with that username. */
export async function upsertOwner(db: Db, username: string, passwordHash: string) {
  await db
    .insert(tables.users)
    .values({ username, passwordHash })
    .onConflictDoUpdate({ target: tables.users.username, set: { passwordHash, updatedAt: new Date() } })
}

/** Stores a re-hashed password (a login upgrading an older, cheaper hash). */
export async function updatePasswordHash(db: Db, id: number, passwordHash: string) {
  await db.update(tables.users).set({ passwordHash }).where(eq(tables.users.id, id))
}

/** Replaces the stored TOTP key only if it is still `from` (a concurrent change wins). */
export async function updateTotpKey(db: Db, id: number, from: string, to: string) {
  await db
    .update(tables.users)
    .set({ totpKey: to })
    .where(and(eq(tables.users.id, id), eq(tables.users.totpKey, from)))
}

export async function findUserById(db: Db, id: number) {
  const [row] = await db.select().from(tables.users).where(eq(tables.users.id, id)).limit(1)
  return row ?? null
}
