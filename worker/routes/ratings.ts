// REST for satisfaction ratings (issue 40): GET /api/ratings?clientId=, the
// owner's (session cookie, or an access token with the read or read-write
// scope, worker/auth/bearer.ts). Same service as GraphQL (services/ratings.ts).
import { createRoute, z } from '@hono/zod-openapi'
import { RATINGS } from '../../schema/ratings'
import { requireOwner } from '../auth/middleware'
import { openApiJson as json, OWNER_ERRORS, OWNER_SECURITY, openApiApp } from '../middleware/openapi'
import { listRatings } from '../services/ratings'

const rating = z
  .object({
    requestReference: z.string().openapi({ example: 'S-1043' }),
    rating: z.enum(RATINGS),
    comment: z.string().nullable(),
    at: z
      .string()
      .openapi({ description: 'When it was given (ISO 8601)', example: '2026-11-20T15:04:00.000Z' }),
  })
  .openapi('Rating')

export const ratingsRoutes = openApiApp()
ratingsRoutes.use(requireOwner)
ratingsRoutes.openapi(
  createRoute({
    tags: ['Ratings'],
    security: OWNER_SECURITY,
    method: 'get',
    path: '/',
    summary: "The requesters' ratings of resolved and closed support requests, newest first",
    request: {
      query: z.object({
        clientId: z.coerce
          .number({ error: 'clientId must be a client id' })
          .int({ error: 'clientId must be a client id' })
          .positive({ error: 'clientId must be a client id' })
          .optional()
          .openapi({ description: "Only this client's requests" }),
      }),
    },
    responses: { ...OWNER_ERRORS, 200: json(z.array(rating), 'The ratings') },
  }),
  async (c) => {
    const { clientId } = c.req.valid('query')
    const rows = await listRatings(c.var.db, clientId === undefined ? {} : { clientId })
    return c.json(
      rows.map(({ requestReference, rating, comment, at }) => ({ requestReference, rating, comment, at })),
      200,
    )
  },
)
