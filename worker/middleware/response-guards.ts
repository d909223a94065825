import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../env'

/** The wait given with a 429 that did not say its own (the rate-limit binding's window). */
export const DEFAULT_RETRY_AFTER_S = 60

/**
 * Two rules for every response (issue 13): a response that sets a cookie is
 * never stored by any cache, and every 429 says when to try again.
 */
export const responseGuards = createMiddleware<AppEnv>(async (c, next) => {
  await next()
  const setsCookie = c.res.headers.has('set-cookie')
  const needsRetryAfter = c.res.status === 429 && !c.res.headers.has('retry-after')
  if (!setsCookie && !needsRetryAfter) return
  c.res = new Response(c.res.body, c.res)
  if (setsCookie) c.res.headers.set('Cache-Control', 'private, no-store')
  if (needsRetryAfter) c.res.headers.set('Retry-After', String(DEFAULT_RETRY_AFTER_S))
})
