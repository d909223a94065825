import { Hono } from 'hono'
import type { AppEnv } from '../env'
import { publicRead } from '../http/cache'
import { listContent } from '../services/content'

// /api/page-content: public list (the site's copy); create and update are owner-only.
export const pageContent = new Hono<AppEnv>().get('/', ...publicRead, async (c) =>
  c.json(await listContent(c.var.db)),
)
