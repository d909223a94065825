// /api/security: the owner's Security area (issue 13): factors, recovery
// codes, sessions, password and the audit trail. Owner only; never cached.
// Every change is appended to the audit trail here, with its own action name.
import { encodeBase32UpperCaseNoPadding } from '@oslojs/encoding'
import { createTOTPKeyURI } from '@oslojs/otp'
import { and, eq } from 'drizzle-orm'
import type { Context } from 'hono'
import { API_MESSAGES, AUTH_MESSAGES } from '../../schema/messages'
import { clientIp } from '../abuse/rate-limit'
import { securityConfig } from '../auth/config'
import {
  consumeTotpStep,
  encodeTotpKey,
  factorCount,
  factorsOf,
  fromBase64,
  matchTotp,
  newTotpKey,
  recoveryCodesLeft,
  replaceRecoveryCodes,
  TOTP_DIGITS,
  TOTP_PERIOD_S,
} from '../auth/factors'
import { requireOwner } from '../auth/middleware'
import { authenticationOptions, registerPasskey, registrationOptions, verifyPasskey } from '../auth/passkeys'
import { hashPassword, verifyPassword } from '../auth/password'
import { markReauthenticated, markSecondFactor } from '../auth/reauth'
import { endOtherSessions, endSession, listSessions } from '../auth/session'
import { sessionClient } from '../auth/sign-in'
import { recordFailure, recordSuccess, throttleKeys, throttleState } from '../auth/throttle'
import { openTotpKey, sealTotpKey } from '../auth/totp-seal'
import { tables } from '../db'
import type { AppEnv } from '../env'
import { deliverEach } from '../mail/outbox'
import { audit } from '../middleware/audit'
import { inBackground } from '../middleware/background'
import { privateNoStore } from '../middleware/cache-headers'
import { ApiError, badRequest, handleError, notFound } from '../middleware/errors'
import { openApiApp } from '../middleware/openapi'
import { listAudit } from '../services/audit'
import { queueSecurityNotice, type SecurityChange } from '../services/security-notices'
import { findUserById } from '../services/users'
import { securityRoutes as routes } from './security-openapi'

const TOTP_ISSUER = 'Portfolio Admin'
const totpSetupKey = (sessionId: string) => `totp-setup:${sessionId}`

const owner = (c: Context<AppEnv>) => c.var.user!
const sessionId = (c: Context<AppEnv>) => c.var.sessionId!

/**
 * Checks the owner's password for a sensitive change, under the same
 * throttle as sign-in (so the Security area is no way around it).
 * Answers 429 when waiting, 400 with a field message when wrong.
 */
async function confirmPassword(
  c: Context<AppEnv>,
  password: string | undefined,
  field: string,
  action: string,
) {
  const user = await findUserById(c.var.db, owner(c).id)
  if (!user) throw new ApiError(401, API_MESSAGES.unauthorized)
  const keys = throttleKeys(clientIp(c.req.raw), user.username)
  const state = await throttleState(c.var.db, keys)
  if (state.retryAfterS > 0) {
    throw Object.assign(new ApiError(429, AUTH_MESSAGES.signInThrottled), { retryAfterS: state.retryAfterS })
  }
  if (!password || !(await verifyPassword(password, user.passwordHash))) {
    await recordFailure(c.var.db, keys)
    await audit(c, { action, outcome: 'failure', record: 'wrong password' })
    const message = password ? AUTH_MESSAGES.wrongPassword : AUTH_MESSAGES.passwordForLastFactor
    throw badRequest({ [field]: message }, message)
  }
  await recordSuccess(c.var.db, keys)
  return user
}

/**
 * Checks an authenticator code for the vault's re-authentication (ADR 181),
 * under the sign-in throttle like the password; a code is accepted once
 * (its step is consumed), so a code seen over a shoulder is spent.
 */
