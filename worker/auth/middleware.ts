import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../env'
import { unauthorized } from '../http/errors'
import { readSessionCookie, writeSessionCookie } from './cookie'
import { validateSession } from './session'

/** Loads the signed-in owner (or null) into `c.var.user`; renews the cookie with the session. */
export const loadSession = createMiddleware<AppEnv>(async (c, next) => {
  c.set('user', null)
  const token = readSessionCookie(c)
  if (token) {
    const session = await validateSession(c.env.SESSIONS, token)
    if (session) {
      c.set('user', session.user)
      if (session.renewed) writeSessionCookie(c, token, session.expiresAt)
    }
  }
  await next()
})

/** Every admin route: 401 without a valid owner session. */
export const requireOwner = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get('user')) throw unauthorized()
  await next()
})
