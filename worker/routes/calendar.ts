// The owner's calendar (issue 56): /api/calendar-feed makes, reads and stops
// the private feed of bookings; /cal/{token}.ics serves it to calendar apps
// (no session: the token is the key, worker/services/calendar-feed.ts).
import { createRoute, z } from '@hono/zod-openapi'
import { Hono } from 'hono'
import { localDeployment } from '../auth/local'
import { requireOwner } from '../auth/middleware'
import { vaultKeys } from '../auth/vault-key'
import type { AppEnv } from '../env'
import {
  openApiBody as body,
  idPath,
  openApiJson as json,
  NOT_FOUND,
  OWNER_ERRORS,
  OWNER_SECURITY,
  openApiApp,
  pathId,
} from '../middleware/openapi'
import { feedIcs, feedState, regenerateFeed, revokeFeed } from '../services/calendar-feed'
import {
  addSource,
  deleteSource,
  listSources,
  type SourceView,
  syncSource,
} from '../services/calendar-sources'

const tags = ['Calendar']
const Done = z.object({ ok: z.literal(true) })

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
      request: { body: body(FeedInput, { busyOnly: true, includeMaintenance: false }) },
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
      responses: { ...OWNER_ERRORS, 200: json(Done, 'Stopped') },
    }),
    async (c) => {
      await revokeFeed(c.var.db)
      return c.json({ ok: true as const }, 200)
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

// ---------- /api/calendar-sources: the owner's calendars read for busy times ----------

const SourceInput = z
  .object({
    name: z.string({ error: 'A name is required' }).openapi({ example: 'Personal (Google)' }),
    url: z.string({ error: 'The calendar address is required' }).openapi({
      description:
        "The calendar's secret iCal address (Google: Settings > Integrate calendar > Secret address in iCal format). https only; kept sealed, never shown again",
      example:
        'https://calendar.google.com/calendar/ical/alex%40example.com/private-0123456789abcdef/basic.ics',
    }),
  })
  .strict()
  .openapi('CalendarSourceInput')

const Source = z
  .object({
    id: z.number().int(),
    name: z.string(),
    host: z.string().openapi({ description: 'The host of its address (the address itself is never shown)' }),
    lastSyncedAt: z.string().nullable().openapi({ description: 'When its busy times were last read' }),
    lastAttemptAt: z.string().nullable(),
    lastError: z
      .string()
      .nullable()
      .openapi({ description: 'Why the last read failed (the last good copy is kept)' }),
    busyCount: z.number().int().openapi({ description: 'Busy times kept from its last good copy' }),
  })
  .openapi('CalendarSource')

const sourceBody = (s: SourceView) => ({
  ...s,
  lastSyncedAt: s.lastSyncedAt?.toISOString() ?? null,
  lastAttemptAt: s.lastAttemptAt?.toISOString() ?? null,
})

export const calendarSourcesApi = openApiApp()
calendarSourcesApi.use(requireOwner)
calendarSourcesApi
  .openapi(
    createRoute({
      tags,
      security: OWNER_SECURITY,
      method: 'get',
      path: '/',
      summary: "The owner's calendars read for busy times, with their last read and error",
      responses: { ...OWNER_ERRORS, 200: json(z.array(Source), 'The calendars') },
    }),
    async (c) => c.json((await listSources(c.var.db)).map(sourceBody), 200),
  )
  .openapi(
    createRoute({
      tags,
      security: OWNER_SECURITY,
      method: 'post',
      path: '/',
      summary: 'Adds a calendar by its secret iCal address and reads it once',
      request: {
        body: body(SourceInput, {
          name: 'Personal (Google)',
          url: 'https://calendar.google.com/calendar/ical/alex%40example.com/private-0123456789abcdef/basic.ics',
        }),
      },
      responses: { ...OWNER_ERRORS, 201: json(Source, 'The calendar, after its first read') },
    }),
    async (c) => {
      const keys = await vaultKeys(c.env)
      const added = await addSource(c.var.db, keys, c.req.valid('json'), localDeployment(c.env))
      return c.json(sourceBody(await syncSource(c.var.db, keys, added.id)), 201)
    },
  )
  .openapi(
    createRoute({
      tags,
      security: OWNER_SECURITY,
      method: 'post',
      path: '/{id}/sync',
      summary: 'Reads a calendar now',
      request: { params: idPath },
      responses: { ...OWNER_ERRORS, ...NOT_FOUND, 200: json(Source, 'The calendar after the read') },
    }),
    async (c) => c.json(sourceBody(await syncSource(c.var.db, await vaultKeys(c.env), pathId(c))), 200),
  )
  .openapi(
    createRoute({
      tags,
      security: OWNER_SECURITY,
      method: 'delete',
      path: '/{id}',
      summary: 'Removes a calendar and its busy times',
      request: { params: idPath },
      responses: { ...OWNER_ERRORS, ...NOT_FOUND, 200: json(Done, 'Removed') },
    }),
    async (c) => {
      await deleteSource(c.var.db, pathId(c))
      return c.json({ ok: true as const }, 200)
    },
  )
