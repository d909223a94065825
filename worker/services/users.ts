import { count, eq } from 'drizzle-orm'
import type { Db } from '../db'
import { tables } from '../db'

export async function findUserByUsername(db: Db, username: string) {
  const [row] = await db.select().from(tables.users).where(eq(tables.users.username, username)).limit(1)
  return row ?? null
}

export async function countUsers(db: Db) {
  const [row] = await db.select({ n: count() }).from(tables.users)
  return row?.n ?? 0
}

/** Creates the owner, or resets the password of an existing account with that username. */
export async function upsertOwner(db: Db, username: string, passwordHash: string) {
  await db
    .insert(tables.users)
    .values({ username, passwordHash })
    .onConflictDoUpdate({ target: tables.users.username, set: { passwordHash, updatedAt: new Date() } })
}
