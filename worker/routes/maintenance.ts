// REST for recurring maintenance (issue 40), as OpenAPIHono sub-apps: the same
// zod schemas validate each request and describe it in the OpenAPI document.
// Every route is the owner's: the session cookie, or a personal access token
// with the read-write or maintenance scope (worker/auth/bearer.ts).
import { createRoute, z } from '@hono/zod-openapi'
import { rowId } from '../../schema/ids'
import { MAINTENANCE_FREQS, SCHEDULE_STATUSES, TASK_FILTERS } from '../../schema/maintenance'
import {
  generateInput,
  scheduleInput,
  schedulePatch,
  taskPatch,
  taskQuery,
  taskTimeInput,
} from '../../schema/maintenance-payloads.server'
import { MAINTENANCE_TEMPLATES } from '../../schema/maintenance-templates'
import { requireOwner } from '../auth/middleware'
import { fileHeaders } from '../files/disposition'
import { FILE_KINDS } from '../files/sniff'
import { readUpload, UPLOAD_MESSAGES } from '../files/upload'
import { privateNoStore } from '../middleware/cache-headers'
import { badRequest } from '../middleware/errors'
import {
  openApiBody as body,
  CONFLICT,
  idPath,
  openApiJson as json,
  NOT_FOUND,
  noContent,
  OWNER_ERRORS,
  OWNER_SECURITY,
  openApiApp,
  pathId,
} from '../middleware/openapi'
import {
  createSchedule,
  deleteSchedule,
  generateTasks,
  getSchedule,
  listSchedules,
  updateSchedule,
} from '../services/maintenance'
import {
  addTaskFile,
  deleteTaskFile,
  getTask,
  listTasks,
  logTaskTime,
  openTaskFile,
  taskFiles,
  updateTask,
} from '../services/maintenance-tasks'

const owner = { tags: ['Maintenance'], security: OWNER_SECURITY }
const errors = { ...OWNER_ERRORS, ...NOT_FOUND, ...CONFLICT }

const schedule = z
  .looseObject({
    id: z.number(),
    clientId: z.number(),
    title: z.string(),
    checklist: z.array(z.string()),
    recurrence: z.object({
      freq: z.enum(MAINTENANCE_FREQS),
      interval: z.number(),
      byMonthDay: z.number().nullable(),
      byWeekday: z.string().nullable(),
    }),
    rrule: z.string().openapi({ description: 'The RFC 5545 rule the due dates come from' }),
    startDate: z.string(),
    estimatedMinutes: z.number().nullable(),
    templateKey: z.string().nullable(),
    status: z.enum(SCHEDULE_STATUSES),
    assetIds: z.array(z.number()),
    nextDueDates: z.array(z.string()).openapi({
      description: 'The next three due dates (YYYY-MM-DD, business time zone); none while paused',
    }),
  })
  .openapi('MaintenanceSchedule')
const task = z
  .looseObject({
    id: z.number(),
    scheduleId: z.number().nullable(),
    clientId: z.number(),
    title: z.string(),
    dueDate: z.string(),
    status: z.enum(TASK_FILTERS).openapi({ description: 'overdue: open and due before today' }),
    items: z.array(z.object({ label: z.string(), done: z.boolean(), note: z.string().nullable() })),
    evidenceCount: z.number(),
    minutesLogged: z.number(),
  })
  .openapi('MaintenanceTask')
const taskFile = z
  .object({ id: z.number(), name: z.string(), type: z.string(), size: z.number(), createdAt: z.string() })
  .openapi('MaintenanceTaskFile')
const template = z
  .object({
    key: z.string(),
    title: z.string(),
    freq: z.enum(MAINTENANCE_FREQS),
    estimatedMinutes: z.number(),
    checklist: z.array(z.string()),
  })
  .openapi('MaintenanceTemplate')

// ---------- /api/maintenance-schedules ----------

