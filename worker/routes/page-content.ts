import { createRoute, z } from '@hono/zod-openapi'
import { createSelectSchema } from 'drizzle-zod'
import { createMiddleware } from 'hono/factory'
import { contentBody, contentInput, contentKey } from '../../schema/payloads'
import { CONTENT_PAGES, type ContentPage, isContentPage } from '../../schema/public-content'
import { requireOwner } from '../auth/middleware'
import { tables } from '../db'
import type { AppEnv } from '../env'
import { publicRead } from '../middleware/cache-headers'
import { notFound } from '../middleware/errors'
import {
  openApiBody as body,
  openApiJson as json,
  NOT_FOUND,
  noContent,
  OWNER_ERRORS,
  OWNER_SECURITY,
  openApiApp,
  PUBLIC,
} from '../middleware/openapi'
import {
  deleteContent,
  listContent,
  listPublicContent,
  saveContent,
  updateContent,
} from '../services/content'

const BlockSchema = createSelectSchema(tables.pageContent).openapi('ContentBlock')
const keyPath = z.object({
  key: contentKey.openapi({ param: { name: 'key', in: 'path' }, example: 'home.hero.subtitle' }),
})
// GET names a page where PUT and DELETE name a block: one path, so one parameter name.
const pagePath = z.object({
  key: z.string().openapi({
    param: { name: 'key', in: 'path' },
    example: 'home',
    description: `A page: one of ${CONTENT_PAGES.join(', ')}; any other is 404`,
  }),
})
// The owner's Content tab lists every block, under new keys too (issue 27);
// answered before the edge cache, so the owner's list is never stored or served to others.
const ownersList = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.var.user) return next()
  return c.json(await listContent(c.var.db), 200, {
    'Cache-Control': 'private, no-store',
    Vary: 'Cookie',
  })
})
const knownPage = createMiddleware<AppEnv>(async (c, next) => {
  if (!isContentPage(c.req.param('key'))) throw notFound()
  await next()
})
const publicRoute = { tags: ['Page content'], security: PUBLIC }
const owner = { tags: ['Page content'], security: OWNER_SECURITY, middleware: requireOwner }

// /api/page-content: the public pages' copy (blocks under keys no page reads are not sent); create, update and delete are owner-only.
// Deleting a block under a key a page reads resets that page to its default text.
// POST saves by key (SPEC §4: an existing key is updated): 201 when it created
// the block, 200 when it updated one. PUT updates an existing key only (404 otherwise).
export const pageContent = openApiApp()
  .openapi(
    createRoute({
      ...publicRoute,
      method: 'get',
      path: '/',
      summary: "The public pages' copy",
      description:
        'The blocks a public page reads. Signed in as the owner (session or token): every block, under new keys too, never cached.',
      middleware: [ownersList, ...publicRead],
      responses: { 200: json(z.array(BlockSchema), 'The blocks') },
    }),
    async (c) => c.json(await listPublicContent(c.var.db), 200),
  )
  // One page's copy: only the blocks that page reads.
  .openapi(
    createRoute({
      ...publicRoute,
      method: 'get',
      path: '/{key}',
      summary: "One page's copy",
      request: { params: pagePath },
      middleware: [knownPage, ...publicRead],
      responses: { 200: json(z.array(BlockSchema), "The page's blocks"), ...NOT_FOUND },
    }),
    async (c) => c.json(await listPublicContent(c.var.db, c.req.valid('param').key as ContentPage), 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'post',
      path: '/',
      summary: 'Save a block by key',
      description: 'Creates the block (201), or updates the one under that key (200).',
      request: {
        body: body(contentInput, {
          key: 'home.hero.subtitle',
          content: 'IT support for small clinics',
          contentType: 'text',
        }),
      },
      responses: {
        200: json(BlockSchema, 'The updated block'),
        201: json(BlockSchema, 'The new block'),
        ...OWNER_ERRORS,
      },
    }),
    async (c) => {
      const { block, created } = await saveContent(c.var.db, c.req.valid('json'))
      return created ? c.json(block, 201) : c.json(block, 200)
    },
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'put',
      path: '/{key}',
      summary: 'Update an existing block',
      request: {
        params: keyPath,
        body: body(contentBody, { content: 'IT support for small clinics', contentType: 'text' }),
      },
      responses: { 200: json(BlockSchema, 'The block'), ...OWNER_ERRORS, ...NOT_FOUND },
    }),
    async (c) => c.json(await updateContent(c.var.db, c.req.valid('param').key, c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'delete',
      path: '/{key}',
      summary: 'Delete a block',
      description: "A key a page reads shows that page's default text again.",
      request: { params: keyPath },
      responses: { 204: noContent('Deleted'), ...OWNER_ERRORS, ...NOT_FOUND },
    }),
    async (c) => {
      await deleteContent(c.var.db, c.req.valid('param').key)
      return c.body(null, 204)
    },
  )
