// Re-authentication ("sudo mode", docs/decisions/078-sudo-mode.md): a change to
// the owner's sign-in methods (password, passkeys, authenticator app, recovery
// codes, access tokens) needs a password or passkey proof from the last
// REAUTH_WINDOW_MS on this session, so a stolen session cookie alone cannot
// plant a lasting way in. Sign-in itself is such a proof (createSession stamps
// it); POST /api/security/reauth renews it.
//
// Use: `requireRecentAuth` as route middleware after `requireOwner`, or
// `assertRecentAuth(db, sessionId)` from a service / GraphQL resolver.
import { eq } from 'drizzle-orm'
import { createMiddleware } from 'hono/factory'
import { REAUTH_REQUIRED, SECOND_FACTOR_MISSING, SECOND_FACTOR_REQUIRED } from '../../schema/constants'
import { AUTH_MESSAGES } from '../../schema/messages'
import type { Db } from '../db'
import { tables } from '../db'
import type { AppEnv } from '../env'
import { Forbidden } from '../services/errors'
import { factorsOf, hasSecondFactor } from './factors'

export const REAUTH_WINDOW_MS = 10 * 60 * 1000
// The code the API answers with, which the Security area reads to ask for the password.
export { REAUTH_REQUIRED }

/** Refused for want of a recent proof: 403 `{ message, code: 'reauth_required' }` at the edges. */
export class ReauthRequired extends Forbidden {
  readonly code = REAUTH_REQUIRED
  constructor() {
    super(AUTH_MESSAGES.reauthRequired)
    this.name = 'ReauthRequired'
  }
}

/** Whether the session proved a password or passkey within the window. */
export async function hasRecentAuth(db: Db, sessionId: string | null, now = Date.now()) {
  if (!sessionId) return false
  const [row] = await db
    .select({ reauthAt: tables.sessions.reauthAt })
    .from(tables.sessions)
    .where(eq(tables.sessions.id, sessionId))
  const at = row?.reauthAt?.getTime()
  return at !== undefined && at <= now && now - at < REAUTH_WINDOW_MS
}

/** The service-layer guard: throws ReauthRequired unless the proof is recent. */
export async function assertRecentAuth(db: Db, sessionId: string | null, now = Date.now()) {
  if (!(await hasRecentAuth(db, sessionId, now))) throw new ReauthRequired()
}

/** Records a fresh proof on the session. */
export async function markReauthenticated(db: Db, sessionId: string, now = Date.now()) {
  await db
    .update(tables.sessions)
    .set({ reauthAt: new Date(now) })
    .where(eq(tables.sessions.id, sessionId))
}

/** Route middleware (after requireOwner): 403 reauth_required without a recent proof. */
export const requireRecentAuth = createMiddleware<AppEnv>(async (c, next) => {
  await assertRecentAuth(c.var.db, c.var.sessionId)
  await next()
})

// ---------- The vault's rule (ADR 181) ----------
// A reveal needs more than sudo mode: a second factor (an authenticator code or
// a passkey) proved on this session within REAUTH_WINDOW_MS through
// POST /api/security/reauth. Sign-in never counts, whatever it proved: the
// proof must be fresh and made for the purpose. An owner without a second
// factor cannot open the vault at all.

/** Refused for want of a fresh second factor: 403 `{ message, code: 'second_factor_required' }`. */
export class SecondFactorRequired extends Forbidden {
  readonly code = SECOND_FACTOR_REQUIRED
  constructor() {
    super(AUTH_MESSAGES.secondFactorRequired)
    this.name = 'SecondFactorRequired'
  }
}

/** Refused because the owner has no second factor: 403 `{ message, code: 'second_factor_missing' }`. */
export class SecondFactorMissing extends Forbidden {
  readonly code = SECOND_FACTOR_MISSING
  constructor() {
    super(AUTH_MESSAGES.secondFactorMissing)
    this.name = 'SecondFactorMissing'
  }
}

/** Records a fresh second-factor proof on the session (the re-authentication with a code or a passkey). */
export async function markSecondFactor(db: Db, sessionId: string, now = Date.now()) {
  await db
    .update(tables.sessions)
    .set({ factorAt: new Date(now) })
    .where(eq(tables.sessions.id, sessionId))
}

/**
 * The service-layer guard of a vault reveal: throws SecondFactorMissing when
 * the user has no authenticator app and no passkey (checked now, so removing
 * the last factor closes the vault at once), SecondFactorRequired when this
 * session has not proved one within the window.
 */
export async function assertSecondFactor(
  db: Db,
  userId: number | null | undefined,
  sessionId: string | null,
  now = Date.now(),
) {
  if (!userId || !sessionId) throw new SecondFactorRequired()
  const [factors, [row]] = await Promise.all([
    factorsOf(db, userId),
    db
      .select({ factorAt: tables.sessions.factorAt })
      .from(tables.sessions)
      .where(eq(tables.sessions.id, sessionId)),
  ])
  if (!hasSecondFactor(factors)) throw new SecondFactorMissing()
  const at = row?.factorAt?.getTime()
  if (at === undefined || at > now || now - at >= REAUTH_WINDOW_MS) throw new SecondFactorRequired()
}

/** Route middleware (after requireOwner): the vault's rule on REST. */
export const requireSecondFactor = createMiddleware<AppEnv>(async (c, next) => {
  await assertSecondFactor(c.var.db, c.var.user?.id, c.var.sessionId)
  await next()
})
