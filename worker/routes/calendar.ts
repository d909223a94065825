// The owner's calendar (issue 56): /api/calendar-feed makes, reads and stops
// the private feed of bookings; /cal/{token}.ics serves it to calendar apps
// (no session: the token is the key, worker/services/calendar-feed.ts).
import { createRoute, z } from '@hono/zod-openapi'
import { Hono } from 'hono'
import { requireOwner } from '../auth/middleware'
import type { AppEnv } from '../env'
import {
  openApiBody as body,
  openApiJson as json,
  OWNER_ERRORS,
  OWNER_SECURITY,
  openApiApp,
} from '../middleware/openapi'
import { feedIcs, feedState, regenerateFeed, revokeFeed } from '../services/calendar-feed'

const tags = ['Calendar']

const FeedInput = z
  .object({
    busyOnly: z.boolean({ error: 'Busy only must be true or false' }).default(true).openapi({
      description: 'Leave out names and details (every booking reads "Busy")',
    }),
    includeMaintenance: z
      .boolean({ error: 'Include maintenance must be true or false' })
      .default(false)
      .openapi({
        description: 'Also list the open maintenance tasks as all-day entries',
      }),
  })
  .strict()
  .openapi('CalendarFeedInput')

const FeedState = z
  .object({
    active: z.boolean(),
    busyOnly: z.boolean().nullable(),
    includeMaintenance: z.boolean().nullable(),
    createdAt: z.string().nullable().openapi({ description: 'When the current address was made' }),
  })
  .openapi('CalendarFeed')

export const calendarFeedApi = openApiApp()
calendarFeedApi.use(requireOwner)
calendarFeedApi
  .openapi(
    createRoute({
      tags,
      security: OWNER_SECURITY,
      method: 'get',
      path: '/',
      summary:
        'Whether the private feed of bookings is on, and its settings (its address is shown only when made)',
      responses: { ...OWNER_ERRORS, 200: json(FeedState, 'The feed') },
    }),
    async (c) => {
      const state = await feedState(c.var.db)
      return c.json(
        {
          active: !!state,
          busyOnly: state?.busyOnly ?? null,
          includeMaintenance: state?.includeMaintenance ?? null,
          createdAt: state?.createdAt.toISOString() ?? null,
        },
        200,
      )
    },
  )
  .openapi(
    createRoute({
      tags,
      security: OWNER_SECURITY,
      method: 'post',
      path: '/',
      summary: 'Makes a new secret address for the feed; the previous address stops working',
      request: { body: body(FeedInput) },
      responses: {
        ...OWNER_ERRORS,
        200: json(
          z.object({ url: z.string().openapi({ example: 'https://example.com/cal/3q2-…-x7.ics' }) }),
          'The new address (shown this once)',
        ),
      },
    }),
    async (c) => c.json(await regenerateFeed(c.var.db, c.env, c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      tags,
      security: OWNER_SECURITY,
      method: 'delete',
      path: '/',
      summary: 'Stops the feed: its address answers 404',
      responses: { ...OWNER_ERRORS, 204: { description: 'Stopped' } },
    }),
    async (c) => {
      await revokeFeed(c.var.db)
      return c.body(null, 204)
    },
  )

/** /cal/{token}.ics: the feed itself, for calendar apps. */
export const calendarFeedPublic = new Hono<AppEnv>().get('/:file', async (c) => {
  const file = c.req.param('file')
  const ics = file.endsWith('.ics') ? await feedIcs(c.var.db, file.slice(0, -4)) : null
  if (!ics) return c.text('Not found', 404, { 'Cache-Control': 'no-store' })
  return c.body(ics, 200, {
    'Content-Type': 'text/calendar; charset=utf-8',
    'Cache-Control': 'private, no-store',
    'X-Robots-Tag': 'noindex',
  })
})
