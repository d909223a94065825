import { Hono } from 'hono'
import type { AppEnv } from '../env'

type Check = 'ok' | 'error'

async function probe(fn: () => Promise<unknown>): Promise<Check> {
  try {
    await fn()
    return 'ok'
  } catch {
    return 'error'
  }
}

/** GET /api/health: 200 when D1, KV and R2 all answer, 503 otherwise. */
export const health = new Hono<AppEnv>().get('/', async (c) => {
  const [d1, kv, r2] = await Promise.all([
    probe(() => c.env.DB.prepare('select 1').first()),
    probe(() => c.env.SESSIONS.get('health:probe')),
    probe(() => c.env.FILES.head('health/probe')),
  ])
  const ok = d1 === 'ok' && kv === 'ok' && r2 === 'ok'
  c.header('Cache-Control', 'no-store')
  return c.json({ status: ok ? 'ok' : 'degraded', checks: { d1, kv, r2 } }, ok ? 200 : 503)
})