export const maintenanceSchedulesRoutes = openApiApp()
maintenanceSchedulesRoutes.use(requireOwner)
maintenanceSchedulesRoutes
  .openapi(
    createRoute({
      ...owner,
      method: 'get',
      path: '/',
      summary: 'Maintenance schedules, of one client or all',
      request: { query: z.object({ clientId: z.coerce.number().int().positive().optional() }) },
      responses: {
        ...OWNER_ERRORS,
        200: json(z.array(schedule), 'The schedules'),
      },
    }),
    async (c) => c.json(await listSchedules(c.var.db, c.req.valid('query')), 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'post',
      path: '/',
      summary:
        'Creates a schedule: a checklist on a recurrence (day N past a month\'s end is its last day; byWeekday "2TU" is the 2nd Tuesday)',
      request: {
        body: body(scheduleInput, {
          clientId: 1,
          title: 'Monthly patch review',
          checklist: ['Review pending updates', 'Reboot outside clinic hours'],
          recurrence: { freq: 'monthly', interval: 1, byMonthDay: 31 },
          startDate: '2026-10-31',
          estimatedMinutes: 60,
          templateKey: 'patch-review',
        }),
      },
      responses: {
        ...OWNER_ERRORS,
        201: json(schedule, 'The schedule with its next three due dates'),
      },
    }),
    async (c) => c.json(await createSchedule(c.var.db, c.req.valid('json')), 201),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'get',
      path: '/{id}',
      summary: 'One schedule',
      request: { params: idPath },
      responses: { ...OWNER_ERRORS, 200: json(schedule, 'The schedule'), 404: errors[404] },
    }),
    async (c) => c.json(await getSchedule(c.var.db, pathId(c)), 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'patch',
      path: '/{id}',
      summary: 'Changes a schedule (status paused stops new tasks); tasks already made keep their checklist',
      request: { params: idPath, body: body(schedulePatch, { status: 'paused' }) },
      responses: {
        ...OWNER_ERRORS,
        200: json(schedule, 'The schedule'),
        404: errors[404],
      },
    }),
    async (c) => c.json(await updateSchedule(c.var.db, pathId(c), c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'delete',
      path: '/{id}',
      summary: 'Deletes a schedule and its untouched open tasks; done tasks (and tasks with time) are kept',
      request: { params: idPath },
      responses: { 204: noContent('Deleted'), ...OWNER_ERRORS, ...NOT_FOUND },
    }),
    async (c) => {
      await deleteSchedule(c.var.db, pathId(c))
      return c.body(null, 204)
    },
  )

// ---------- /api/maintenance ----------

export const maintenanceRoutes = openApiApp()
maintenanceRoutes.use(requireOwner)
maintenanceRoutes
  .openapi(
    createRoute({
      ...owner,
      method: 'get',
      path: '/templates',
      summary: 'The seeded templates a schedule can start from',
      responses: { ...OWNER_ERRORS, 200: json(z.array(template), 'The templates') },
    }),
    (c) => c.json([...MAINTENANCE_TEMPLATES], 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'post',
      path: '/generate',
      summary:
        'Makes the tasks of active schedules due up to `until`, each once: running it again for the same range creates 0',
      request: { body: body(generateInput, { until: '2026-12-31' }) },
      responses: {
        ...OWNER_ERRORS,
        200: json(z.object({ created: z.number() }), 'How many tasks were made'),
      },
    }),
    async (c) => c.json(await generateTasks(c.var.db, c.req.valid('json').until), 200),
  )

// ---------- /api/maintenance-tasks ----------

const fileParams = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: '12' }),
  fileId: z.string().openapi({ param: { name: 'fileId', in: 'path' }, example: '3' }),
})
const fileIdOf = (c: { req: { param(name: 'fileId'): string | undefined } }) => {
  const parsed = rowId.safeParse(c.req.param('fileId'))
  if (!parsed.success) throw badRequest({ fileId: 'Not a valid id' })
  return parsed.data
}

