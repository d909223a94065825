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
import { REAUTH_REQUIRED } from '../../schema/constants'
import { AUTH_MESSAGES } from '../../schema/messages'
import type { Db } from '../db'
import { tables } from '../db'
import type { AppEnv } from '../env'
import { Forbidden } from '../services/errors'

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
