// GraphQL for the clinic's people (issue 55): the roster, training modules,
// assignments and records, and onboarding and offboarding runs; the owner's
// only (builder.ts), on the same services and payload schemas as REST
// (worker/routes/people.ts), so both APIs answer the same field errors.
import { z } from 'zod'
import { rowId } from '../../schema/ids'
import { fieldErrors } from '../../schema/payloads'
import {
  assignmentInput,
  offboardingInput,
  staffInput,
  staffPatch,
  stepPatch,
  templateInput,
  trainingInput,
  trainingPatch,
} from '../../schema/people-payloads.server'
import { businessToday, slotInstant } from '../../schema/slot-time'
import { deliverEach } from '../mail/outbox'
import { Invalid } from '../services/errors'
import {
  completeStep,
  getRun,
  type RunStepView,
  type RunView,
  runsOfClient,
  runsWithLateSteps,
  setTemplate,
  startOffboarding,
  startOnboarding,
  templateOf,
} from '../services/people/runs'
import {
  createStaff,
  listStaff,
  OWNER_SCOPE,
  type StaffView,
  staffView,
  updateStaff,
} from '../services/people/staff'
import {
  assignTraining,
  createTraining,
  getTraining,
  listTrainings,
  type TrainingView,
  trainingView,
  updateTraining,
} from '../services/people/training'
import {
  completionOf,
  type TrainingRecord,
  trainingDesk,
  trainingRecords,
} from '../services/people/training-records'
import { builder, withoutNulls } from './builder'
import { ClientRef } from './clients'

const thisYear = () => Number(businessToday().slice(0, 4))
const year = z
  .number()
  .int('Year must be a year (YYYY)')
  .min(2000, 'Year must be a year (YYYY)')
  .max(2100, 'Year must be a year (YYYY)')

const StaffRef = builder.objectRef<StaffView>('StaffMember').implement({
  description: "A person on a client's staff roster (not a portal contact, though one may be both).",
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id of the person.' }),
    clientId: t.exposeID('clientId', { description: 'Their client.' }),
    name: t.exposeString('name', { description: 'Name.' }),
    email: t.exposeString('email', { description: 'E-mail address (their training links go there).' }),
    role: t.exposeString('role', { nullable: true, description: 'Role at the practice.' }),
    startDate: t.exposeString('startDate', { nullable: true, description: 'Start date (YYYY-MM-DD).' }),
    leaveDate: t.exposeString('leaveDate', { nullable: true, description: 'Leave date (YYYY-MM-DD).' }),
    active: t.exposeBoolean('active', { description: 'Still working there.' }),
  }),
})

type Question = TrainingView['questions'][number]
const QuestionRef = builder.objectRef<Question>('TrainingQuestion').implement({
  description: 'A quiz question.',
  fields: (t) => ({
    prompt: t.exposeString('prompt', { description: 'The question.' }),
    choices: t.exposeStringList('choices', { description: 'The choices, in order.' }),
    answer: t.exposeInt('answer', { description: 'The right choice (from 0).' }),
  }),
})

const TrainingRef = builder.objectRef<TrainingView>('TrainingModule').implement({
  description: 'A training module: content, quiz, pass mark and version.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id of the module.' }),
    title: t.exposeString('title', { description: 'Title.' }),
    body: t.exposeString('body', { description: 'Content (Markdown).' }),
    questions: t.expose('questions', { type: [QuestionRef], description: 'The quiz.' }),
    passPercent: t.exposeInt('passPercent', { description: 'Pass mark in percent.' }),
    version: t.exposeInt('version', {
      description: 'Bumped when the title, content, quiz or pass mark change.',
    }),
    draft: t.exposeBoolean('draft', { description: 'A draft to be reviewed: it cannot be assigned.' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'Last change.' }),
  }),
})

