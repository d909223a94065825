// Onboarding and offboarding runs (issue 55, ADR 201). A departure is the
// client's checklist plus one "rotate" step per vault credential the person
// knew and one "collect" step per asset they hold, so no account outlives its
// owner unnoticed; each step records who did it and when, and a step done more
// than an hour after the leave time is late. An arrival is the onboarding
// checklist, and the client's standing training.
import { and, asc, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import { DEFAULT_TEMPLATES, LATE_AFTER_MS, type RunKind } from '../../../schema/people'
import { businessDate } from '../../../schema/slot-time'
import type { PeopleRun, RunStep } from '../../../schema/tables-people'
import type { Db } from '../../db'
import { tables } from '../../db'
import { Conflict, Invalid, NotFound } from '../errors'
import { clientInScope, type PeopleScope, personInScope } from './staff'
import { assignStandingTo } from './training'

const r = tables.peopleRuns
const st = tables.runSteps
const tpl = tables.runTemplates

/** A client's checklist of one kind: its own, else the default one. */
export async function templateOf(db: Db, clientId: number, kind: RunKind): Promise<string[]> {
  const [row] = await db
    .select({ steps: tpl.steps })
    .from(tpl)
    .where(and(eq(tpl.clientId, clientId), eq(tpl.kind, kind)))
    .orderBy(desc(tpl.id))
    .limit(1)
  return row ? row.steps : DEFAULT_TEMPLATES[kind]
}

export async function setTemplate(
  db: Db,
  scope: PeopleScope,
  clientId: number,
  kind: RunKind,
  steps: string[],
  now = new Date(),
) {
  await clientInScope(db, scope, clientId)
  await db.batch([
    db.delete(tpl).where(and(eq(tpl.clientId, clientId), eq(tpl.kind, kind))),
    db.insert(tpl).values({ clientId, kind, steps, updatedAt: now }),
  ])
  return steps
}

/** A departure's step done more than an hour after the leave time (an open step is not late yet: it is open). */
export const isLate = (run: Pick<PeopleRun, 'kind' | 'at'>, step: Pick<RunStep, 'doneAt'>) =>
  run.kind === 'offboarding' &&
  step.doneAt !== null &&
  step.doneAt.getTime() > run.at.getTime() + LATE_AFTER_MS

const stepView = (run: PeopleRun, step: RunStep) => ({
  id: step.id,
  title: step.title,
  kind: step.kind,
  credentialId: step.credentialId,
  assetId: step.assetId,
  doneAt: step.doneAt,
  doneBy: step.doneBy,
  note: step.note,
  late: isLate(run, step),
})
export type RunStepView = ReturnType<typeof stepView>

async function startRun(
  db: Db,
  scope: PeopleScope,
  staffId: number,
  kind: RunKind,
  at: Date,
  startedBy: string,
  now: Date,
) {
  const person = await personInScope(db, scope, staffId)
  const steps: {
    title: string
    kind: 'template' | 'rotate' | 'collect'
    credentialId?: string
    assetId?: number
  }[] = (await templateOf(db, person.clientId, kind)).map((title) => ({ title, kind: 'template' }))
  if (kind === 'offboarding') {
    const creds = await db
      .select({ id: tables.credentials.id, label: tables.credentials.label })
      .from(tables.credentials)
      .where(and(eq(tables.credentials.clientId, person.clientId), eq(tables.credentials.staffId, staffId)))
      .orderBy(sql`${tables.credentials.label} collate nocase`)
    const assets = await db
      .select({ id: tables.assets.id, name: tables.assets.name })
      .from(tables.assets)
      .where(
        and(
          eq(tables.assets.clientId, person.clientId),
          eq(tables.assets.staffId, staffId),
          sql`${tables.assets.status} <> 'retired'`,
        ),
      )
      .orderBy(sql`${tables.assets.name} collate nocase`)
    steps.push(
      ...creds.map((c) => ({
        title: `Rotate the password: ${c.label}`,
        kind: 'rotate' as const,
        credentialId: c.id,
      })),
      ...assets.map((x) => ({ title: `Collect: ${x.name}`, kind: 'collect' as const, assetId: x.id })),
    )
  }
  const [existing] = await db
    .select({ id: r.id })
    .from(r)
    .where(and(eq(r.staffId, staffId), eq(r.kind, kind)))
  if (existing)
    throw new Conflict(
      kind === 'offboarding'
        ? 'A departure is already started for this person'
        : 'This person already has an arrival',
      { staffId: 'Already started' },
    )
  const [run] = await db.insert(r).values({ staffId, kind, at, startedBy, createdAt: now }).returning()
  for (let i = 0; i < steps.length; i += 10) {
    await db.insert(st).values(
      steps.slice(i, i + 10).map((step, j) => ({
        runId: run!.id,
        position: i + j + 1,
        title: step.title,
        kind: step.kind,
        credentialId: step.credentialId ?? null,
        assetId: step.assetId ?? null,
      })),
    )
  }
  return { run: run!, person }
}

/** A departure: the person's leave date is set and the run starts (once per person). */
export async function startOffboarding(
  db: Db,
  scope: PeopleScope,
  clientId: number,
  input: { staffId: number; leavesAt: string },
  startedBy: string,
  now = new Date(),
) {
  await clientInScope(db, scope, clientId)
  const person = await personInScope(db, scope, input.staffId)
  if (person.clientId !== clientId)
    throw new Invalid({ staffId: "The person must be on this client's roster" })
  const at = new Date(input.leavesAt)
  const { run } = await startRun(db, scope, input.staffId, 'offboarding', at, startedBy, now)
  await db
    .update(tables.staff)
    .set({ leaveDate: businessDate(at), updatedAt: now })
    .where(eq(tables.staff.id, input.staffId))
  return getRun(db, scope, run.id)
}

/** An arrival: the onboarding run, and the client's standing training once the start date is reached. */
export async function startOnboarding(
  db: Db,
  env: Env,
  scope: PeopleScope,
  staffId: number,
  startsAt: Date,
  startedBy: string,
  now = new Date(),
) {
  const { run } = await startRun(db, scope, staffId, 'onboarding', startsAt, startedBy, now)
  const outboxIds = await assignStandingTo(db, env, staffId, now)
  return { run: await getRun(db, scope, run.id), outboxIds }
}

export async function runInScope(db: Db, scope: PeopleScope, runId: number) {
  const [row] = await db
    .select({ run: r, clientId: tables.staff.clientId, name: tables.staff.name })
    .from(r)
    .innerJoin(tables.staff, eq(tables.staff.id, r.staffId))
    .where(eq(r.id, runId))
  if (!row || (scope.clientId !== null && row.clientId !== scope.clientId)) throw new NotFound('No such run')
  return row
}

export async function getRun(db: Db, scope: PeopleScope, runId: number) {
  const { run, clientId, name } = await runInScope(db, scope, runId)
  const steps = await db.select().from(st).where(eq(st.runId, runId)).orderBy(asc(st.position))
  const views = steps.map((x) => stepView(run, x))
  return {
    id: run.id,
    kind: run.kind,
    staffId: run.staffId,
    name,
    clientId,
    leavesAt: run.kind === 'offboarding' ? run.at : null,
    startsAt: run.kind === 'onboarding' ? run.at : null,
    startedBy: run.startedBy,
    createdAt: run.createdAt,
    completedAt: run.completedAt,
    late: views.some((x) => x.late),
    steps: views,
  }
}
export type RunView = Awaited<ReturnType<typeof getRun>>

/** Marks a step done (once: who and when are the evidence); the run is complete with its last step. */
export async function completeStep(
  db: Db,
  scope: PeopleScope,
  stepId: number,
  input: { note: string | null },
  by: string,
  now = new Date(),
) {
  const [step] = await db.select().from(st).where(eq(st.id, stepId))
  if (!step) throw new NotFound('No such step')
  await runInScope(db, scope, step.runId)
  if (step.doneAt) throw new Conflict('This step is already done', { done: 'Already done' })
  await db
    .update(st)
    .set({ doneAt: now, doneBy: by, note: input.note })
    .where(and(eq(st.id, stepId), isNull(st.doneAt)))
  const [open] = await db
    .select({ n: sql<number>`count(*)` })
    .from(st)
    .where(and(eq(st.runId, step.runId), isNull(st.doneAt)))
  if (!open?.n)
    await db
      .update(r)
      .set({ completedAt: now })
      .where(and(eq(r.id, step.runId), isNull(r.completedAt)))
  return getRun(db, scope, step.runId)
}

/** A client's runs, open first then newest. */
export async function runsOfClient(db: Db, scope: PeopleScope, clientId: number) {
  await clientInScope(db, scope, clientId)
  const rows = await db
    .select({ id: r.id })
    .from(r)
    .innerJoin(tables.staff, eq(tables.staff.id, r.staffId))
    .where(eq(tables.staff.clientId, clientId))
    .orderBy(sql`${r.completedAt} is not null`, desc(r.id))
  return Promise.all(rows.map((x) => getRun(db, scope, x.id)))
}

/** Runs with a late step, for the compliance desk. */
export async function runsWithLateSteps(db: Db) {
  const rows = await db
    .selectDistinct({ id: r.id })
    .from(r)
    .innerJoin(st, eq(st.runId, r.id))
    .where(
      and(eq(r.kind, 'offboarding'), isNotNull(st.doneAt), sql`${st.doneAt} > ${r.at} + ${LATE_AFTER_MS}`),
    )
  return Promise.all(rows.map((x) => getRun(db, { clientId: null }, x.id)))
}

/** Runs completed in [from, to): the monthly report. */
export async function runsCompletedBetween(db: Db, clientId: number, from: Date, to: Date) {
  const rows = await db
    .select({ id: r.id, kind: r.kind, name: tables.staff.name, completedAt: r.completedAt })
    .from(r)
    .innerJoin(tables.staff, eq(tables.staff.id, r.staffId))
    .where(
      and(
        eq(tables.staff.clientId, clientId),
        sql`${r.completedAt} >= ${from.getTime()} and ${r.completedAt} < ${to.getTime()}`,
      ),
    )
  return rows
}
