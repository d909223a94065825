import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'

// `__Host-` requires Secure, which browsers refuse on plain-http origins, so
// plain-http localhost (wrangler dev) uses an unprefixed name.
const isPlainHttpLocalhost = (c: Context) => {
  const url = new URL(c.req.url)
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)
}

export const sessionCookieName = (c: Context) => (isPlainHttpLocalhost(c) ? 'session' : '__Host-session')

export const readSessionCookie = (c: Context) => getCookie(c, sessionCookieName(c))

export function writeSessionCookie(c: Context, token: string, expiresAt: number) {
  const secure = !isPlainHttpLocalhost(c)
  setCookie(c, sessionCookieName(c), token, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure,
    expires: new Date(expiresAt),
  })
}

export function clearSessionCookie(c: Context) {
  const secure = !isPlainHttpLocalhost(c)
  deleteCookie(c, sessionCookieName(c), { path: '/', secure, httpOnly: true, sameSite: 'Lax' })
}
