import type { Context } from 'hono'
import { API_MESSAGES, AUTH_MESSAGES } from '../../schema/messages'
import { clientIp, networkKey } from '../abuse/rate-limit'
import { turnstileEnabled, verifyTurnstile } from '../abuse/turnstile'
import { clearSessionCookie, readSessionCookie } from '../auth/cookie'
import {
  consumeTotpStep,
  factorsOf,
  hasSecondFactor,
  looksLikeRecoveryCode,
  matchTotp,
  useRecoveryCode,
} from '../auth/factors'
import { localConveniences } from '../auth/local'
import { authenticationOptions, verifyPasskey } from '../auth/passkeys'
import { DUMMY_PASSWORD_HASH, hashPassword, needsRehash, verifyPassword } from '../auth/password'
import { invalidateSession } from '../auth/session'
import { setupTokenAccepted } from '../auth/setup-token'
import { dropTicket, issueTicket, readTicket, startSession, ticketFailed } from '../auth/sign-in'
import {
  recordFailure,
  recordSuccess,
  type ThrottleKeys,
  throttleKeys,
  throttleState,
  ticketKeys,
} from '../auth/throttle'
import { isSealed, openTotpKey, sealTotpKey } from '../auth/totp-seal'
import type { AppEnv } from '../env'
import { audit } from '../middleware/audit'
import { privateNoStore } from '../middleware/cache-headers'
import { ApiError, badRequest, unauthorized } from '../middleware/errors'
import { openApiApp } from '../middleware/openapi'
import { enforceRateLimit } from '../middleware/rate-limit'
import {
  countUsers,
  createFirstOwner,
  findUserById,
  findUserByUsername,
  publicUser,
  updatePasswordHash,
  updateTotpKey,
} from '../services/users'
import { authRoutes as routes } from './auth-openapi'

/** 429 with Retry-After (seconds), the same answer for every throttled sign-in step. */
const throttled = (c: Context<AppEnv>, retryAfterS: number) =>
  c.json({ message: AUTH_MESSAGES.signInThrottled }, 429, { 'Retry-After': String(retryAfterS) })

/**
 * Refuses an attempt while its keys are waiting, and asks for the Turnstile
 * challenge (when configured) once failures pass the free allowance.
 * Returns a response to send, or null to go ahead.
 */
async function gate(c: Context<AppEnv>, keys: ThrottleKeys, turnstileToken?: string) {
  const state = await throttleState(c.var.db, keys)
  if (state.retryAfterS > 0) return throttled(c, state.retryAfterS)
  if (state.challenge && turnstileEnabled(c.env)) {
    if (!(await verifyTurnstile(c.env, turnstileToken, clientIp(c.req.raw)))) {
      return c.json(
        {
          message: AUTH_MESSAGES.challengeRequired,
          errors: { turnstileToken: AUTH_MESSAGES.challengeRequired },
          challenge: { turnstileSiteKey: c.env.TURNSTILE_SITE_KEY },
        },
        400,
      )
    }
  }
  return null
}

