// The clinic's people in the portal and on the person's training page
// (issue 55, web/lib/people-server.ts) on services/people. The portal's reads
// and actions are scoped to the signed-in contact's client: another client's
// person, run or PDF is a 404, exactly like one that does not exist. The
// training page needs no session: the signed link names one assignment of one
// person. JSON posts to /training/<token> are answered here too.
import type { Context } from 'hono'
import { Hono } from 'hono'
import { redirect } from 'react-router'
import { formatBusinessDateTime } from '../../schema/business-time'
import { MAX_JSON_BODY_BYTES } from '../../schema/constants'
import { renderMarkdown } from '../../schema/markdown'
import { API_MESSAGES } from '../../schema/messages'
import { fieldErrors } from '../../schema/payloads'
import { RUN_KIND_LABELS } from '../../schema/people'
import { answersInput, offboardingInput, staffInput, staffPatch } from '../../schema/people-payloads.server'
import { businessToday, formatCalendarDate, slotInstant } from '../../schema/slot-time'
import type {
  PortalPeopleResult,
  PortalPeopleServer,
  PortalRunView,
  TrainingOutcome,
  TrainingServer,
} from '../../web/lib/people-server'
import type { AppEnv } from '../env'
import { deliverEach } from '../mail/outbox'
import { inBackground } from '../middleware/background'
import { ApiError, badRequest, notFound, unauthorized } from '../middleware/errors'
import { Conflict, DomainError, Invalid, NotFound } from '../services/errors'
import { parseId } from '../services/ids'
import { runPdfFor, trainingRecordsPdfFor } from '../services/people/evidence'
import { getRun, runsOfClient, startOffboarding, startOnboarding } from '../services/people/runs'
import { createStaff, listStaff, type PeopleScope, updateStaff } from '../services/people/staff'
import { submitAnswers, trainingByToken } from '../services/people/training'
import { completionOf, trainingRecords } from '../services/people/training-records'

function refused(err: unknown) {
  if (err instanceof Invalid)
    return { ok: false as const, status: 400 as const, message: err.message, errors: err.errors ?? {} }
  if (err instanceof Conflict)
    return { ok: false as const, status: 409 as const, message: err.message, errors: err.errors ?? {} }
  if (err instanceof NotFound)
    return { ok: false as const, status: 404 as const, message: err.message, errors: {} }
  if (err instanceof DomainError)
    return { ok: false as const, status: 400 as const, message: err.message, errors: err.errors ?? {} }
  throw err
}

export function trainingServerFor(c: Context<AppEnv>): TrainingServer {
  return {
    async view(token) {
      const found = await trainingByToken(c.var.db, c.env, token)
      if (!found) return null
      const { page } = found
      return {
        personName: page.personName,
        clientName: page.clientName,
        title: page.title,
        bodyHtml: renderMarkdown(page.body),
        version: page.version,
        passPercent: page.passPercent,
        questions: page.questions,
        due: formatCalendarDate(page.dueDate),
        passed: page.passed
          ? `Passed on ${formatBusinessDateTime(page.passed.at)} with ${page.passed.score}%.`
          : null,
        attempts: page.attempts,
      }
    },
    async submit(token, answers): Promise<TrainingOutcome> {
      const missing = answers.indexOf(null)
      if (missing >= 0)
        return {
          ok: false,
          status: 400,
          message: 'Answer every question.',
          errors: { [`q${missing}`]: `Question ${missing + 1}: choose an answer` },
        }
      try {
        const r = await submitAnswers(c.var.db, c.env, token, answers as number[])
        return {
          ok: true,
          ...r,
          message: r.passed
            ? `You passed with ${r.score}%. Thank you: your training is recorded.`
            : `You scored ${r.score}%, below the pass mark. Read the page again and retry.`,
        }
      } catch (err) {
        return refused(err)
      }
    },
  }
}

