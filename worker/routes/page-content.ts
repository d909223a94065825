import { Hono } from 'hono'
import { contentBody, contentInput } from '../../schema/payloads'
import { type ContentPage, isContentPage } from '../../schema/public-content'
import { requireOwner } from '../auth/middleware'
import type { AppEnv } from '../env'
import { publicRead } from '../middleware/cache-headers'
import { notFound } from '../middleware/errors'
import { keyParam } from '../middleware/params'
import { jsonBody } from '../middleware/validate'
import {
  deleteContent,
  listContent,
  listPublicContent,
  saveContent,
  updateContent,
} from '../services/content'

// /api/page-content: the public pages' copy (blocks under keys no page reads are not sent); create, update and delete are owner-only.
// Deleting a block under a key a page reads resets that page to its default text.
// POST saves by key (SPEC §4: an existing key is updated): 201 when it created
// the block, 200 when it updated one. PUT updates an existing key only (404 otherwise).
export const pageContent = new Hono<AppEnv>()
  .get(
    '/',
    // The owner's Content tab lists every block, under new keys too (issue 27);
    // answered before the edge cache, so the owner's list is never stored or served to others.
    async (c, next) => {
      if (!c.var.user) return next()
      return c.json(await listContent(c.var.db), 200, {
        'Cache-Control': 'private, no-store',
        Vary: 'Cookie',
      })
    },
    ...publicRead,
    async (c) => c.json(await listPublicContent(c.var.db)),
  )
  // One page's copy: only the blocks that page reads.
  .get(
    '/:page',
    async (c, next) => {
      if (!isContentPage(c.req.param('page'))) throw notFound()
      await next()
    },
    ...publicRead,
    async (c) => c.json(await listPublicContent(c.var.db, c.req.param('page') as ContentPage)),
  )
  .post('/', requireOwner, jsonBody(contentInput), async (c) => {
    const { block, created } = await saveContent(c.var.db, c.req.valid('json'))
    return c.json(block, created ? 201 : 200)
  })
  .put('/:key', requireOwner, keyParam, jsonBody(contentBody), async (c) =>
    c.json(await updateContent(c.var.db, c.req.valid('param').key, c.req.valid('json'))),
  )
  .delete('/:key', requireOwner, keyParam, async (c) => {
    await deleteContent(c.var.db, c.req.valid('param').key)
    return c.body(null, 204)
  })
