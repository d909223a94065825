import { createRoute, z } from '@hono/zod-openapi'
import { openApiJson as json, openApiApp, PUBLIC } from '../middleware/openapi'

type Check = 'ok' | 'error'

async function probe(fn: () => Promise<unknown>): Promise<Check> {
  try {
    await fn()
    return 'ok'
  } catch {
    return 'error'
  }
}

const check = z.enum(['ok', 'error'])
const HealthSchema = z
  .object({ status: z.enum(['ok', 'degraded']), checks: z.object({ d1: check, kv: check, r2: check }) })
  .openapi('Health')

/** GET /api/health: 200 when D1, KV and R2 all answer, 503 otherwise. */
export const health = openApiApp().openapi(
  createRoute({
    method: 'get',
    path: '/',
    tags: ['Health'],
    security: PUBLIC,
    summary: 'Whether D1, KV and R2 answer',
    responses: {
      200: json(HealthSchema, 'All three answer'),
      503: json(HealthSchema, 'At least one does not'),
    },
  }),
  async (c) => {
    const [d1, kv, r2] = await Promise.all([
      probe(() => c.env.DB.prepare('select 1').first()),
      probe(() => c.env.SESSIONS.get('health:probe')),
      probe(() => c.env.FILES.head('health/probe')),
    ])
    const ok = d1 === 'ok' && kv === 'ok' && r2 === 'ok'
    c.header('Cache-Control', 'no-store')
    const checks = { d1, kv, r2 }
    return ok
      ? c.json({ status: 'ok' as const, checks }, 200)
      : c.json({ status: 'degraded' as const, checks }, 503)
  },
)
