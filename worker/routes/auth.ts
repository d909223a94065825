import { type Context, Hono } from 'hono'
import { API_MESSAGES } from '../../schema/messages'
import { loginInput, registerInput } from '../../schema/payloads'
import { clearSessionCookie, readSessionCookie, writeSessionCookie } from '../auth/cookie'
import { DUMMY_PASSWORD_HASH, hashPassword, needsRehash, verifyPassword } from '../auth/password'
import { createSession, invalidateSession } from '../auth/session'
import { setupTokenAccepted } from '../auth/setup-token'
import type { AppEnv, SessionUser } from '../env'
import { privateNoStore } from '../http/cache'
import { ApiError, unauthorized } from '../http/errors'
import { clientIp, enforceRateLimit } from '../http/rate-limit'
import { jsonBody } from '../http/validate'
import {
  countUsers,
  createFirstOwner,
  findUserByUsername,
  publicUser,
  updatePasswordHash,
} from '../services/users'

/** Replaces any session the browser already had with a fresh one. */
async function startSession(c: Context<AppEnv>, user: SessionUser) {
  const previous = readSessionCookie(c)
  if (previous) await invalidateSession(c.env.SESSIONS, previous)
  const { token, expiresAt } = await createSession(c.env.SESSIONS, user)
  writeSessionCookie(c, token, expiresAt)
}

// /api/auth: the owner's sign-in. Answers are never cached.
export const auth = new Hono<AppEnv>()
  .use(privateNoStore)
  .get('/me', (c) => {
    const user = c.var.user
    if (!user) throw unauthorized()
    return c.json({ user: publicUser(user) })
  })
  .post('/login', jsonBody(loginInput), async (c) => {
    const { username, password } = c.req.valid('json')
    await enforceRateLimit(c.env, c.env.LOGIN_LIMITER, [
      `login:ip:${clientIp(c.req.raw)}`,
      `login:user:${username.toLowerCase()}`,
    ])
    const user = await findUserByUsername(c.var.db, username)
    // One full PBKDF2 run whether or not the user exists, so an unknown
    // username answers in the same time and with the same message.
    const valid = await verifyPassword(password, user?.passwordHash ?? DUMMY_PASSWORD_HASH)
    if (!user || !valid) throw new ApiError(401, API_MESSAGES.invalidCredentials)
    if (needsRehash(user.passwordHash)) {
      await updatePasswordHash(c.var.db, user.id, await hashPassword(password))
    }
    await startSession(c, user)
    return c.json({ user: publicUser(user) })
  })
  .post('/register', jsonBody(registerInput), async (c) => {
    const { username, password, setupToken } = c.req.valid('json')
    await enforceRateLimit(c.env, c.env.LOGIN_LIMITER, [`register:ip:${clientIp(c.req.raw)}`])
    if (!setupTokenAccepted(c.env, setupToken)) throw new ApiError(403, API_MESSAGES.setupTokenRequired)
    // A cheap early answer; the conditional insert is what decides a race.
    if ((await countUsers(c.var.db)) > 0) throw new ApiError(403, API_MESSAGES.registrationClosed)
    const user = await createFirstOwner(c.var.db, username, await hashPassword(password))
    if (!user) throw new ApiError(403, API_MESSAGES.registrationClosed)
    await startSession(c, user)
    return c.json({ user }, 201)
  })
  .post('/logout', async (c) => {
    const token = readSessionCookie(c)
    if (token) await invalidateSession(c.env.SESSIONS, token)
    clearSessionCookie(c)
    return c.body(null, 204)
  })
