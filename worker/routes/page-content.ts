import { Hono } from 'hono'
import { contentBody, contentInput } from '../../schema/payloads'
import { requireOwner } from '../auth/middleware'
import type { AppEnv } from '../env'
import { publicRead } from '../http/cache'
import { keyParam } from '../http/params'
import { jsonBody } from '../http/validate'
import { listContent, saveContent, updateContent } from '../services/content'

// /api/page-content: public list (the site's copy); create and update are owner-only.
// POST saves by key (SPEC §4: an existing key is updated): 201 when it created
// the block, 200 when it updated one. PUT updates an existing key only (404 otherwise).
export const pageContent = new Hono<AppEnv>()
  .get('/', ...publicRead, async (c) => c.json(await listContent(c.var.db)))
  .post('/', requireOwner, jsonBody(contentInput), async (c) => {
    const { block, created } = await saveContent(c.var.db, c.req.valid('json'))
    return c.json(block, created ? 201 : 200)
  })
  .put('/:key', requireOwner, keyParam, jsonBody(contentBody), async (c) =>
    c.json(await updateContent(c.var.db, c.req.valid('param').key, c.req.valid('json'))),
  )
