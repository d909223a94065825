// REST for issue 54: the background jobs' board (/api/jobs) and the client
// monitors (/api/monitors), as OpenAPIHono sub-apps: the same zod schemas
// validate each request and describe it in the OpenAPI document. Every route
// is the owner's: the session cookie, or a personal access token.
// The heartbeat URL (/hb/{token}) is public and lives in app.ts beside the pages.
import { createRoute, z } from '@hono/zod-openapi'
import { JOBS } from '../../schema/jobs'
import { maintenanceWindowInput, monitorInput } from '../../schema/monitor-payloads.server'
import { JOB_STATES, MONITOR_KINDS } from '../../schema/monitors'
import { requireOwner } from '../auth/middleware'
import { privateNoStore } from '../middleware/cache-headers'
import {
  openApiBody as body,
  idPath,
  openApiJson as json,
  NOT_FOUND,
  noContent,
  OWNER_ERRORS,
  OWNER_SECURITY,
  openApiApp,
  pathId,
} from '../middleware/openapi'
import { jobHealth } from '../services/jobs'
import {
  addMaintenanceWindow,
  checkNow,
  createMonitor,
  deleteMaintenanceWindow,
  deleteMonitor,
  getMonitor,
  listMaintenanceWindows,
  listMonitors,
  recordBeat,
  setPaused,
} from '../services/monitors'

const errors = { ...OWNER_ERRORS, ...NOT_FOUND }

// ---------- /api/jobs ----------

const job = z
  .object({
    name: z.string(),
    label: z.string().openapi({ description: 'What the owner reads' }),
    periodMinutes: z.number(),
    lastRunAt: z.string().nullable(),
    lastOkAt: z.string().nullable(),
    state: z.enum(JOB_STATES).openapi({
      description: 'failing: its last run failed; stalled: no success for three periods',
    }),
    lastError: z.string().nullable(),
  })
  .openapi('Job')

export const jobsRoutes = openApiApp()
jobsRoutes.use(privateNoStore, requireOwner)
jobsRoutes.openapi(
  createRoute({
    tags: ['Jobs'],
    security: OWNER_SECURITY,
    method: 'get',
    path: '/',
    summary: "The site's scheduled jobs and their health, in the order the cron runs them",
    responses: { ...OWNER_ERRORS, 200: json(z.array(job), 'The jobs') },
  }),
  async (c) =>
    c.json(
      (await jobHealth(c.var.db, JOBS, Date.now())).map(({ lastOkRunId: _id, ...h }) => ({
        ...h,
        lastRunAt: h.lastRunAt?.toISOString() ?? null,
        lastOkAt: h.lastOkAt?.toISOString() ?? null,
      })),
      200,
    ),
)

// ---------- /api/monitors ----------

const owner = { tags: ['Monitors'], security: OWNER_SECURITY }
const STATES = ['pending', 'up', 'down', 'paused'] as const

const monitor = z
  .looseObject({
    id: z.number(),
    clientId: z.number(),
    kind: z.enum(MONITOR_KINDS),
    name: z.string(),
    url: z.string().nullable(),
    domain: z.string().nullable(),
    state: z.enum(STATES),
    lastCheckedAt: z.string().nullable(),
    lastResponseMs: z.number().nullable(),
    expiresAt: z
      .string()
      .nullable()
      .openapi({ description: 'tls: the certificate ends; domain: the registration' }),
    heartbeatUrl: z.string().nullable(),
  })
  .openapi('Monitor')
const check = z
  .object({
    at: z.string(),
    ok: z.boolean(),
    status: z.number().nullable(),
    ms: z.number().nullable(),
    error: z.string().nullable(),
  })
  .openapi('MonitorCheck')
const monitorDetail = monitor
  .extend({
    checks: z.array(check).openapi({ description: 'Newest first' }),
    uptime30d: z.number().nullable().openapi({ description: 'Percent of good checks in 30 days' }),
  })
  .openapi('MonitorDetail')
const checkResult = z
  .object({
    ok: z.boolean(),
    status: z.number().optional(),
    ms: z.number().optional(),
    error: z.string().optional(),
    state: z.enum(STATES),
  })
  .openapi('MonitorCheckResult')
const created = z
  .object({ id: z.number(), state: z.literal('pending'), heartbeatUrl: z.string().optional() })
  .openapi('MonitorCreated')
const windowShape = z
  .looseObject({
    id: z.number(),
    clientId: z.number(),
    monitorId: z.number().nullable(),
    startsAt: z.string(),
    endsAt: z.string(),
    note: z.string().nullable(),
  })
  .openapi('MaintenanceWindow')

const iso = <T extends Record<string, unknown>>(row: T) =>
  JSON.parse(JSON.stringify(row)) as {
    [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K]
  }

