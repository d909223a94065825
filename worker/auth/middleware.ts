import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../env'
import { unauthorized } from '../middleware/errors'
import { securityConfig } from './config'
import { readSessionCookie } from './cookie'
import { validateSession } from './session'

/**
 * Loads the signed-in owner (or null) into `c.var.user`. Sessions are never
 * extended by use (docs/decisions/022-sessions-in-d1.md), so no request other
 * than a sign-in sets the cookie.
 */
export const loadSession = createMiddleware<AppEnv>(async (c, next) => {
  c.set('user', null)
  c.set('sessionId', null)
  const token = readSessionCookie(c)
  if (token) {
    const session = await validateSession(c.var.db, token, securityConfig(c.env))
    if (session) {
      c.set('user', session.user)
      c.set('sessionId', session.id)
    }
  }
  await next()
})

/** Every admin route: 401 without a valid owner session. */
export const requireOwner = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get('user')) throw unauthorized()
  await next()
})
