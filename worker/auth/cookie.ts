import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { localConveniences } from './local'

// `__Host-` requires Secure, which browsers refuse on plain-http origins, so
// plain-http localhost uses an unprefixed name, and only under the explicit
// local setting (docs/decisions/024-fail-closed.md).
const plainHttpLocal = (c: Context) =>
  new URL(c.req.url).protocol === 'http:' && localConveniences(c.env as Env, c.req.url)

export const sessionCookieName = (c: Context) => (plainHttpLocal(c) ? 'session' : '__Host-session')

export const readSessionCookie = (c: Context) => getCookie(c, sessionCookieName(c))

export function writeSessionCookie(c: Context, token: string, expiresAt: number) {
  setCookie(c, sessionCookieName(c), token, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure: !plainHttpLocal(c),
    expires: new Date(expiresAt),
  })
}

export function clearSessionCookie(c: Context) {
  deleteCookie(c, sessionCookieName(c), {
    path: '/',
    secure: !plainHttpLocal(c),
    httpOnly: true,
    sameSite: 'Lax',
  })
}
