// The portal's cookie and the middleware that loads the signed-in contact
// (issue 24, docs/decisions/087-portal-sign-in.md). Its own cookie name,
// never read by the owner's middleware (worker/auth/), and the owner's cookie
// never read here: a contact session cannot satisfy an owner route, nor the
// owner's session a portal page.
import type { Context } from 'hono'
import { generateCookie, getCookie } from 'hono/cookie'
import { createMiddleware } from 'hono/factory'
import { localConveniences } from '../auth/local'
import type { AppEnv } from '../env'
import { loadPortalSession } from '../services/portal-sessions'

// As the owner's (worker/auth/cookie.ts): `__Host-` needs Secure, which plain
// http refuses, so plain-http localhost under the local setting uses the bare name.
const plainHttpLocal = (c: Context) =>
  new URL(c.req.url).protocol === 'http:' && localConveniences(c.env as Env, c.req.url)

export const portalCookieName = (c: Context) =>
  plainHttpLocal(c) ? 'portal_session' : '__Host-portal_session'

export const readPortalCookie = (c: Context) => getCookie(c, portalCookieName(c))

/** The Set-Cookie value of a new session (for a page action's redirect). */
export const portalSessionCookie = (c: Context, token: string, expiresAt: number) =>
  generateCookie(portalCookieName(c), token, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure: !plainHttpLocal(c),
    expires: new Date(expiresAt),
  })

/** The Set-Cookie value that removes the session cookie. */
export const clearPortalCookie = (c: Context) =>
  generateCookie(portalCookieName(c), '', {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure: !plainHttpLocal(c),
    maxAge: 0,
    expires: new Date(0),
  })

/** Loads the signed-in contact (or null) into `c.var.contact`, for the portal's pages only. */
export const loadContact = createMiddleware<AppEnv>(async (c, next) => {
  c.set('contact', null)
  const token = readPortalCookie(c)
  if (token) c.set('contact', await loadPortalSession(c.var.db, token))
  await next()
})

/**
 * Every portal answer is one client's own: never indexed. (No cache keeps it
 * and no other site gets its address as a referrer: privatePages in
 * worker/middleware/cache-headers.ts, which lists /portal; docs/decisions/089-portal-pages.md.)
 */
export const portalHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next()
  try {
    c.res.headers.set('X-Robots-Tag', 'noindex, nofollow')
  } catch {
    c.res = new Response(c.res.body, c.res)
    c.res.headers.set('X-Robots-Tag', 'noindex, nofollow')
  }
})
