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