export const maintenanceTasksRoutes = openApiApp()
maintenanceTasksRoutes.use(privateNoStore, requireOwner)
maintenanceTasksRoutes
  .openapi(
    createRoute({
      ...owner,
      method: 'get',
      path: '/',
      summary: 'Tasks by due date; status open (not yet due), overdue (open, past due) or done',
      request: { query: taskQuery },
      responses: {
        ...OWNER_ERRORS,
        200: json(z.array(task), 'The tasks'),
      },
    }),
    async (c) => c.json(await listTasks(c.var.db, c.req.valid('query')), 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'get',
      path: '/{id}',
      summary: 'One task',
      request: { params: idPath },
      responses: { ...OWNER_ERRORS, 200: json(task, 'The task'), 404: errors[404] },
    }),
    async (c) => c.json(await getTask(c.var.db, pathId(c)), 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'patch',
      path: '/{id}',
      summary:
        'Ticks checklist items in order (with notes); status done closes the task once every item is ticked. A done task is 409',
      request: {
        params: idPath,
        body: body(taskPatch, {
          items: [{ done: true, note: 'All current' }, { done: true }],
          status: 'done',
        }),
      },
      responses: {
        ...OWNER_ERRORS,
        200: json(task, 'The task'),
        404: errors[404],
        409: errors[409],
      },
    }),
    async (c) => c.json(await updateTask(c.var.db, pathId(c), c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'post',
      path: '/{id}/time',
      summary: "Logs time on the task: a time entry for its client, counted against the client's plan",
      request: { params: idPath, body: body(taskTimeInput, { minutes: 45, description: 'Patch review' }) },
      responses: {
        ...OWNER_ERRORS,
        201: json(z.array(z.looseObject({ id: z.number(), minutes: z.number() })), 'The time entries made'),
        404: errors[404],
      },
    }),
    async (c) => c.json(await logTaskTime(c.var.db, c.env, pathId(c), c.req.valid('json')), 201),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'get',
      path: '/{id}/files',
      summary: "The task's evidence files",
      request: { params: idPath },
      responses: {
        ...OWNER_ERRORS,
        200: json(z.array(taskFile), 'The files'),
        404: errors[404],
      },
    }),
    async (c) => c.json(await taskFiles(c.var.db, pathId(c)), 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'post',
      path: '/{id}/files',
      summary:
        'Adds evidence: multipart/form-data with one `file` (images, PDF, DOC, DOCX, TXT or MD; at most 10 MB)',
      request: { params: idPath },
      responses: {
        ...OWNER_ERRORS,
        201: json(taskFile, 'The file'),
        404: errors[404],
        409: errors[409],
        413: { description: 'The file is larger than 10 MB' },
      },
    }),
    async (c) => {
      const id = pathId(c)
      const upload = await readUpload(c.req, 'file', FILE_KINDS, UPLOAD_MESSAGES.fileType)
      return c.json(await addTaskFile(c.var.db, c.env.FILES, id, upload), 201)
    },
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'get',
      path: '/{id}/files/{fileId}',
      summary: 'Downloads one evidence file',
      request: { params: fileParams },
      responses: { ...OWNER_ERRORS, 200: { description: 'The file' }, 404: errors[404] },
    }),
    async (c) => {
      const { file, object } = await openTaskFile(c.var.db, c.env.FILES, pathId(c), fileIdOf(c))
      return new Response(object.body, {
        headers: fileHeaders({ mime: file.type, name: file.name, size: object.size }),
      }) as never
    },
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'delete',
      path: '/{id}/files/{fileId}',
      summary: "Removes evidence from an open task (a done task's is kept: 409)",
      request: { params: fileParams },
      responses: {
        ...OWNER_ERRORS,
        204: { description: 'Removed' },
        404: errors[404],
        409: errors[409],
      },
    }),
    async (c) => {
      await deleteTaskFile(c.var.db, c.env.FILES, pathId(c), fileIdOf(c))
      return c.body(null, 204)
    },
  )
