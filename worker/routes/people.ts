// REST for the clinic's people (issue 55, docs/people.md): the staff roster,
// training modules, assignments and records, and onboarding and offboarding
// runs, as one OpenAPIHono sub-app mounted at /api. Every route is the
// owner's: the session cookie, or a personal access token with the
// read-write or compliance scope. The portal's contacts keep their own
// clinic's roster and runs through the portal's pages (worker/services/portal-people.ts).
import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { RECORD_STATUSES, RUN_KINDS, STEP_KINDS } from '../../schema/people'
import {
  assignmentInput,
  offboardingInput,
  onboardingInput,
  recordsQuery,
  staffInput,
  staffPatch,
  stepPatch,
  templateInput,
  trainingInput,
  trainingPatch,
} from '../../schema/people-payloads.server'
import { businessToday, slotInstant } from '../../schema/slot-time'
import { requireOwner } from '../auth/middleware'
import { deliverEach } from '../mail/outbox'
import { inBackground } from '../middleware/background'
import { badRequest } from '../middleware/errors'
import {
  openApiBody as body,
  CONFLICT,
  DateTimeSchema,
  idPath,
  openApiJson as json,
  NOT_FOUND,
  OWNER_ERRORS,
  OWNER_SECURITY,
  openApiApp,
  pathId,
} from '../middleware/openapi'
import { runPdfFor, trainingRecordsPdfFor } from '../services/people/evidence'
import {
  completeStep,
  getRun,
  runsOfClient,
  setTemplate,
  startOffboarding,
  startOnboarding,
  templateOf,
} from '../services/people/runs'
import { createStaff, listStaff, OWNER_SCOPE, staffView, updateStaff } from '../services/people/staff'
import {
  assignTraining,
  createTraining,
  getTraining,
  listTrainings,
  trainingView,
  updateTraining,
} from '../services/people/training'
import { trainingRecords } from '../services/people/training-records'
import { actorOf } from './assets'

const owner = { tags: ['People and training'], security: OWNER_SECURITY }
const errors = { ...OWNER_ERRORS, ...NOT_FOUND, ...CONFLICT }
const dateTime = DateTimeSchema

const person = z
  .object({
    id: z.number(),
    clientId: z.number(),
    name: z.string(),
    email: z.string(),
    role: z.string().nullable(),
    startDate: z.string().nullable(),
    leaveDate: z.string().nullable(),
    active: z.boolean(),
  })
  .openapi('StaffMember')
const question = z.object({ prompt: z.string(), choices: z.array(z.string()), answer: z.number() })
const training = z
  .object({
    id: z.number(),
    title: z.string(),
    body: z.string().openapi({ description: 'Markdown' }),
    questions: z.array(question),
    passPercent: z.number(),
    version: z.number().openapi({ description: 'Bumped when the title, content, quiz or pass mark change' }),
    draft: z.boolean().openapi({ description: 'A draft to be reviewed: it cannot be assigned' }),
    updatedAt: dateTime,
  })
  .openapi('TrainingModule')
const record = z
  .object({
    staffId: z.number(),
    name: z.string(),
    trainingId: z.number(),
    title: z.string(),
    version: z.number(),
    dueDate: z.string(),
    completedAt: dateTime.nullable(),
    score: z.number().nullable(),
    status: z.enum(RECORD_STATUSES),
  })
  .openapi('TrainingRecord')
const step = z
  .object({
    id: z.number(),
    title: z.string(),
    kind: z.enum(STEP_KINDS),
    credentialId: z.string().nullable(),
    assetId: z.number().nullable(),
    doneAt: dateTime.nullable(),
    doneBy: z.string().nullable(),
    note: z.string().nullable(),
    late: z.boolean().openapi({ description: 'Done more than 60 minutes after the leave time' }),
  })
  .openapi('RunStep')
const run = z
  .object({
    id: z.number(),
    kind: z.enum(RUN_KINDS),
    staffId: z.number(),
    name: z.string(),
    clientId: z.number(),
    leavesAt: dateTime.nullable(),
    startsAt: dateTime.nullable(),
    startedBy: z.string(),
    createdAt: dateTime,
    completedAt: dateTime.nullable(),
    late: z.boolean(),
    steps: z.array(step),
  })
  .openapi('PeopleRun')
