import { createMiddleware } from 'hono/factory'
import { requestId } from 'hono/request-id'
import type { AppEnv } from '../env'
import { log } from '../log'

const RAY_ID = /^[0-9a-f]{16}(-[A-Z]{3})?$/

/**
 * The request's id: Cloudflare's ray id on Cloudflare, where the edge sets
 * `cf-ray` itself (and `request.cf` exists); anywhere else the header is
 * whatever the client sent, so a fresh id is made instead.
 */
export function requestIdOf(req: Request, env: Env): string {
  const ray = req.headers.get('cf-ray')
  const onCloudflare = env.ENVIRONMENT !== 'local' && (req as { cf?: unknown }).cf != null
  return onCloudflare && ray && RAY_ID.test(ray) ? ray : crypto.randomUUID()
}

/**
 * Hono's requestId: every request gets an id (a well-formed incoming
 * X-Request-Id, else the one above), echoed in X-Request-Id and kept in
 * `c.var.requestId` for the log lines below and handleError's.
 */
export const requestIds = requestId({ generator: (c) => requestIdOf(c.req.raw, c.env) })

/** Logs the outcome of API calls and of every failure, under the request's id. */
export const requestLogger = createMiddleware<AppEnv>(async (c, next) => {
  const started = Date.now()
  await next()
  const requestId = c.var.requestId
  if (c.req.path.startsWith('/api/') || c.req.path === '/graphql' || c.res.status >= 500) {
    log(c.res.status >= 500 ? 'error' : 'info', 'request', {
      requestId,
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Date.now() - started,
    })
  }
})