const RecordRef = builder.objectRef<TrainingRecord>('TrainingRecord').implement({
  description: "One person's assignment of a year and its result.",
  fields: (t) => ({
    assignmentId: t.exposeID('assignmentId', { description: 'Id of the assignment.' }),
    staffId: t.exposeID('staffId', { description: 'The person.' }),
    name: t.exposeString('name', { description: "The person's name." }),
    trainingId: t.exposeID('trainingId', { description: 'The module.' }),
    title: t.exposeString('title', { description: "The module's title at that version." }),
    version: t.exposeInt('version', { description: 'The version assigned and taken.' }),
    dueDate: t.exposeString('dueDate', { description: 'Due date (YYYY-MM-DD).' }),
    completedAt: t.expose('completedAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When it was passed.',
    }),
    score: t.exposeInt('score', { nullable: true, description: 'The passing score in percent.' }),
    status: t.exposeString('status', { description: 'Done, pending or overdue.' }),
  }),
})

type Completion = ReturnType<typeof completionOf>
const CompletionRef = builder.objectRef<Completion>('TrainingCompletion').implement({
  description: "A client's training of a year in numbers.",
  fields: (t) => ({
    total: t.exposeInt('total', { description: 'Assignments.' }),
    done: t.exposeInt('done', { description: 'Passed.' }),
    overdue: t.exposeInt('overdue', { description: 'Past their due date and not passed.' }),
    percent: t.exposeInt('percent', { description: 'Done in percent (100 with none assigned).' }),
  }),
})

const StepRef = builder.objectRef<RunStepView>('RunStep').implement({
  description: 'One step of an onboarding or offboarding run.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id of the step.' }),
    title: t.exposeString('title', { description: 'What to do.' }),
    kind: t.exposeString('kind', {
      description: 'Template (a checklist step), rotate (a credential) or collect (an asset).',
    }),
    credentialId: t.exposeString('credentialId', {
      nullable: true,
      description: 'The credential to rotate.',
    }),
    assetId: t.exposeID('assetId', { nullable: true, description: 'The asset to collect.' }),
    doneAt: t.expose('doneAt', { type: 'DateTime', nullable: true, description: 'When it was done.' }),
    doneBy: t.exposeString('doneBy', { nullable: true, description: 'Who did it.' }),
    note: t.exposeString('note', { nullable: true, description: 'Note.' }),
    late: t.exposeBoolean('late', { description: 'Done more than 60 minutes after the leave time.' }),
  }),
})

const RunRef = builder.objectRef<RunView>('PeopleRun').implement({
  description: 'An onboarding or offboarding run of one person.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id of the run.' }),
    kind: t.exposeString('kind', { description: 'Onboarding or offboarding.' }),
    staffId: t.exposeID('staffId', { description: 'The person.' }),
    name: t.exposeString('name', { description: "The person's name." }),
    clientId: t.exposeID('clientId', { description: 'The client.' }),
    leavesAt: t.expose('leavesAt', { type: 'DateTime', nullable: true, description: 'The leave time.' }),
    startsAt: t.expose('startsAt', { type: 'DateTime', nullable: true, description: 'The start.' }),
    startedBy: t.exposeString('startedBy', { description: 'Who started it.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was started.' }),
    completedAt: t.expose('completedAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When its last step was done.',
    }),
    late: t.exposeBoolean('late', { description: 'Some step was late.' }),
    steps: t.expose('steps', { type: [StepRef], description: 'The steps in order.' }),
  }),
})

builder.objectFields(ClientRef, (t) => ({
  staff: t.field({
    type: [StaffRef],
    description: "The client's staff roster, active people first.",
    resolve: (client, _a, { db }) => listStaff(db, OWNER_SCOPE, client.id),
  }),
  trainingRecords: t.field({
    type: [RecordRef],
    description: "The client's training records of a year (default: this year).",
    args: { year: t.arg.int({ description: 'The year.' }).validate(year.nullish()) },
    resolve: (client, args, { db }) => trainingRecords(db, OWNER_SCOPE, client.id, args.year ?? thisYear()),
  }),
  trainingCompletion: t.field({
    type: CompletionRef,
    description: "The client's training completion of a year (default: this year).",
    args: { year: t.arg.int({ description: 'The year.' }).validate(year.nullish()) },
    resolve: async (client, args, { db }) =>
      completionOf(await trainingRecords(db, OWNER_SCOPE, client.id, args.year ?? thisYear())),
  }),
  peopleRuns: t.field({
    type: [RunRef],
    description: "The client's onboarding and offboarding runs, open ones first.",
    resolve: (client, _a, { db }) => runsOfClient(db, OWNER_SCOPE, client.id),
  }),
  offboardingTemplate: t.stringList({
    description: "The client's departure checklist.",
    resolve: (client, _a, { db }) => templateOf(db, client.id, 'offboarding'),
  }),
  onboardingTemplate: t.stringList({
    description: "The client's arrival checklist.",
    resolve: (client, _a, { db }) => templateOf(db, client.id, 'onboarding'),
  }),
}))

