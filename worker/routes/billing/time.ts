// /api/time-entries and /api/timer.
import { createRoute, z } from '@hono/zod-openapi'
import { timeEntryInput, timeEntryPatch, timerInput } from '../../../schema/billing-payloads.server'
import { requireOwner } from '../../auth/middleware'
import {
  openApiBody as body,
  idPath,
  openApiJson as json,
  OWNER_ERRORS,
  openApiApp,
  pathId,
} from '../../middleware/openapi'
import {
  createTimeEntry,
  deleteTimeEntry,
  getTimer,
  listTimeEntries,
  startTimer,
  stopTimer,
  updateTimeEntry,
} from '../../services/time'
import { errors, owner } from './shared'

const timeEntry = z
  .looseObject({
    id: z.number(),
    clientId: z.number(),
    supportRequestId: z.number().nullable(),
    consultationId: z.number().nullable(),
    date: z.string(),
    minutes: z.number(),
    description: z.string(),
    billable: z.boolean(),
    rateCents: z.number().openapi({ description: 'Hourly rate in cents (0 while it needs a rate)' }),
    needsRate: z.boolean().openapi({ description: 'Kept without a rate: not invoiced until one is set' }),
    blockId: z.number().nullable(),
    invoiceId: z.number().nullable(),
  })
  .openapi('TimeEntry')

const listQuery = z.object({
  clientId: z.coerce.number().int().positive().optional(),
  from: z.string().optional(),
  to: z.string().optional(),
  unbilled: z.enum(['true', 'false']).optional(),
})

// ---------- /api/time-entries ----------

export const timeEntries = openApiApp()
timeEntries.use(requireOwner)
timeEntries
  .openapi(
    createRoute({
      ...owner,
      method: 'get',
      path: '/',
      summary: 'Time entries, newest first',
      request: { query: listQuery },
      responses: {
        ...OWNER_ERRORS,
        200: json(z.array(timeEntry), 'The entries'),
      },
    }),
    async (c) => {
      const q = c.req.valid('query')
      return c.json(await listTimeEntries(c.var.db, { ...q, unbilled: q.unbilled === 'true' }), 200)
    },
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'post',
      path: '/',
      summary:
        'Records time (billable time draws a prepaid block first; a longer entry is split). Dated in a plan period already invoiced, it needs lateTime ("next" or "none"): without it, 409 with the field lateTime',
      request: {
        body: body(timeEntryInput, {
          clientId: 1,
          minutes: 95,
          description: 'Printer queue fixed',
          // Lower case on purpose: the server accepts it (issue 34: the pattern once carried a /i flag).
          requestReference: 's-1043',
          date: '2026-11-24',
          billable: true,
          rateCents: null,
        }),
      },
      responses: {
        ...OWNER_ERRORS,
        201: json(
          timeEntry.extend({ entries: z.array(timeEntry) }),
          'The entry (and, when split, all parts)',
        ),
        409: errors[409],
      },
    }),
    async (c) => {
      const entries = await createTimeEntry(c.var.db, c.env, c.req.valid('json'))
      return c.json({ ...entries[0]!, entries }, 201)
    },
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'patch',
      path: '/{id}',
      summary:
        'Changes an unbilled entry (409 when it is on an invoice, or when moved into a plan period already invoiced without lateTime)',
      request: {
        params: idPath,
        body: body(timeEntryPatch, { minutes: 30, description: 'Shorter than logged' }),
      },
      responses: {
        ...OWNER_ERRORS,
        200: json(timeEntry, 'The entry'),
        ...errors,
      },
    }),
    async (c) => c.json(await updateTimeEntry(c.var.db, pathId(c), c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'delete',
      path: '/{id}',
      summary: 'Deletes an unbilled entry (409 when it is on an invoice)',
      request: { params: idPath },
      responses: {
        ...OWNER_ERRORS,
        204: { description: 'Deleted' },
        404: errors[404],
        409: errors[409],
      },
    }),
    async (c) => {
      await deleteTimeEntry(c.var.db, pathId(c))
      return c.body(null, 204)
    },
  )

// ---------- /api/timer ----------

const timer = z
  .object({
    running: z.boolean(),
    startedAt: z.string().nullable(),
    clientId: z.number().nullable(),
    description: z.string().nullable(),
  })
  .openapi('Timer')
const timerBody = (t: Awaited<ReturnType<typeof getTimer>>) => ({
  running: t !== null,
  startedAt: t?.startedAt.toISOString() ?? null,
  clientId: t?.clientId ?? null,
  description: t?.description ?? null,
})

export const timerRoutes = openApiApp()
timerRoutes.use(requireOwner)
timerRoutes
  .openapi(
    createRoute({
      ...owner,
      method: 'get',
      path: '/',
      summary: 'The running timer',
      responses: {
        ...OWNER_ERRORS,
        200: json(timer, 'The timer'),
      },
    }),
    async (c) => c.json(timerBody(await getTimer(c.var.db)), 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'post',
      path: '/start',
      summary: 'Starts the timer (one at a time: 409 when one runs)',
      request: {
        body: body(timerInput, { clientId: null, requestReference: 'C-1042', description: 'Call' }),
      },
      responses: {
        ...OWNER_ERRORS,
        201: json(timer, 'Started'),
        409: errors[409],
      },
    }),
    async (c) => c.json(timerBody(await startTimer(c.var.db, c.req.valid('json'))), 201),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'post',
      path: '/stop',
      summary: 'Stops the timer and records its time',
      request: { body: body(timerInput, { description: 'Done' }) },
      responses: {
        ...OWNER_ERRORS,
        201: json(z.array(timeEntry), 'The entries made'),
        409: errors[409],
      },
    }),
    async (c) => c.json(await stopTimer(c.var.db, c.env, c.req.valid('json')), 201),
  )
