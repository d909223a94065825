import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../env'

type Level = 'info' | 'warn' | 'error'

/** Structured logs: one JSON object per line, which Workers Logs indexes by field. */
export function log(level: Level, message: string, fields: Record<string, unknown> = {}) {
  const line = JSON.stringify({ level, message, ...fields })
  if (level === 'error') console.error(line)
  else if (level === 'warn') console.warn(line)
  else console.log(line)
}

/** Gives every request an id (Cloudflare's ray id when present), echoes it, and logs the outcome. */
export const requestLogger = createMiddleware<AppEnv>(async (c, next) => {
  const started = Date.now()
  const requestId = c.req.header('cf-ray') ?? crypto.randomUUID()
  c.set('requestId', requestId)
  await next()
  c.header('X-Request-Id', requestId)
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