/** POST /training/<token> with a JSON body `{answers}`: `{passed, score}`. A form post goes on to the page. */
export const trainingAnswers = new Hono<AppEnv>().post('/:token', async (c, next) => {
  const type = (c.req.header('content-type') ?? '').toLowerCase()
  if (!type.startsWith('application/json')) return next()
  if (Number(c.req.header('content-length') ?? 0) > MAX_JSON_BODY_BYTES)
    throw new ApiError(413, API_MESSAGES.tooLarge)
  let raw: unknown
  try {
    raw = await c.req.json()
  } catch {
    throw new ApiError(400, API_MESSAGES.invalidJson)
  }
  const parsed = answersInput.safeParse(raw)
  if (!parsed.success) throw badRequest(fieldErrors(parsed.error))
  c.header('Cache-Control', 'private, no-store')
  return c.json(await submitAnswers(c.var.db, c.env, c.req.param('token'), parsed.data.answers), 200)
})

const RECORD_WORDS = { done: 'done', pending: 'to do', overdue: 'overdue' } as const

function runStatus(run: Awaited<ReturnType<typeof getRun>>) {
  const open = run.steps.filter((s) => !s.doneAt).length
  if (run.completedAt) return `Completed ${formatBusinessDateTime(run.completedAt)}`
  return `${run.steps.length - open} of ${run.steps.length} steps done`
}

export function portalPeopleFor(c: Context<AppEnv>): PortalPeopleServer {
  const scope = (): PeopleScope & { clientId: number } => {
    const contact = c.var.contact
    if (!contact) throw redirect('/portal')
    return { clientId: contact.clientId }
  }
  const by = () => `portal:${c.var.contact?.name ?? 'contact'}`
  return {
    async view() {
      const s = scope()
      const year = Number(businessToday().slice(0, 4))
      const [people, records, runs] = await Promise.all([
        listStaff(c.var.db, s, s.clientId),
        trainingRecords(c.var.db, s, s.clientId, year),
        runsOfClient(c.var.db, s, s.clientId),
      ])
      const whole = completionOf(records)
      return {
        year,
        people: people.map((p) => {
          const mine = records.filter((r) => r.staffId === p.id)
          const done = mine.filter((r) => r.status === 'done').length
          const overdue = mine.filter((r) => r.status === 'overdue').length
          return {
            id: p.id,
            name: p.name,
            email: p.email,
            role: p.role,
            startDate: p.startDate ? formatCalendarDate(p.startDate) : null,
            leaveDate: p.leaveDate ? formatCalendarDate(p.leaveDate) : null,
            active: p.active,
            training: mine.length
              ? mine.map((r) => `${r.title}: ${RECORD_WORDS[r.status]}`).join('; ')
              : 'No training assigned this year',
            overdue: overdue > 0 && done < mine.length,
          }
        }),
        completion: `${whole.done} of ${whole.total} done this year`,
        overdue: whole.overdue,
        runs: runs.map((r) => ({
          id: r.id,
          name: r.name,
          kind: RUN_KIND_LABELS[r.kind],
          status: runStatus(r),
          href: `/portal/people/runs/${r.id}`,
        })),
      }
    },
    async run(raw): Promise<PortalRunView | null> {
      const s = scope()
      let id: number
      try {
        id = parseId(raw)
      } catch {
        return null
      }
      try {
        const r = await getRun(c.var.db, s, id)
        const at = r.leavesAt ?? r.startsAt
        return {
          id: r.id,
          name: r.name,
          kind: RUN_KIND_LABELS[r.kind],
          when: `${r.kind === 'offboarding' ? 'Leaves' : 'Starts'} ${at ? formatBusinessDateTime(at) : ''}`,
          status: runStatus(r),
          steps: r.steps.map((x) => ({
            id: x.id,
            title: x.title,
            done: x.doneAt ? `Done by ${x.doneBy} on ${formatBusinessDateTime(x.doneAt)}` : null,
            late: x.late,
            note: x.note,
          })),
          pdfHref: `/portal/people/runs/${r.id}/pdf`,
        }
      } catch (err) {
        if (err instanceof NotFound) return null
        throw err
      }
    },
    async addPerson(fields): Promise<PortalPeopleResult> {
      const s = scope()
      const parsed = staffInput.safeParse({
        name: fields.name ?? '',
        email: fields.email ?? '',
        role: fields.role || null,
        startDate: fields.startDate || null,
      })
      if (!parsed.success)
        return { ok: false, message: 'Please correct the marked fields.', errors: fieldErrors(parsed.error) }
      try {
        const person = await createStaff(c.var.db, s, s.clientId, parsed.data)
        const startsAt = new Date(slotInstant(parsed.data.startDate ?? businessToday(), '09:00')!)
        const { outboxIds } = await startOnboarding(c.var.db, c.env, s, person.id, startsAt, by())
        if (outboxIds.length) inBackground(c, deliverEach(c.var.db, c.env, outboxIds))
        return { ok: true, message: `${person.name} is added to your people.` }
      } catch (err) {
        const r = refused(err)
        return { ok: false, message: r.message, errors: r.errors, status: r.status }
      }
    },
    async updatePerson(fields): Promise<PortalPeopleResult> {
      const s = scope()
      const staffId = Number(fields.staffId)
      if (!Number.isInteger(staffId) || staffId <= 0)
        return { ok: false, message: 'Choose a person.', errors: { staffId: 'Choose a person' }, status: 404 }
      const parsed = staffPatch.safeParse({ role: fields.role ?? null, active: fields.active === 'on' })
      if (!parsed.success)
        return { ok: false, message: 'Please correct the marked fields.', errors: fieldErrors(parsed.error) }
      try {
        const person = await updateStaff(c.var.db, s, staffId, parsed.data)
        return { ok: true, message: `${person.name} is updated.` }
      } catch (err) {
        const r = refused(err)
        return { ok: false, message: r.message, errors: r.errors, status: r.status }
      }
    },
    async startDeparture(fields): Promise<PortalPeopleResult> {
      const s = scope()
      const leavesAt = slotInstant(fields.leaveDate, fields.leaveTime)
      const parsed = offboardingInput.safeParse({
        staffId: Number(fields.staffId) || fields.staffId,
        leavesAt: leavesAt ?? '',
      })
      if (!parsed.success || !leavesAt) {
        const errors = parsed.success ? {} : fieldErrors(parsed.error)
        if (errors.leavesAt || !leavesAt) {
          delete errors.leavesAt
          errors.leaveDate = 'Give the day and time they leave'
        }
        return { ok: false, message: 'Please correct the marked fields.', errors }
      }
      try {
        const run = await startOffboarding(c.var.db, s, s.clientId, parsed.data, by())
        return {
          ok: true,
          message: `The departure of ${run.name} is started: we will work through the checklist.`,
          runHref: `/portal/people/runs/${run.id}`,
        }
      } catch (err) {
        const r = refused(err)
        return { ok: false, message: r.message, errors: r.errors, status: r.status }
      }
    },
  }
}

