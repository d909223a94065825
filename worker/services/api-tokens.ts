// The owner's personal access tokens for the REST API (issue 24). A token is
// shown once, at creation; the table keeps only its SHA-256, so a leaked table
// cannot be replayed. Scope "read" allows safe methods only; expired or
// revoked tokens authenticate nothing. Which routes accept a token at all is
// the bearer middleware's rule (worker/auth/bearer.ts).
import { sha256 } from '@oslojs/crypto/sha2'
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding'
import { and, desc, eq, isNull, lt, or } from 'drizzle-orm'
import type { ApiTokenInput, TokenScope } from '../../schema/client-payloads'
import type { Db } from '../db'
import { tables } from '../db'
import type { SessionUser } from '../env'
import { NotFound } from './errors'

/** Every token starts with this, so secret scanners and people can recognise one. */
export const TOKEN_PREFIX = 'pat_'
/** last_used_at is written at most this often per token (one D1 write a minute, not one per call). */
export const LAST_USED_RESOLUTION_MS = 60_000
const DAY_MS = 24 * 60 * 60 * 1000

const t = tables.apiTokens

export const tokenHashOf = (token: string) => encodeHexLowerCase(sha256(new TextEncoder().encode(token)))

/** What the owner sees of a token: never its value or hash. */
export type ApiTokenView = {
  id: number
  name: string
  scope: TokenScope
  createdAt: Date
  expiresAt: Date | null
  lastUsedAt: Date | null
  revokedAt: Date | null
}

const view = {
  id: t.id,
  name: t.name,
  scope: t.scope,
  createdAt: t.createdAt,
  expiresAt: t.expiresAt,
  lastUsedAt: t.lastUsedAt,
  revokedAt: t.revokedAt,
}

export async function createApiToken(db: Db, userId: number, input: ApiTokenInput, now = Date.now()) {
  // 25 random bytes = 200 bits of entropy.
  const token = `${TOKEN_PREFIX}${encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(25)))}`
  const [row] = await db
    .insert(t)
    .values({
      userId,
      name: input.name,
      scope: input.scope,
      tokenHash: tokenHashOf(token),
      expiresAt: input.expiresInDays === null ? null : new Date(now + input.expiresInDays * DAY_MS),
      createdAt: new Date(now),
      updatedAt: new Date(now),
    })
    .returning(view)
  return { token, apiToken: row as ApiTokenView }
}

/** Newest first, revoked ones included (the list shows when each was revoked). */
export async function listApiTokens(db: Db, userId: number) {
  return (await db.select(view).from(t).where(eq(t.userId, userId)).orderBy(desc(t.id))) as ApiTokenView[]
}

export async function revokeApiToken(db: Db, userId: number, id: number, now = Date.now()) {
  const [row] = await db
    .update(t)
    .set({ revokedAt: new Date(now), updatedAt: new Date(now) })
    .where(and(eq(t.id, id), eq(t.userId, userId), isNull(t.revokedAt)))
    .returning(view)
  if (row) return row as ApiTokenView
  // Revoking twice is harmless; an unknown (or another user's) id is not found.
  const [existing] = await db
    .select(view)
    .from(t)
    .where(and(eq(t.id, id), eq(t.userId, userId)))
  if (!existing) throw new NotFound('Token not found')
  return existing as ApiTokenView
}

export type VerifiedToken = { user: SessionUser; token: { id: number; name: string; scope: TokenScope } }

/** The owner a bearer token stands for, or null when it is unknown, revoked or expired. */
export async function verifyApiToken(db: Db, token: string, now = Date.now()): Promise<VerifiedToken | null> {
  if (!token.startsWith(TOKEN_PREFIX) || token.length > 200) return null
  const [row] = await db
    .select({
      id: t.id,
      name: t.name,
      scope: t.scope,
      expiresAt: t.expiresAt,
      revokedAt: t.revokedAt,
      lastUsedAt: t.lastUsedAt,
      userId: tables.users.id,
      username: tables.users.username,
    })
    .from(t)
    .innerJoin(tables.users, eq(tables.users.id, t.userId))
    .where(eq(t.tokenHash, tokenHashOf(token)))
    .limit(1)
  if (!row || row.revokedAt !== null) return null
  if (row.expiresAt !== null && row.expiresAt.getTime() <= now) return null
  if (row.lastUsedAt === null || now - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
    await db
      .update(t)
      .set({ lastUsedAt: new Date(now) })
      .where(
        and(
          eq(t.id, row.id),
          or(isNull(t.lastUsedAt), lt(t.lastUsedAt, new Date(now - LAST_USED_RESOLUTION_MS))),
        ),
      )
  }
  return {
    user: { id: row.userId, username: row.username },
    token: { id: row.id, name: row.name, scope: row.scope as TokenScope },
  }
}
