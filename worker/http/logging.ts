import { createMiddleware } from 'hono/factory'
import { requestId } from 'hono/request-id'
import type { AppEnv } from '../env'

type Level = 'info' | 'warn' | 'error'

/** Structured logs: one JSON object per line, which Workers Logs indexes by field. */
export function log(level: Level, message: string, fields: Record<string, unknown> = {}) {
  const line = JSON.stringify({ level, message, ...fields })
  if (level === 'error') console.error(line)
  else if (level === 'warn') console.warn(line)
  else console.log(line)
}

/**
 * Hono's requestId: every request gets an id (a well-formed incoming
 * X-Request-Id, else Cloudflare's ray id, else a UUID), echoed in X-Request-Id
 * and kept in `c.var.requestId` for the log lines below and handleError's.
 */
export const requestIds = requestId({ generator: (c) => c.req.header('cf-ray') ?? crypto.randomUUID() })

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