const pdfHeaders = (filename: string, sha256: string) => ({
  'Content-Type': 'application/pdf',
  'Content-Disposition': `attachment; filename="${filename}"`,
  'Cache-Control': 'private, no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Content-SHA256': sha256,
})

/** GET /portal/people/runs/{id}/pdf and /portal/people/training/{YYYY}.pdf: the contact's own client's only. */
export const portalPeopleFiles = new Hono<AppEnv>()
  .get('/people/runs/:id/pdf', async (c) => {
    const contact = c.var.contact
    if (!contact) throw unauthorized()
    const pdf = await runPdfFor(c.var.db, c.env, { clientId: contact.clientId }, parseId(c.req.param('id')))
    return c.body(pdf.bytes as Uint8Array<ArrayBuffer>, 200, pdfHeaders(pdf.filename, pdf.sha256))
  })
  .get('/people/training/:file', async (c) => {
    const contact = c.var.contact
    if (!contact) throw unauthorized()
    const match = /^(\d{4})\.pdf$/.exec(c.req.param('file'))
    if (!match) throw notFound()
    const pdf = await trainingRecordsPdfFor(
      c.var.db,
      c.env,
      { clientId: contact.clientId },
      contact.clientId,
      Number(match[1]),
    )
    return c.body(pdf.bytes as Uint8Array<ArrayBuffer>, 200, pdfHeaders(pdf.filename, pdf.sha256))
  })
