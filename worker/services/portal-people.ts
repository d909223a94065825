// The clinic's people in the portal (issue 55), /portal/people and
// /portal/people/runs/{id}: the roster with each person's training this year,
// arrivals and departures, every read and action scoped to the contact's
// client (services/people): another client's person or run is NotFound,
// exactly like one that does not exist. Words and dates are made here.
import { formatBusinessDateTime } from '../../schema/business-time'
import { fieldErrors } from '../../schema/payloads'
import { RUN_KIND_LABELS } from '../../schema/people'
import { offboardingInput, staffInput, staffPatch } from '../../schema/people-payloads.server'
import { businessToday, formatCalendarDate, slotInstant } from '../../schema/slot-time'
import type { Db } from '../db'
import { deliverEach } from '../mail/outbox'
import { Conflict, DomainError, Invalid, NotFound } from './errors'
import { parseId } from './ids'
import { getRun, runsOfClient, startOffboarding, startOnboarding } from './people/runs'
import { createStaff, listStaff, type PeopleScope, updateStaff } from './people/staff'
import { completionOf, trainingRecords } from './people/training-records'

export type PortalPerson = {
  id: number
  name: string
  email: string
  role: string | null
  startDate: string | null
  leaveDate: string | null
  active: boolean
  /** "2 of 2 done", "1 overdue" ... */
  training: string
  overdue: boolean
}

export type PortalRunSummary = { id: number; name: string; kind: string; status: string; href: string }

export type PortalPeopleView = {
  year: number
  people: PortalPerson[]
  /** "2 of 3 done this year" */
  completion: string
  overdue: number
  runs: PortalRunSummary[]
}

export type PortalRunView = {
  id: number
  name: string
  kind: string
  when: string
  status: string
  steps: { id: number; title: string; done: string | null; late: boolean; note: string | null }[]
  pdfHref: string
}

export type PortalPeopleResult =
  | { ok: true; message: string; runHref?: string }
  | { ok: false; message: string; errors: Record<string, string>; status?: 400 | 404 | 409 }

/** A refused change as the pages answer it: its status, message and field errors. */
export function refusedWithStatus(err: unknown) {
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

const RECORD_WORDS = { done: 'done', pending: 'to do', overdue: 'overdue' } as const

function runStatus(run: Awaited<ReturnType<typeof getRun>>) {
  const open = run.steps.filter((s) => !s.doneAt).length
  if (run.completedAt) return `Completed ${formatBusinessDateTime(run.completedAt)}`
  return `${run.steps.length - open} of ${run.steps.length} steps done`
}

/**
 * The people pages for one contact of one client: `later` sends the mail of an
 * arrival after the answer. Another client's run is NotFound.
 */
export function portalPeople(
  db: Db,
  env: Env,
  contact: { clientId: number; name: string },
  later: (work: Promise<unknown>) => void,
) {
  const scope = (): PeopleScope & { clientId: number } => ({ clientId: contact.clientId })
  const by = () => `portal:${contact.name}`
  return {
    async view(): Promise<PortalPeopleView> {
      const s = scope()
      const year = Number(businessToday().slice(0, 4))
      const [people, records, runs] = await Promise.all([
        listStaff(db, s, s.clientId),
        trainingRecords(db, s, s.clientId, year),
        runsOfClient(db, s, s.clientId),
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
    async run(raw: string | undefined): Promise<PortalRunView> {
      let id: number
      try {
        id = parseId(raw)
      } catch {
        throw new NotFound('Run not found')
      }
      const r = await getRun(db, scope(), id)
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
    },
    async addPerson(fields: Record<string, string>): Promise<PortalPeopleResult> {
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
        const person = await createStaff(db, s, s.clientId, parsed.data)
        const startsAt = new Date(slotInstant(parsed.data.startDate ?? businessToday(), '09:00')!)
        const { outboxIds } = await startOnboarding(db, env, s, person.id, startsAt, by())
        if (outboxIds.length) later(deliverEach(db, env, outboxIds))
        return { ok: true, message: `${person.name} is added to your people.` }
      } catch (err) {
        const r = refusedWithStatus(err)
        return { ok: false, message: r.message, errors: r.errors, status: r.status }
      }
    },
    async updatePerson(fields: Record<string, string>): Promise<PortalPeopleResult> {
      const s = scope()
      const staffId = Number(fields.staffId)
      if (!Number.isInteger(staffId) || staffId <= 0)
        return { ok: false, message: 'Choose a person.', errors: { staffId: 'Choose a person' }, status: 404 }
      const parsed = staffPatch.safeParse({ role: fields.role ?? null, active: fields.active === 'on' })
      if (!parsed.success)
        return { ok: false, message: 'Please correct the marked fields.', errors: fieldErrors(parsed.error) }
      try {
        const person = await updateStaff(db, s, staffId, parsed.data)
        return { ok: true, message: `${person.name} is updated.` }
      } catch (err) {
        const r = refusedWithStatus(err)
        return { ok: false, message: r.message, errors: r.errors, status: r.status }
      }
    },
    async startDeparture(fields: Record<string, string>): Promise<PortalPeopleResult> {
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
        const run = await startOffboarding(db, s, s.clientId, parsed.data, by())
        return {
          ok: true,
          message: `The departure of ${run.name} is started: we will work through the checklist.`,
          runHref: `/portal/people/runs/${run.id}`,
        }
      } catch (err) {
        const r = refusedWithStatus(err)
        return { ok: false, message: r.message, errors: r.errors, status: r.status }
      }
    },
  }
}