async function confirmTotp(c: Context<AppEnv>, code: string) {
  const user = await findUserById(c.var.db, owner(c).id)
  if (!user) throw new ApiError(401, API_MESSAGES.unauthorized)
  const keys = throttleKeys(clientIp(c.req.raw), user.username)
  const state = await throttleState(c.var.db, keys)
  if (state.retryAfterS > 0) {
    throw Object.assign(new ApiError(429, AUTH_MESSAGES.signInThrottled), { retryAfterS: state.retryAfterS })
  }
  const key = user.totpKey ? await openTotpKey(c.env, user.id, user.totpKey) : null
  const step = key ? matchTotp(key, code.replace(/\s/g, ''), user.totpLastStep) : null
  if (step === null || !(await consumeTotpStep(c.var.db, user.id, step))) {
    await recordFailure(c.var.db, keys)
    await audit(c, { action: 'reauth', outcome: 'failure', record: 'authenticator code' })
    const message = user.totpKey ? AUTH_MESSAGES.invalidCode : AUTH_MESSAGES.reauthFailed
    throw badRequest({ code: message }, message)
  }
  await recordSuccess(c.var.db, keys)
}

/** Recovery codes come with the first factor; the last factor's removal takes them away. */
async function codesForFirstFactor(c: Context<AppEnv>, before: number) {
  if (before > 0 && (await recoveryCodesLeft(c.var.db, owner(c).id)) > 0) return undefined
  const codes = await replaceRecoveryCodes(c.var.db, owner(c).id)
  await audit(c, { action: 'recovery-codes.create', outcome: 'success' })
  return codes
}

/**
 * After a factor is removed: the recovery codes go with the last one, and every
 * other session ends (one of them may be how the factor was lost). Returns how many ended.
 */
async function afterFactorRemoved(c: Context<AppEnv>) {
  const left = factorCount(await factorsOf(c.var.db, owner(c).id))
  if (left === 0) {
    await c.var.db.delete(tables.recoveryCodes).where(eq(tables.recoveryCodes.userId, owner(c).id))
  }
  return endOtherSessions(c.var.db, owner(c).id, sessionId(c))
}

/** E-mails the owner about a change to their sign-in methods (sent after the response). */
async function notify(c: Context<AppEnv>, change: SecurityChange, detail?: string) {
  const id = await queueSecurityNotice(c.var.db, c.env, change, { ...sessionClient(c), detail })
  inBackground(c, deliverEach(c.var.db, c.env, [id]))
}

const sessionView = (s: typeof tables.sessions.$inferSelect, current: string) => ({
  id: s.id,
  createdAt: s.createdAt,
  lastSeenAt: s.lastSeenAt,
  expiresAt: s.expiresAt,
  userAgent: s.userAgent,
  ip: s.ip,
  location: s.location,
  current: s.id === current,
})