builder.queryField('trainings', (t) =>
  t.field({
    type: [TrainingRef],
    description: 'The training modules.',
    resolve: (_r, _a, { db }) => listTrainings(db),
  }),
)
builder.queryField('training', (t) =>
  t.field({
    type: TrainingRef,
    description: 'One training module.',
    args: { id: t.arg.id({ required: true, description: 'Id of the module.' }).validate(rowId) },
    resolve: async (_r, args, { db }) => trainingView(await getTraining(db, args.id)),
  }),
)
builder.queryField('peopleRun', (t) =>
  t.field({
    type: RunRef,
    description: 'One onboarding or offboarding run.',
    args: { id: t.arg.id({ required: true, description: 'Id of the run.' }).validate(rowId) },
    resolve: (_r, args, { db }) => getRun(db, OWNER_SCOPE, args.id),
  }),
)

type Desk = Awaited<ReturnType<typeof trainingDesk>>
const DeskClientRef = builder.objectRef<Desk['clients'][number]>('TrainingDeskClient').implement({
  description: "A client's training completion on the desk.",
  fields: (t) => ({
    clientId: t.exposeID('clientId', { description: 'The client.' }),
    clientName: t.exposeString('clientName', { description: "The client's name." }),
    total: t.exposeInt('total', { description: 'Assignments.' }),
    done: t.exposeInt('done', { description: 'Passed.' }),
    overdue: t.exposeInt('overdue', { description: 'Overdue.' }),
    percent: t.exposeInt('percent', { description: 'Done in percent.' }),
  }),
})
const DeskOverdueRef = builder.objectRef<Desk['overdue'][number]>('TrainingDeskOverdue').implement({
  description: 'A person whose training is overdue.',
  fields: (t) => ({
    assignmentId: t.exposeID('assignmentId', { description: 'The assignment.' }),
    clientId: t.exposeID('clientId', { description: 'The client.' }),
    clientName: t.exposeString('clientName', { description: "The client's name." }),
    staffId: t.exposeID('staffId', { description: 'The person.' }),
    name: t.exposeString('name', { description: "The person's name." }),
    title: t.exposeString('title', { description: 'The module.' }),
    dueDate: t.exposeString('dueDate', { description: 'Due date (YYYY-MM-DD).' }),
  }),
})
const PeopleDeskRef = builder.objectRef<Desk & { lateRuns: RunView[] }>('PeopleDesk').implement({
  description: "The compliance desk's view of the clinics' people.",
  fields: (t) => ({
    clients: t.expose('clients', {
      type: [DeskClientRef],
      description: 'Clients with training this year, lowest completion first.',
    }),
    overdue: t.expose('overdue', { type: [DeskOverdueRef], description: 'Overdue people.' }),
    lateRuns: t.expose('lateRuns', { type: [RunRef], description: 'Departures with a late step.' }),
  }),
})
builder.queryField('peopleDesk', (t) =>
  t.field({
    type: PeopleDeskRef,
    description: "Training completion by client, overdue people and late departures (this year's).",
    resolve: async (_r, _a, { db }) => ({
      ...(await trainingDesk(db, thisYear())),
      lateRuns: await runsWithLateSteps(db),
    }),
  }),
)

