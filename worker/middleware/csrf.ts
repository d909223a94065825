import { createMiddleware } from 'hono/factory'
import { API_MESSAGES } from '../../schema/messages'
import type { AppEnv } from '../env'
import { ApiError } from './errors'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * CSRF defence for cookie-authenticated REST writes: a state-changing request
 * must come from the site's own origin. Browsers send `Sec-Fetch-Site` on every
 * request and `Origin` on every non-GET; either one naming another site is refused.
 * Requests with neither header are not from a browser (curl, server-to-server)
 * and cannot carry a victim's cookie, so they pass.
 * https://developer.mozilla.org/docs/Web/HTTP/Headers/Sec-Fetch-Site
 */
export const sameOriginWrites = createMiddleware<AppEnv>(async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next()
  const site = c.req.header('sec-fetch-site')
  const origin = c.req.header('origin')
  const ownOrigin = new URL(c.req.url).origin
  const siteOk = site === undefined || site === 'same-origin' || site === 'none'
  const originOk = origin === undefined || origin === ownOrigin
  if (!siteOk || !originOk) throw new ApiError(403, API_MESSAGES.forbiddenOrigin)
  await next()
})

/**
 * The same check for a page's own form posted without JavaScript. Pages sent
 * with `Referrer-Policy: no-referrer` (/booking/{token}, /login, the portal;
 * issue 27) make the browser post their forms with `Origin: null` (Fetch
 * standard, "serializing a request origin": a navigation under no-referrer).
 * Sec-Fetch-Site, which only the browser sets, still says same-origin; such a
 * post is restored to the page's origin, which React Router's own action check
 * compares with the URL. Fetches (the API) keep the strict rule: their Origin
 * is never null.
 */
export const sameOriginPagePosts = createMiddleware<AppEnv>(async (c, next) => {
  if (
    !SAFE_METHODS.has(c.req.method) &&
    c.req.header('origin') === 'null' &&
    c.req.header('sec-fetch-site') === 'same-origin' &&
    c.req.header('sec-fetch-mode') === 'navigate'
  ) {
    const headers = new Headers(c.req.raw.headers)
    headers.set('origin', new URL(c.req.url).origin)
    c.req.raw = new Request(c.req.raw, { headers })
  }
  return sameOriginWrites(c, next)
})