export const security = openApiApp()
security.use(requireOwner)
security.use(privateNoStore)
security.onError((err, c) => {
  // The password check's 429 carries its wait like every other 429.
  const retryAfterS = (err as { retryAfterS?: number }).retryAfterS
  if (err instanceof ApiError && retryAfterS) {
    return c.json({ message: err.message }, 429, { 'Retry-After': String(retryAfterS) })
  }
  return handleError(err, c)
})
security
  // What is enrolled.
  .openapi(routes.overview, async (c) => {
    const db = c.var.db
    const [user, passkeys, codesLeft] = await Promise.all([
      findUserById(db, owner(c).id),
      db
        .select({
          id: tables.passkeys.id,
          name: tables.passkeys.name,
          createdAt: tables.passkeys.createdAt,
          lastUsedAt: tables.passkeys.lastUsedAt,
        })
        .from(tables.passkeys)
        .where(eq(tables.passkeys.userId, owner(c).id)),
      recoveryCodesLeft(db, owner(c).id),
    ])
    return c.json({ totp: Boolean(user?.totpKey), passkeys, recoveryCodesLeft: codesLeft }, 200)
  })
  // Re-authentication (sudo mode, ADR 078): the password, or a passkey assertion
  // (options first), renews this session's proof for REAUTH_WINDOW_MS. A passkey
  // or an authenticator code also proves a second factor, which a vault reveal
  // needs (ADR 181); the code alone does not open sudo mode (it is no password).
  .openapi(routes.reauthOptions, async (c) => c.json(await authenticationOptions(c.env), 200))
  .openapi(routes.reauth, async (c) => {
    const input = c.req.valid('json')
    const method = 'password' in input ? 'password' : 'code' in input ? 'authenticator code' : 'passkey'
    if ('password' in input) {
      await confirmPassword(c, input.password, 'password', 'reauth')
    } else if ('code' in input) {
      await confirmTotp(c, input.code)
    } else {
      const verified = await verifyPasskey(c.env, c.var.db, input.challengeId, input.response as never)
      if (!verified || verified.user.id !== owner(c).id) {
        await audit(c, { action: 'reauth', outcome: 'failure', record: 'passkey' })
        throw badRequest({ response: AUTH_MESSAGES.reauthFailed }, AUTH_MESSAGES.reauthFailed)
      }
    }
    if (method !== 'authenticator code') await markReauthenticated(c.var.db, sessionId(c))
    if (method !== 'password') await markSecondFactor(c.var.db, sessionId(c))
    await audit(c, { action: 'reauth', outcome: 'success', record: method })
    return c.body(null, 204)
  })
  // Authenticator app: a key (kept 10 minutes for this session), then a code to confirm it.
  // Starting again within those minutes shows the same key: the one already added to the
  // phone app stays good after a Cancel or a reload (issue 28).
  .openapi(routes.totpSetup, async (c) => {
    const pending = await c.env.SESSIONS.get(totpSetupKey(sessionId(c)))
    const key = pending ? fromBase64(pending) : newTotpKey()
    await c.env.SESSIONS.put(totpSetupKey(sessionId(c)), encodeTotpKey(key), { expirationTtl: 600 })
    return c.json(
      {
        secret: encodeBase32UpperCaseNoPadding(key),
        uri: createTOTPKeyURI(TOTP_ISSUER, owner(c).username, key, TOTP_PERIOD_S, TOTP_DIGITS),
      },
      200,
    )
  })
  .openapi(routes.totpConfirm, async (c) => {
    const { code } = c.req.valid('json')
    const pending = await c.env.SESSIONS.get(totpSetupKey(sessionId(c)))
    if (!pending) throw badRequest({ code: 'Start the setup again' }, 'The setup has expired. Start again.')
    const step = matchTotp(fromBase64(pending), code, null)
    if (step === null) {
      await audit(c, { action: 'totp.enrol', outcome: 'failure' })
      throw badRequest({ code: AUTH_MESSAGES.invalidCode }, AUTH_MESSAGES.invalidCode)
    }
    // Sealed at rest (ADR 082); without TOTP_KEY_SECRET outside local development, no enrolment.
    const sealed = await sealTotpKey(c.env, owner(c).id, fromBase64(pending))
    if (!sealed) throw new ApiError(503, AUTH_MESSAGES.totpUnavailable)
    const before = factorCount(await factorsOf(c.var.db, owner(c).id))
    await c.var.db
      .update(tables.users)
      .set({ totpKey: sealed, totpLastStep: step })
      .where(eq(tables.users.id, owner(c).id))
    await c.env.SESSIONS.delete(totpSetupKey(sessionId(c)))
    await audit(c, { action: 'totp.enrol', outcome: 'success' })
    await notify(c, 'totp.enrol')
    return c.json({ totp: true as const, recoveryCodes: await codesForFirstFactor(c, before) }, 201)
  })
  .openapi(routes.totpRemove, async (c) => {
    const factors = await factorsOf(c.var.db, owner(c).id)
    if (!factors.totp) throw notFound()
    if (factorCount(factors) === 1)
      await confirmPassword(c, c.req.valid('json').password, 'password', 'totp.remove')
    await c.var.db
      .update(tables.users)
      .set({ totpKey: null, totpLastStep: null })
      .where(eq(tables.users.id, owner(c).id))
    const ended = await afterFactorRemoved(c)
    await audit(c, { action: 'totp.remove', outcome: 'success', record: `${ended} other sessions ended` })
    await notify(c, 'totp.remove', `${ended} other sessions ended`)
    return c.body(null, 204)
  })
  // Passkeys: options, then the authenticator's response with a name.
  .openapi(routes.passkeyOptions, async (c) =>
    c.json(await registrationOptions(c.env, c.var.db, owner(c), sessionId(c)), 200),
  )
  .openapi(routes.passkeyAdd, async (c) => {
    const { name, response } = c.req.valid('json')
    const before = factorCount(await factorsOf(c.var.db, owner(c).id))
    const passkey = await registerPasskey(c.env, c.var.db, owner(c).id, sessionId(c), response as never, name)
    if (!passkey) {
      await audit(c, { action: 'passkey.enrol', outcome: 'failure', record: name })
      throw badRequest({ response: AUTH_MESSAGES.passkeyFailed }, AUTH_MESSAGES.passkeyFailed)
    }
    await audit(c, { action: 'passkey.enrol', outcome: 'success', record: name })
    await notify(c, 'passkey.enrol', name)
    return c.json(
      {
        passkey: { id: passkey.id, name: passkey.name, createdAt: passkey.createdAt, lastUsedAt: null },
        recoveryCodes: await codesForFirstFactor(c, before),
      },
      201,
    )
  })
  .openapi(routes.passkeyRename, async (c) => {
    const { name } = c.req.valid('json')
    const rows = await c.var.db
      .update(tables.passkeys)
      .set({ name })
      .where(and(eq(tables.passkeys.id, c.req.param('id')), eq(tables.passkeys.userId, owner(c).id)))
      .returning({ id: tables.passkeys.id })
    if (!rows.length) throw notFound()
    await audit(c, { action: 'passkey.rename', outcome: 'success', record: name })
    return c.json({ id: rows[0]!.id, name }, 200)
  })
  .openapi(routes.passkeyRemove, async (c) => {
    const id = c.req.param('id')
    const [passkey] = await c.var.db
      .select()
      .from(tables.passkeys)
      .where(and(eq(tables.passkeys.id, id), eq(tables.passkeys.userId, owner(c).id)))
    if (!passkey) throw notFound()
    if (factorCount(await factorsOf(c.var.db, owner(c).id)) === 1) {
      await confirmPassword(c, c.req.valid('json').password, 'password', 'passkey.remove')
    }
    await c.var.db.delete(tables.passkeys).where(eq(tables.passkeys.id, id))
    const ended = await afterFactorRemoved(c)
    await audit(c, { action: 'passkey.remove', outcome: 'success', record: passkey.name })
    await notify(c, 'passkey.remove', `${passkey.name}; ${ended} other sessions ended`)
    return c.body(null, 204)
  })
  // New recovery codes replace the old ones (only with a factor enrolled).
  .openapi(routes.recoveryCodes, async (c) => {
    if (factorCount(await factorsOf(c.var.db, owner(c).id)) === 0) {
      throw new ApiError(409, 'Enrol a passkey or an authenticator app first.')
    }
    const codes = await replaceRecoveryCodes(c.var.db, owner(c).id)
    await audit(c, { action: 'recovery-codes.create', outcome: 'success' })
    await notify(c, 'recovery-codes.create')
    return c.json({ recoveryCodes: codes }, 201)
  })
  // Sessions.
  .openapi(routes.sessions, async (c) => {
    const rows = await listSessions(c.var.db, owner(c).id, securityConfig(c.env))
    return c.json(
      rows.map((s) => sessionView(s, sessionId(c))),
      200,
    )
  })
  .openapi(routes.endOthers, async (c) => {
    const ended = await endOtherSessions(c.var.db, owner(c).id, sessionId(c))
    await audit(c, { action: 'session.end-others', outcome: 'success', record: `${ended} ended` })
    return c.json({ ended }, 200)
  })
  .openapi(routes.endSession, async (c) => {
    const id = c.req.param('id')
    if (!(await endSession(c.var.db, owner(c).id, id))) throw notFound()
    await audit(c, { action: 'session.end', outcome: 'success', record: id.slice(0, 12) })
    return c.body(null, 204)
  })
  // Password change: the current password (itself the sudo-mode proof, so no
  // separate re-authentication), the rule, then every other session ends.
  .openapi(routes.password, async (c) => {
    const { currentPassword, newPassword } = c.req.valid('json')
    const problem = (await import('../auth/password-policy')).passwordProblem(newPassword, [
      owner(c).username,
    ])
    if (problem) throw badRequest({ newPassword: problem })
    await confirmPassword(c, currentPassword, 'currentPassword', 'password.change')
    await markReauthenticated(c.var.db, sessionId(c))
    await c.var.db
      .update(tables.users)
      .set({ passwordHash: await hashPassword(newPassword) })
      .where(eq(tables.users.id, owner(c).id))
    const ended = await endOtherSessions(c.var.db, owner(c).id, sessionId(c))
    await audit(c, { action: 'password.change', outcome: 'success', record: `${ended} other sessions ended` })
    await notify(c, 'password.change', `${ended} other sessions ended`)
    return c.json({ endedSessions: ended }, 200)
  })
  // The audit trail, newest first; read-only.
  .openapi(routes.audit, async (c) => {
    const filters = c.req.valid('query')
    const entries = await listAudit(c.var.db, filters)
    return c.json(
      {
        entries,
        nextBefore: entries.length === filters.limit ? entries[entries.length - 1]!.id : null,
      },
      200,
    )
  })
