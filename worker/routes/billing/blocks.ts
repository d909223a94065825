// /api/prepaid-blocks.
import { createRoute, z } from '@hono/zod-openapi'
import { blockInput } from '../../../schema/billing-payloads.server'
import { requireOwner } from '../../auth/middleware'
import { openApiBody as body, openApiJson as json, OWNER_ERRORS, openApiApp } from '../../middleware/openapi'
import { createBlock, remainingBlocks } from '../../services/time'
import { owner } from './shared'

// ---------- /api/prepaid-blocks ----------

const block = z
  .looseObject({
    id: z.number(),
    clientId: z.number(),
    minutes: z.number(),
    priceCents: z.number(),
    validUntil: z.string().nullable(),
  })
  .openapi('PrepaidBlock')

export const prepaidBlocks = openApiApp()
prepaidBlocks.use(requireOwner)
prepaidBlocks
  .openapi(
    createRoute({
      ...owner,
      method: 'get',
      path: '/',
      summary: "A client's blocks that are still valid, with what is left",
      request: { query: z.object({ clientId: z.coerce.number().int().positive() }) },
      responses: {
        ...OWNER_ERRORS,
        200: json(
          z.array(block.extend({ remainingMinutes: z.number(), usedMinutes: z.number() })),
          'The blocks',
        ),
      },
    }),
    async (c) => c.json(await remainingBlocks(c.var.db, c.req.valid('query').clientId), 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'post',
      path: '/',
      summary: 'Sells a client a prepaid block of hours',
      request: {
        body: body(blockInput, { clientId: 1, minutes: 600, priceCents: 100_000, validUntil: null }),
      },
      responses: {
        ...OWNER_ERRORS,
        201: json(block, 'The block'),
      },
    }),
    async (c) => c.json(await createBlock(c.var.db, c.req.valid('json')), 201),
  )
