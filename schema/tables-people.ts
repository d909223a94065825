// The clinic's people (issue 55, docs/people.md): a staff roster per client,
// HIPAA workforce training with records kept append-only, and onboarding and
// offboarding runs. Only `staff`, `standing_trainings` and `run_templates`
// name a client: everything else follows its person, so merging two clients
// (which moves the person) never has to rewrite a training record.
import { sql } from 'drizzle-orm'
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import type { RunKind, StepKind, TrainingQuestion, TrainingStatus } from './people'
import { clients } from './tables-clients'

const createdAt = integer('created_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch() * 1000)`)
const updatedAt = integer('updated_at', { mode: 'timestamp_ms' })
  .notNull()
  .default(sql`(unixepoch() * 1000)`)
  .$onUpdate(() => new Date())

/** A person working at a client (not a portal contact, though a contact may also be staff). */
export const staff = sqliteTable(
  'staff',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    name: text('name').notNull(),
    // Lower case; one person per address within a client (checked by the service: a merge may bring two).
    email: text('email').notNull(),
    role: text('role'),
    // YYYY-MM-DD in business time.
    startDate: text('start_date'),
    leaveDate: text('leave_date'),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    createdAt,
    updatedAt,
  },
  (t) => [index('staff_client_idx').on(t.clientId, t.active)],
)
export type Staff = typeof staff.$inferSelect

/** A training module: its current content; each version is kept in training_versions. */
export const trainings = sqliteTable('trainings', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  title: text('title').notNull(),
  body: text('body').notNull(),
  questions: text('questions', { mode: 'json' }).$type<TrainingQuestion[]>().notNull(),
  passPercent: integer('pass_percent').notNull().default(80),
  version: integer('version').notNull().default(1),
  // 'draft' (to be reviewed before it is assigned) | 'published'
  status: text('status').$type<TrainingStatus>().notNull().default('published'),
  createdAt,
  updatedAt,
})
export type Training = typeof trainings.$inferSelect

/** Each version of a module as it was: an assignment shows, and a record names, its own version. */
export const trainingVersions = sqliteTable(
  'training_versions',
  {
    trainingId: integer('training_id')
      .notNull()
      .references(() => trainings.id),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    questions: text('questions', { mode: 'json' }).$type<TrainingQuestion[]>().notNull(),
    passPercent: integer('pass_percent').notNull(),
    createdAt,
  },
  (t) => [primaryKey({ columns: [t.trainingId, t.version] })],
)

/** A client's standing modules: every new person gets them on their start date, and again each year. */
export const standingTrainings = sqliteTable(
  'standing_trainings',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    trainingId: integer('training_id')
      .notNull()
      .references(() => trainings.id),
    createdAt,
  },
  (t) => [index('standing_trainings_client_idx').on(t.clientId, t.trainingId)],
)

/**
 * One module (at one version) to do by one person. `cycle` is the year the
 * round was assigned in: assigning the same module and version to the same
 * person again that year is nothing (the unique index), the anniversary
 * re-assignment is the next cycle.
 */
export const trainingAssignments = sqliteTable(
  'training_assignments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    trainingId: integer('training_id')
      .notNull()
      .references(() => trainings.id),
    version: integer('version').notNull(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    cycle: integer('cycle').notNull(),
    // YYYY-MM-DD in business time.
    dueDate: text('due_date').notNull(),
    assignedAt: integer('assigned_at', { mode: 'timestamp_ms' }).notNull(),
    // 'owner', 'portal', 'standing', 'yearly'
    source: text('source').notNull().default('owner'),
  },
  (t) => [
    uniqueIndex('training_assignments_once_idx').on(t.trainingId, t.version, t.staffId, t.cycle),
    index('training_assignments_staff_idx').on(t.staffId),
    index('training_assignments_due_idx').on(t.dueDate),
  ],
)
export type TrainingAssignment = typeof trainingAssignments.$inferSelect

/**
 * Every attempt at a quiz, as taken: append-only (migration 0034's triggers
 * refuse UPDATE and DELETE), so the records an auditor reads cannot be edited
 * and no retention purge can remove them (45 CFR 164.316(b)(2): six years).
 * One pass per assignment (the partial unique index).
 */
export const trainingCompletions = sqliteTable(
  'training_completions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    assignmentId: integer('assignment_id')
      .notNull()
      .references(() => trainingAssignments.id),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    trainingId: integer('training_id').notNull(),
    version: integer('version').notNull(),
    // Percent, 0-100.
    score: integer('score').notNull(),
    passed: integer('passed', { mode: 'boolean' }).notNull(),
    answers: text('answers', { mode: 'json' }).$type<number[]>().notNull(),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    uniqueIndex('training_completions_pass_idx').on(t.assignmentId).where(sql`passed = 1`),
    index('training_completions_staff_idx').on(t.staffId, t.at),
  ],
)
export type TrainingCompletion = typeof trainingCompletions.$inferSelect

/** A client's checklist for arrivals or departures: the steps every run of that kind starts with. */
export const runTemplates = sqliteTable(
  'run_templates',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    kind: text('kind').$type<RunKind>().notNull(),
    steps: text('steps', { mode: 'json' }).$type<string[]>().notNull(),
    updatedAt,
  },
  (t) => [index('run_templates_client_idx').on(t.clientId, t.kind)],
)

/** An onboarding or offboarding run of one person: at most one of each kind per person. */
export const peopleRuns = sqliteTable(
  'people_runs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    kind: text('kind').$type<RunKind>().notNull(),
    // The leave time (offboarding) or the start (onboarding).
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
    startedBy: text('started_by').notNull(),
    createdAt,
    completedAt: integer('completed_at', { mode: 'timestamp_ms' }),
  },
  (t) => [uniqueIndex('people_runs_once_idx').on(t.staffId, t.kind)],
)
export type PeopleRun = typeof peopleRuns.$inferSelect

/** One step of a run: who did it and when (a departure's step done over 60 minutes after the leave time is late). */
export const runSteps = sqliteTable(
  'run_steps',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    runId: integer('run_id')
      .notNull()
      .references(() => peopleRuns.id),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    kind: text('kind').$type<StepKind>().notNull(),
    credentialId: text('credential_id'),
    assetId: integer('asset_id'),
    doneAt: integer('done_at', { mode: 'timestamp_ms' }),
    doneBy: text('done_by'),
    note: text('note'),
  },
  (t) => [index('run_steps_run_idx').on(t.runId, t.position)],
)
export type RunStep = typeof runSteps.$inferSelect