// /api/auth: the owner's sign-in. Answers are never cached.
export const auth = openApiApp()
auth.use(privateNoStore)
auth
  .openapi(routes.me, (c) => {
    const user = c.var.user
    if (!user) throw unauthorized()
    return c.json({ user: publicUser(user) }, 200)
  })
  .openapi(routes.login, async (c) => {
    const { username, password, turnstileToken } = c.req.valid('json')
    const ip = clientIp(c.req.raw)
    // A coarse flood guard per address (the binding); the per-key throttle below does the real work.
    await enforceRateLimit(c.env, c.env.LOGIN_LIMITER, [`login:ip:${networkKey(ip)}`])
    const keys = throttleKeys(ip, username)
    const refused = await gate(c, keys, turnstileToken)
    if (refused) return refused
    const user = await findUserByUsername(c.var.db, username)
    // One full PBKDF2 run whether or not the user exists, so an unknown
    // username answers in the same time and with the same message.
    const valid = await verifyPassword(password, user?.passwordHash ?? DUMMY_PASSWORD_HASH)
    if (!user || !valid) {
      await recordFailure(c.var.db, keys)
      await audit(c, { action: 'sign-in', outcome: 'failure', userId: user?.id ?? null, actor: username })
      throw new ApiError(401, API_MESSAGES.invalidCredentials)
    }
    if (needsRehash(user.passwordHash)) {
      await updatePasswordHash(c.var.db, user.id, await hashPassword(password))
    }
    const factors = await factorsOf(c.var.db, user.id)
    if (hasSecondFactor(factors)) {
      // Tickets are counted per username and network: each one is five more code guesses.
      const issuance = ticketKeys(ip, user.username)
      const wait = await throttleState(c.var.db, issuance)
      if (wait.retryAfterS > 0) return throttled(c, wait.retryAfterS)
      await recordFailure(c.var.db, issuance)
      const ticket = await issueTicket(c.env.SESSIONS, publicUser(user))
      await audit(c, {
        action: 'sign-in.password',
        outcome: 'success',
        userId: user.id,
        actor: user.username,
      })
      const methods = [
        ...(factors.totp ? (['totp'] as const) : []),
        ...(factors.passkeys ? (['passkey'] as const) : []),
        'recovery' as const,
      ]
      return c.json({ secondFactor: { ticket, methods } }, 200)
    }
    await recordSuccess(c.var.db, keys)
    await startSession(c, user)
    await audit(c, { action: 'sign-in', outcome: 'success', userId: user.id, actor: user.username })
    return c.json({ user: publicUser(user) }, 200)
  })
  // The second step: a code from the authenticator app, or a recovery code.
  .openapi(routes.secondFactor, async (c) => {
    const { ticket, code } = c.req.valid('json')
    const pending = await readTicket(c.env.SESSIONS, ticket)
    if (!pending) throw new ApiError(401, AUTH_MESSAGES.signInExpired)
    const keys = throttleKeys(clientIp(c.req.raw), pending.username)
    const refused = await gate(c, keys)
    if (refused) return refused
    const user = await findUserById(c.var.db, pending.id)
    if (!user) throw new ApiError(401, AUTH_MESSAGES.signInExpired)
    let method: 'totp' | 'recovery' | null = null
    if (looksLikeRecoveryCode(code)) {
      if (await useRecoveryCode(c.var.db, user.id, code)) method = 'recovery'
    } else if (user.totpKey) {
      const key = await openTotpKey(c.env, user.id, user.totpKey)
      const step = key ? matchTotp(key, code.replace(/\s/g, ''), user.totpLastStep) : null
      if (step !== null && (await consumeTotpStep(c.var.db, user.id, step))) method = 'totp'
      // A key from before migration 0010 is sealed on its first use (ADR 082).
      if (key && !isSealed(user.totpKey)) {
        const sealed = await sealTotpKey(c.env, user.id, key)
        if (sealed) await updateTotpKey(c.var.db, user.id, user.totpKey, sealed)
      }
    }
    if (!method) {
      await ticketFailed(c.env.SESSIONS, ticket)
      await recordFailure(c.var.db, keys)
      await audit(c, {
        action: 'sign-in.second-factor',
        outcome: 'failure',
        userId: user.id,
        actor: user.username,
      })
      throw new ApiError(401, AUTH_MESSAGES.invalidCode)
    }
    await dropTicket(c.env.SESSIONS, ticket)
    await recordSuccess(c.var.db, keys)
    await startSession(c, publicUser(user))
    await audit(c, { action: `sign-in.${method}`, outcome: 'success', userId: user.id, actor: user.username })
    return c.json({ user: publicUser(user) }, 200)
  })
  // Passkey sign-in (alone, or as the second step): options, then the assertion.
  .openapi(routes.passkeyOptions, async (c) => {
    await enforceRateLimit(c.env, c.env.LOGIN_LIMITER, [`login:ip:${networkKey(clientIp(c.req.raw))}`])
    return c.json(await authenticationOptions(c.env), 200)
  })
  .openapi(routes.passkey, async (c) => {
    const { challengeId, response } = c.req.valid('json')
    const keys = throttleKeys(clientIp(c.req.raw))
    const refused = await gate(c, keys)
    if (refused) return refused
    const verified = await verifyPasskey(c.env, c.var.db, challengeId, response as never)
    if (!verified) {
      await recordFailure(c.var.db, keys)
      await audit(c, { action: 'sign-in.passkey', outcome: 'failure', userId: null, actor: null })
      throw new ApiError(401, AUTH_MESSAGES.passkeyFailed)
    }
    await startSession(c, verified.user)
    await audit(c, {
      action: 'sign-in.passkey',
      outcome: 'success',
      userId: verified.user.id,
      actor: verified.user.username,
      record: verified.passkey.name,
    })
    return c.json({ user: publicUser(verified.user) }, 200)
  })
  .openapi(routes.register, async (c) => {
    const { username, password, setupToken } = c.req.valid('json')
    await enforceRateLimit(c.env, c.env.LOGIN_LIMITER, [`register:ip:${networkKey(clientIp(c.req.raw))}`])
    // "An owner exists" first, then the token, with one message for both, so
    // the answer never confirms a guessed token.
    const refuse = async () => {
      await audit(c, { action: 'register', outcome: 'failure', userId: null, actor: username })
      return new ApiError(403, AUTH_MESSAGES.registrationUnavailable)
    }
    if ((await countUsers(c.var.db)) > 0) throw await refuse()
    if (!setupTokenAccepted(c.env, setupToken, localConveniences(c.env, c.req.url))) throw await refuse()
    const problem = (await import('../auth/password-policy')).passwordProblem(password, [username])
    if (problem) throw badRequest({ password: problem })
    const user = await createFirstOwner(c.var.db, username, await hashPassword(password))
    if (!user) throw await refuse()
    await startSession(c, user, { announceNewBrowser: false })
    await audit(c, { action: 'register', outcome: 'success', userId: user.id, actor: user.username })
    return c.json({ user }, 201)
  })
  .openapi(routes.logout, async (c) => {
    const token = readSessionCookie(c)
    if (token) await invalidateSession(c.var.db, token)
    clearSessionCookie(c)
    if (c.var.user) await audit(c, { action: 'sign-out', outcome: 'success' })
    return c.body(null, 204)
  })
