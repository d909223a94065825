import { createMiddleware } from 'hono/factory'
import { type AppEnv, isLocal } from '../env'

type Level = 'info' | 'warn' | 'error'

/** Structured logs: one JSON object per line, which Workers Logs indexes by field. */
export function log(level: Level, message: string, fields: Record<string, unknown> = {}) {
  const line = JSON.stringify({ level, message, ...fields })
  if (level === 'error') console.error(line)
  else if (level === 'warn') console.warn(line)
  else console.log(line)
}

const RAY_ID = /^[0-9a-f]{16}(-[A-Z]{3})?$/

/**
 * The request's id: Cloudflare's ray id on Cloudflare, where the edge sets
 * `cf-ray` itself (and `request.cf` exists); anywhere else the header is
 * whatever the client sent, so a fresh id is made instead.
 */
export function requestIdOf(req: Request, env: Env): string {
  const ray = req.headers.get('cf-ray')
  const onCloudflare = !isLocal(env) && (req as { cf?: unknown }).cf != null
  return onCloudflare && ray && RAY_ID.test(ray) ? ray : crypto.randomUUID()
}

/** Gives every request an id (Cloudflare's ray id on Cloudflare), echoes it, and logs the outcome. */
export const requestLogger = createMiddleware<AppEnv>(async (c, next) => {
  const started = Date.now()
  const requestId = requestIdOf(c.req.raw, c.env)
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