const StaffInputRef = builder
  .inputType('StaffInput', {
    description: 'A new person; name and e-mail are required (checked by the server).',
    fields: (t) => ({
      name: t.string({ description: 'Name.' }),
      email: t.string({ description: 'E-mail address.' }),
      role: t.string({ description: 'Role.' }),
      startDate: t.string({ description: 'Start date (YYYY-MM-DD).' }),
    }),
  })
  .validate(withoutNulls(staffInput))
const StaffPatchRef = builder
  .inputType('StaffPatch', {
    description: 'Changes to a person; null clears role or a date.',
    fields: (t) => ({
      name: t.string({ description: 'Name.' }),
      email: t.string({ description: 'E-mail address.' }),
      role: t.string({ description: 'Role.' }),
      startDate: t.string({ description: 'Start date (YYYY-MM-DD).' }),
      leaveDate: t.string({ description: 'Leave date (YYYY-MM-DD).' }),
      active: t.boolean({ description: 'Still working there.' }),
    }),
  })
  .validate(withoutNulls(staffPatch, ['role', 'startDate', 'leaveDate']))

builder.mutationField('addStaff', (t) =>
  t.field({
    type: StaffRef,
    description:
      "Adds a person to a client's roster: an arrival (its run starts; standing training is assigned).",
    args: {
      clientId: t.arg.id({ required: true, description: 'The client.' }).validate(rowId),
      input: t.arg({ type: StaffInputRef, required: true, description: 'The person.' }),
    },
    resolve: async (_r, args, { db, env, later }) => {
      const input = args.input as z.output<typeof staffInput>
      const person = await createStaff(db, OWNER_SCOPE, args.clientId, input)
      const startsAt = new Date(slotInstant(input.startDate ?? businessToday(), '09:00')!)
      const { outboxIds } = await startOnboarding(db, env, OWNER_SCOPE, person.id, startsAt, 'owner')
      if (outboxIds.length) later(deliverEach(db, env, outboxIds))
      return staffView(person)
    },
  }),
)
builder.mutationField('updateStaff', (t) =>
  t.field({
    type: StaffRef,
    description: 'Changes a person.',
    args: {
      id: t.arg.id({ required: true, description: 'Id of the person.' }).validate(rowId),
      input: t.arg({ type: StaffPatchRef, required: true, description: 'The changes.' }),
    },
    resolve: async (_r, args, { db }) =>
      staffView(await updateStaff(db, OWNER_SCOPE, args.id, args.input as z.output<typeof staffPatch>)),
  }),
)

const QuestionInputRef = builder.inputType('TrainingQuestionInput', {
  description: 'A quiz question.',
  fields: (t) => ({
    prompt: t.string({ required: true, description: 'The question.' }),
    choices: t.stringList({ required: true, description: 'The choices (2 to 8).' }),
    answer: t.int({ required: true, description: 'The right choice (from 0).' }),
  }),
})
const TrainingInputRef = builder
  .inputType('TrainingInput', {
    description: 'A new module; title, content and quiz are required (checked by the server).',
    fields: (t) => ({
      title: t.string({ description: 'Title.' }),
      body: t.string({ description: 'Content (Markdown).' }),
      questions: t.field({ type: [QuestionInputRef], description: 'The quiz.' }),
      passPercent: t.int({ description: 'Pass mark in percent (default 80).' }),
      draft: t.boolean({ description: 'Keep it as a draft to be reviewed.' }),
    }),
  })
  .validate(withoutNulls(trainingInput))
const TrainingPatchRef = builder
  .inputType('TrainingPatch', {
    description: "A module's changes; a change of title, content, quiz or pass mark makes a new version.",
    fields: (t) => ({
      title: t.string({ description: 'Title.' }),
      body: t.string({ description: 'Content (Markdown).' }),
      questions: t.field({ type: [QuestionInputRef], description: 'The quiz.' }),
      passPercent: t.int({ description: 'Pass mark in percent.' }),
      draft: t.boolean({ description: 'A draft to be reviewed (false publishes it).' }),
    }),
  })
  .validate(withoutNulls(trainingPatch))