const kindPath = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: '12' }),
  kind: z.enum(RUN_KINDS).openapi({ param: { name: 'kind', in: 'path' }, example: 'offboarding' }),
})
const filePath = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: '12' }),
  file: z.string().openapi({ param: { name: 'file', in: 'path' }, example: '2026.pdf' }),
})
const pdfAnswer = {
  description: 'PDF; X-Content-SHA256 is the SHA-256 of its bytes',
  headers: { 'X-Content-SHA256': { schema: { type: 'string' as const } } },
  content: { 'application/pdf': { schema: z.string() } },
}

export const peopleApi = openApiApp()
for (const path of [
  '/clients/:id/staff',
  '/clients/:id/training-records',
  '/clients/:id/training-records/*',
  '/clients/:id/offboardings',
  '/clients/:id/onboardings',
  '/clients/:id/runs',
  '/clients/:id/run-templates',
  '/clients/:id/run-templates/*',
  '/staff/*',
  '/trainings',
  '/trainings/*',
  '/runs/*',
  '/run-steps/*',
])
  peopleApi.use(path, requireOwner)

function pdfBody(c: Context, bytes: Uint8Array, sha256: string, filename: string) {
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `attachment; filename="${filename}"`,
    'Cache-Control': 'private, no-store',
    'X-Content-SHA256': sha256,
  })
}