export const monitorsRoutes = openApiApp()
monitorsRoutes.use(privateNoStore, requireOwner)
monitorsRoutes
  .openapi(
    createRoute({
      ...owner,
      method: 'get',
      path: '/',
      summary: 'Monitors, of one client or all; down first',
      request: { query: z.object({ clientId: z.coerce.number().int().positive().optional() }) },
      responses: {
        ...OWNER_ERRORS,
        200: json(z.array(monitor), 'The monitors'),
      },
    }),
    async (c) => c.json((await listMonitors(c.var.db, c.env, c.req.valid('query').clientId)).map(iso), 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'post',
      path: '/',
      summary:
        'Creates a monitor: http (2xx/3xx in time), keyword (text present or absent), heartbeat (push URL), tls (certificate end), domain (registration end)',
      request: {
        body: body(monitorInput, {
          clientId: 1,
          kind: 'keyword',
          name: 'Patient portal sign-in page',
          url: 'https://portal.clinic.example/login',
          keyword: 'Sign in',
          intervalMinutes: 5,
          timeoutMs: 10000,
        }),
      },
      responses: {
        ...OWNER_ERRORS,
        201: json(created, 'The monitor, not checked yet; a heartbeat monitor with its push URL'),
      },
    }),
    async (c) => c.json(await createMonitor(c.var.db, c.env, c.req.valid('json')), 201),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'get',
      path: '/{id}',
      summary: 'One monitor with its newest checks and 30 days of uptime',
      request: { params: idPath },
      responses: {
        ...OWNER_ERRORS,
        200: json(monitorDetail, 'The monitor'),
        404: errors[404],
      },
    }),
    async (c) => c.json(iso(await getMonitor(c.var.db, c.env, pathId(c))), 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'post',
      path: '/{id}/check',
      summary: 'Runs one check now, through the same path as the cron',
      request: { params: idPath },
      responses: {
        ...OWNER_ERRORS,
        200: json(checkResult, 'What the check found'),
        404: errors[404],
      },
    }),
    async (c) => c.json(await checkNow(c.var.db, c.env, pathId(c)), 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'post',
      path: '/{id}/pause',
      summary: 'Pauses a monitor: no checks, no alerts',
      request: { params: idPath },
      responses: { ...OWNER_ERRORS, 200: json(monitor, 'The monitor'), 404: errors[404] },
    }),
    async (c) => c.json(iso(await setPaused(c.var.db, c.env, pathId(c), true)), 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'post',
      path: '/{id}/resume',
      summary: 'Resumes a monitor; checked at the next cron',
      request: { params: idPath },
      responses: { ...OWNER_ERRORS, 200: json(monitor, 'The monitor'), 404: errors[404] },
    }),
    async (c) => c.json(iso(await setPaused(c.var.db, c.env, pathId(c), false)), 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'delete',
      path: '/{id}',
      summary: 'Deletes a monitor; its history stays in past reports',
      request: { params: idPath },
      responses: { 204: noContent('Deleted'), ...OWNER_ERRORS, ...NOT_FOUND },
    }),
    async (c) => {
      await deleteMonitor(c.var.db, pathId(c))
      return c.body(null, 204)
    },
  )

// ---------- /api/clients/{id}/monitor-maintenance ----------

export const monitorMaintenanceRoutes = openApiApp()
monitorMaintenanceRoutes.use('/clients/*', privateNoStore, requireOwner)
monitorMaintenanceRoutes.use('/monitor-maintenance/*', privateNoStore, requireOwner)
monitorMaintenanceRoutes
  .openapi(
    createRoute({
      ...owner,
      method: 'get',
      path: '/clients/{id}/monitor-maintenance',
      summary: "A client's current and coming maintenance windows",
      request: { params: idPath },
      responses: { ...OWNER_ERRORS, 200: json(z.array(windowShape), 'The windows') },
    }),
    async (c) => c.json((await listMaintenanceWindows(c.var.db, pathId(c))).map(iso), 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'post',
      path: '/clients/{id}/monitor-maintenance',
      summary:
        "A maintenance window: alerts of one monitor (monitorId) or all the client's are held; checks go on",
      request: {
        params: idPath,
        body: body(maintenanceWindowInput, {
          startsAt: '2026-12-05T22:00:00-06:00',
          endsAt: '2026-12-06T02:00:00-06:00',
          note: 'Server move',
        }),
      },
      responses: {
        ...OWNER_ERRORS,
        201: json(windowShape, 'The window'),
      },
    }),
    async (c) => c.json(iso(await addMaintenanceWindow(c.var.db, pathId(c), c.req.valid('json'))), 201),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'delete',
      path: '/monitor-maintenance/{id}',
      summary: 'Removes a maintenance window',
      request: { params: idPath },
      responses: { 204: noContent('Removed'), ...OWNER_ERRORS, ...NOT_FOUND },
    }),
    async (c) => {
      await deleteMaintenanceWindow(c.var.db, pathId(c))
      return c.body(null, 204)
    },
  )

// ---------- /hb/{token} (public) ----------

/**
 * A heartbeat's push URL: a client's backup job or server calls it (GET or
 * POST, any body, no cookie, no origin) after each run. Outside /api: no
 * session, no same-origin rule; the token is the only key. Unknown: 404.
 */
export const heartbeatRoutes = openApiApp()
heartbeatRoutes.use(privateNoStore)
heartbeatRoutes.on(['GET', 'POST'], '/:token', async (c) => {
  try {
    return c.json(await recordBeat(c.var.db, c.env, c.req.param('token')), 200)
  } catch (err) {
    if (err instanceof Error && err.name === 'NotFound') return c.json({ message: 'Unknown heartbeat' }, 404)
    throw err
  }
})