builder.mutationField('createTraining', (t) =>
  t.field({
    type: TrainingRef,
    description: 'Creates a training module (version 1).',
    args: { input: t.arg({ type: TrainingInputRef, required: true, description: 'The module.' }) },
    resolve: (_r, args, { db }) => createTraining(db, args.input as z.output<typeof trainingInput>),
  }),
)
builder.mutationField('updateTraining', (t) =>
  t.field({
    type: TrainingRef,
    description: 'Changes a module.',
    args: {
      id: t.arg.id({ required: true, description: 'Id of the module.' }).validate(rowId),
      input: t.arg({ type: TrainingPatchRef, required: true, description: 'The changes.' }),
    },
    resolve: (_r, args, { db }) => updateTraining(db, args.id, args.input as z.output<typeof trainingPatch>),
  }),
)

const AssignInputRef = builder
  .inputType('TrainingAssignInput', {
    description:
      "Whom to assign a module to: a client's active people (all, or the chosen ones), and by when.",
    fields: (t) => ({
      clientId: t.int({ description: 'The client.' }),
      staffIds: t.intList({
        description: 'The chosen people; none: everyone (and the module becomes standing).',
      }),
      dueDate: t.string({ description: 'Due date (YYYY-MM-DD).' }),
    }),
  })
  .validate(withoutNulls(assignmentInput))
builder.mutationField('assignTraining', (t) =>
  t.int({
    description:
      'Assigns a module; answers how many were newly assigned (never the same module, version and person twice a year).',
    args: {
      id: t.arg.id({ required: true, description: 'Id of the module.' }).validate(rowId),
      input: t.arg({ type: AssignInputRef, required: true, description: 'Whom and by when.' }),
    },
    resolve: async (_r, args, { db, env, later }) => {
      const r = await assignTraining(
        db,
        env,
        OWNER_SCOPE,
        args.id,
        args.input as z.output<typeof assignmentInput>,
      )
      if (r.outboxIds.length) later(deliverEach(db, env, r.outboxIds))
      return r.assigned
    },
  }),
)

builder.mutationField('startOffboarding', (t) =>
  t.field({
    type: RunRef,
    description:
      "Starts a person's departure: the checklist, a rotate step per credential and a collect step per asset of theirs.",
    args: {
      clientId: t.arg.id({ required: true, description: 'The client.' }).validate(rowId),
      staffId: t.arg.int({ required: true, description: 'The person.' }),
      leavesAt: t.arg.string({ required: true, description: 'The leave time (ISO 8601).' }),
    },
    resolve: (_r, args, { db }) => {
      const input = offboardingInput.safeParse({ staffId: args.staffId, leavesAt: args.leavesAt })
      if (!input.success) throw new Invalid(fieldErrors(input.error))
      return startOffboarding(db, OWNER_SCOPE, args.clientId, input.data, 'owner')
    },
  }),
)
builder.mutationField('completeRunStep', (t) =>
  t.field({
    type: RunRef,
    description: 'Marks a step done (once), with an optional note.',
    args: {
      id: t.arg.id({ required: true, description: 'Id of the step.' }).validate(rowId),
      note: t.arg.string({ description: 'A note.' }).validate(stepPatch.shape.note),
    },
    resolve: (_r, args, { db }) =>
      completeStep(db, OWNER_SCOPE, args.id, { note: args.note ?? null }, 'owner'),
  }),
)
builder.mutationField('setRunTemplate', (t) =>
  t.stringList({
    description: "Replaces a client's arrival (onboarding) or departure (offboarding) checklist.",
    args: {
      clientId: t.arg.id({ required: true, description: 'The client.' }).validate(rowId),
      kind: t.arg
        .string({ required: true, description: 'Onboarding or offboarding.' })
        .validate(z.enum(['onboarding', 'offboarding'], { error: 'Kind must be onboarding or offboarding' })),
      steps: t.arg
        .stringList({ required: true, description: 'The steps in order.' })
        .validate(templateInput.shape.steps),
    },
    resolve: (_r, args, { db }) =>
      setTemplate(
        db,
        OWNER_SCOPE,
        args.clientId,
        args.kind as 'onboarding' | 'offboarding',
        args.steps as string[],
      ),
  }),
)
