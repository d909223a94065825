import { etag } from 'hono/etag'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../env'

/**
 * Public reads: a content-derived ETag (so any write changes it, nothing to
 * invalidate by hand) and revalidation on every use, answering 304 when unchanged.
 */
export const publicRead = [
  createMiddleware<AppEnv>(async (c, next) => {
    await next()
    if (c.req.method === 'GET' && c.res.ok) c.header('Cache-Control', 'public, max-age=0, must-revalidate')
  }),
  etag(),
] as const

/** Owner-only answers are never stored by shared caches. */
export const privateNoStore = createMiddleware<AppEnv>(async (c, next) => {
  await next()
  c.header('Cache-Control', 'private, no-store')
})