peopleApi
  .openapi(
    createRoute({
      ...owner,
      method: 'get',
      path: '/clients/{id}/staff',
      summary: "The client's staff roster, active people first",
      request: { params: idPath },
      responses: {
        ...OWNER_ERRORS,
        200: json(z.array(person), 'The roster'),
        404: errors[404],
      },
    }),
    async (c) => c.json(await listStaff(c.var.db, OWNER_SCOPE, pathId(c)), 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'post',
      path: '/clients/{id}/staff',
      summary:
        "Adds a person to the client's roster: an arrival (the onboarding run starts, and the client's standing training is assigned from the start date)",
      request: {
        params: idPath,
        body: body(staffInput, {
          name: 'Ana Lopez',
          email: 'ana@riversideclinic.example',
          role: 'Front desk',
          startDate: '2026-12-01',
        }),
      },
      responses: {
        ...OWNER_ERRORS,
        201: json(z.object({ id: z.number(), onboardingRunId: z.number() }), 'Added'),
        404: errors[404],
        409: errors[409],
      },
    }),
    async (c) => {
      const input = c.req.valid('json')
      const added = await createStaff(c.var.db, OWNER_SCOPE, pathId(c), input)
      const startsAt = new Date(slotInstant(input.startDate ?? businessToday(), '09:00')!)
      const { run: onboarding, outboxIds } = await startOnboarding(
        c.var.db,
        c.env,
        OWNER_SCOPE,
        added.id,
        startsAt,
        actorOf(c),
      )
      if (outboxIds.length) inBackground(c, deliverEach(c.var.db, c.env, outboxIds))
      return c.json({ id: added.id, onboardingRunId: onboarding.id }, 201)
    },
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'patch',
      path: '/staff/{id}',
      summary: 'Changes a person: role, dates, or active (a person who left is made inactive, never deleted)',
      request: {
        params: idPath,
        body: body(staffPatch, { leaveDate: '2026-12-31', role: 'Nurse', active: true }),
      },
      responses: {
        ...OWNER_ERRORS,
        200: json(person, 'The person'),
        404: errors[404],
        409: errors[409],
      },
    }),
    async (c) =>
      c.json(staffView(await updateStaff(c.var.db, OWNER_SCOPE, pathId(c), c.req.valid('json'))), 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'get',
      path: '/trainings',
      summary: 'The training modules',
      responses: { ...OWNER_ERRORS, 200: json(z.array(training), 'The modules') },
    }),
    async (c) => c.json(await listTrainings(c.var.db), 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'post',
      path: '/trainings',
      summary:
        'Creates a training module (version 1); `draft: true` keeps it from being assigned until reviewed',
      request: {
        body: body(trainingInput, {
          title: 'HIPAA security basics',
          body: '## Passwords\n\nNever share them.',
          questions: [{ prompt: 'May you share your password?', choices: ['Yes', 'No'], answer: 1 }],
          passPercent: 80,
        }),
      },
      responses: {
        ...OWNER_ERRORS,
        201: json(z.object({ id: z.number(), version: z.number() }), 'Created'),
      },
    }),
    async (c) => {
      const made = await createTraining(c.var.db, c.req.valid('json'))
      return c.json({ id: made.id, version: made.version }, 201)
    },
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'get',
      path: '/trainings/{id}',
      summary: 'One training module as it is now',
      request: { params: idPath },
      responses: { ...OWNER_ERRORS, 200: json(training, 'The module'), 404: errors[404] },
    }),
    async (c) => c.json(trainingView(await getTraining(c.var.db, pathId(c))), 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'patch',
      path: '/trainings/{id}',
      summary:
        'Changes a module; a change of its title, content, quiz or pass mark makes a new version (records keep theirs)',
      request: {
        params: idPath,
        body: body(trainingPatch, { body: '## Passwords\n\nNever share them, not even with IT.' }),
      },
      responses: {
        ...OWNER_ERRORS,
        200: json(training, 'The module'),
        404: errors[404],
      },
    }),
    async (c) => c.json(await updateTraining(c.var.db, pathId(c), c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'post',
      path: '/trainings/{id}/assignments',
      summary:
        "Assigns the module's current version to a client's active people (all, which makes it one of the client's standing modules, or the chosen ones); each gets an e-mail with a personal link. The same module, version and person again in a year: not duplicated",
      request: {
        params: idPath,
        body: body(assignmentInput, { clientId: 12, staffIds: [3, 4], dueDate: '2026-12-31' }),
      },
      responses: {
        ...OWNER_ERRORS,
        201: json(z.object({ assigned: z.number() }), 'How many were newly assigned'),
        404: errors[404],
        409: errors[409],
      },
    }),
    async (c) => {
      const { assigned, outboxIds } = await assignTraining(
        c.var.db,
        c.env,
        OWNER_SCOPE,
        pathId(c),
        c.req.valid('json'),
      )
      if (outboxIds.length) inBackground(c, deliverEach(c.var.db, c.env, outboxIds))
      return c.json({ assigned }, 201)
    },
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'get',
      path: '/clients/{id}/training-records',
      summary:
        "The client's training records of a year (the year each round was assigned in; default this year)",
      request: { params: idPath, query: recordsQuery },
      responses: {
        ...OWNER_ERRORS,
        200: json(z.array(record), 'The records'),
        404: errors[404],
      },
    }),
    async (c) => {
      const year = c.req.valid('query').year ?? Number(businessToday().slice(0, 4))
      const rows = await trainingRecords(c.var.db, OWNER_SCOPE, pathId(c), year)
      return c.json(
        rows.map(({ assignmentId: _a, ...r }) => r),
        200,
      )
    },
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'get',
      path: '/clients/{id}/training-records/{file}',
      summary: "The evidence PDF of a client's year: GET /clients/{id}/training-records/2026.pdf",
      request: { params: filePath },
      responses: { ...OWNER_ERRORS, 200: pdfAnswer, 404: errors[404] },
    }),
    async (c) => {
      const year = yearOfFile(c.req.valid('param').file)
      const pdf = await trainingRecordsPdfFor(c.var.db, c.env, OWNER_SCOPE, pathId(c), year)
      return pdfBody(c, pdf.bytes, pdf.sha256, pdf.filename)
    },
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'get',
      path: '/clients/{id}/run-templates/{kind}',
      summary: "The client's checklist for arrivals (onboarding) or departures (offboarding)",
      request: { params: kindPath },
      responses: {
        ...OWNER_ERRORS,
        200: json(z.object({ steps: z.array(z.string()) }), 'The steps'),
        404: errors[404],
      },
    }),
    async (c) => {
      const { kind } = c.req.valid('param')
      const id = pathId(c)
      await listStaff(c.var.db, OWNER_SCOPE, id)
      return c.json({ steps: await templateOf(c.var.db, id, kind) }, 200)
    },
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'put',
      path: '/clients/{id}/run-templates/{kind}',
      summary: "Replaces the client's checklist of that kind (runs already started keep theirs)",
      request: {
        params: kindPath,
        body: body(templateInput, { steps: ['Disable the EHR account', 'Collect the badge'] }),
      },
      responses: {
        ...OWNER_ERRORS,
        200: json(z.object({ steps: z.array(z.string()) }), 'The steps'),
        404: errors[404],
      },
    }),
    async (c) => {
      const { kind } = c.req.valid('param')
      const steps = await setTemplate(c.var.db, OWNER_SCOPE, pathId(c), kind, c.req.valid('json').steps)
      return c.json({ steps }, 200)
    },
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'post',
      path: '/clients/{id}/offboardings',
      summary:
        "Starts a departure: the client's checklist plus one rotate step per vault credential and one collect step per asset tagged with the person",
      request: {
        params: idPath,
        body: body(offboardingInput, { staffId: 3, leavesAt: '2026-12-31T17:00:00-06:00' }),
      },
      responses: {
        ...OWNER_ERRORS,
        201: json(run, 'The run'),
        404: errors[404],
        409: errors[409],
      },
    }),
    async (c) =>
      c.json(await startOffboarding(c.var.db, OWNER_SCOPE, pathId(c), c.req.valid('json'), actorOf(c)), 201),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'post',
      path: '/clients/{id}/onboardings',
      summary: "Starts an arrival's run for a person added without one, and assigns the standing training",
      request: {
        params: idPath,
        body: body(onboardingInput, { staffId: 3, startsAt: '2026-12-01T09:00:00-06:00' }),
      },
      responses: {
        ...OWNER_ERRORS,
        201: json(run, 'The run'),
        404: errors[404],
        409: errors[409],
      },
    }),
    async (c) => {
      const input = c.req.valid('json')
      const roster = await listStaff(c.var.db, OWNER_SCOPE, pathId(c))
      if (!roster.some((p) => p.id === input.staffId))
        throw badRequest({ staffId: "The person must be on this client's roster" })
      const { run: made, outboxIds } = await startOnboarding(
        c.var.db,
        c.env,
        OWNER_SCOPE,
        input.staffId,
        new Date(input.startsAt),
        actorOf(c),
      )
      if (outboxIds.length) inBackground(c, deliverEach(c.var.db, c.env, outboxIds))
      return c.json(made, 201)
    },
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'get',
      path: '/clients/{id}/runs',
      summary: "The client's onboarding and offboarding runs, open ones first",
      request: { params: idPath },
      responses: { ...OWNER_ERRORS, 200: json(z.array(run), 'The runs'), 404: errors[404] },
    }),
    async (c) => c.json(await runsOfClient(c.var.db, OWNER_SCOPE, pathId(c)), 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'get',
      path: '/runs/{id}',
      summary: 'One run with its steps: who did each and when, and whether it was late',
      request: { params: idPath },
      responses: { ...OWNER_ERRORS, 200: json(run, 'The run'), 404: errors[404] },
    }),
    async (c) => c.json(await getRun(c.var.db, OWNER_SCOPE, pathId(c)), 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'patch',
      path: '/run-steps/{id}',
      summary: 'Marks a step done (once), with an optional note; the run completes with its last step',
      request: { params: idPath, body: body(stepPatch, { done: true, note: 'Disabled in the EHR' }) },
      responses: {
        ...OWNER_ERRORS,
        200: json(run, 'The run'),
        404: errors[404],
        409: errors[409],
      },
    }),
    async (c) =>
      c.json(await completeStep(c.var.db, OWNER_SCOPE, pathId(c), c.req.valid('json'), actorOf(c)), 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'get',
      path: '/runs/{id}/pdf',
      summary: "The run's evidence PDF",
      request: { params: idPath },
      responses: { ...OWNER_ERRORS, 200: pdfAnswer, 404: errors[404] },
    }),
    async (c) => {
      const pdf = await runPdfFor(c.var.db, c.env, OWNER_SCOPE, pathId(c))
      return pdfBody(c, pdf.bytes, pdf.sha256, pdf.filename)
    },
  )

/** "2026.pdf" -> 2026; anything else is a 400 naming the year. */
export function yearOfFile(file: string): number {
  const match = /^(\d{4})\.pdf$/.exec(file)
  const year = match ? Number(match[1]) : Number.NaN
  if (!(year >= 2000 && year <= 2100))
    throw badRequest({ year: 'Year must be a year (YYYY), as in 2026.pdf' })
  return year
}
