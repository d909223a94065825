// GraphQL for recurring maintenance (issue 40): the admin's Maintenance area
// and a client's maintenance section read and write through these fields,
// which call the same services as REST (worker/routes/maintenance.ts) with the
// same payload schemas. Evidence files go up through REST (multipart).
import { rowId } from '../../schema/ids'
import {
  generateInput,
  scheduleInput,
  schedulePatch,
  taskPatch,
  taskTimeInput,
} from '../../schema/maintenance-payloads.server'
import { MAINTENANCE_TEMPLATES, type MaintenanceTemplate } from '../../schema/maintenance-templates'
import {
  createSchedule,
  deleteSchedule,
  generateTasks,
  listSchedules,
  type ScheduleView,
  updateSchedule,
} from '../services/maintenance'
import {
  getTask,
  listTasks,
  logTaskTime,
  type TaskFileView,
  type TaskItemView,
  type TaskView,
  taskFiles,
  updateTask,
} from '../services/maintenance-tasks'
import { builder, somethingToChange, withoutNulls } from './builder'
import { MaintenanceFreqEnum, MaintenanceScheduleStatusEnum, MaintenanceTaskStatusEnum } from './enums'

type RecurrenceView = ScheduleView['recurrence']

const RecurrenceRef = builder.objectRef<RecurrenceView>('MaintenanceRecurrence').implement({
  description: 'When a schedule falls due (an RFC 5545 rule underneath).',
  fields: (t) => ({
    freq: t.expose('freq', { type: MaintenanceFreqEnum, description: 'How often.' }),
    interval: t.exposeInt('interval', { description: 'Every how many weeks, months, quarters or years.' }),
    byMonthDay: t.exposeInt('byMonthDay', {
      nullable: true,
      description: "Day of the month (past a month's end: its last day).",
    }),
    byWeekday: t.exposeString('byWeekday', {
      nullable: true,
      description: 'TU (weekly) or 2TU / -1FR (the Nth weekday of the month).',
    }),
  }),
})

const ScheduleRef = builder.objectRef<ScheduleView>('MaintenanceSchedule').implement({
  description: 'Recurring maintenance for a client: a checklist on a recurrence.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id of the schedule.' }),
    clientId: t.exposeID('clientId', { description: 'The client.' }),
    clientName: t.exposeString('clientName', { description: "The client's name." }),
    title: t.exposeString('title', { description: 'Title.' }),
    checklist: t.exposeStringList('checklist', { description: 'The checklist copied into each task.' }),
    recurrence: t.field({
      type: RecurrenceRef,
      description: 'When it falls due.',
      resolve: (s) => s.recurrence,
    }),
    rrule: t.exposeString('rrule', { description: 'The RFC 5545 rule.' }),
    startDate: t.exposeString('startDate', { description: 'First possible due date (YYYY-MM-DD).' }),
    estimatedMinutes: t.exposeInt('estimatedMinutes', { nullable: true, description: 'Estimated minutes.' }),
    templateKey: t.exposeString('templateKey', {
      nullable: true,
      description: 'The template it started from.',
    }),
    status: t.expose('status', { type: MaintenanceScheduleStatusEnum, description: 'Active or paused.' }),
    assetIds: t.field({
      type: ['ID'],
      description: 'Linked assets.',
      resolve: (s) => s.assetIds.map(String),
    }),
    nextDueDates: t.exposeStringList('nextDueDates', {
      description: 'The next three due dates (YYYY-MM-DD); none while paused.',
    }),
  }),
})

const TaskItemRef = builder.objectRef<TaskItemView>('MaintenanceTaskItem').implement({
  description: 'One checklist item of a task.',
  fields: (t) => ({
    position: t.exposeInt('position', { description: 'Its place in the checklist, from 0.' }),
    label: t.exposeString('label', { description: 'What to do.' }),
    done: t.exposeBoolean('done', { description: 'Ticked.' }),
    note: t.exposeString('note', { nullable: true, description: "The owner's note." }),
  }),
})

const TaskFileRef = builder.objectRef<TaskFileView>('MaintenanceTaskFile').implement({
  description: 'Evidence kept for a task (R2).',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id of the file.' }),
    name: t.exposeString('name', { description: 'File name.' }),
    type: t.exposeString('type', { description: 'MIME type (sniffed at upload).' }),
    size: t.exposeInt('size', { description: 'Bytes.' }),
  }),
})

const TaskRef = builder.objectRef<TaskView>('MaintenanceTask').implement({
  description: 'One occurrence of a schedule.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id of the task.' }),
    scheduleId: t.exposeID('scheduleId', {
      nullable: true,
      description: 'Its schedule (null once deleted).',
    }),
    clientId: t.exposeID('clientId', { description: 'The client.' }),
    clientName: t.exposeString('clientName', { description: "The client's name." }),
    title: t.exposeString('title', { description: 'Title.' }),
    dueDate: t.exposeString('dueDate', { description: 'Due date (YYYY-MM-DD, business time zone).' }),
    status: t.expose('status', { type: MaintenanceTaskStatusEnum, description: 'Open, overdue or done.' }),
    estimatedMinutes: t.exposeInt('estimatedMinutes', { nullable: true, description: 'Estimated minutes.' }),
    items: t.field({ type: [TaskItemRef], description: 'The checklist.', resolve: (k) => k.items }),
    evidenceCount: t.exposeInt('evidenceCount', { description: 'Evidence files.' }),
    minutesLogged: t.exposeInt('minutesLogged', { description: 'Minutes of time logged on it.' }),
    files: t.field({
      type: [TaskFileRef],
      description: 'The evidence files.',
      resolve: (k, _a, { db }) => taskFiles(db, k.id),
    }),
  }),
})

const TemplateRef = builder.objectRef<MaintenanceTemplate>('MaintenanceTemplate').implement({
  description: 'A seeded template a schedule can start from.',
  fields: (t) => ({
    key: t.exposeString('key', { description: 'Its key.' }),
    title: t.exposeString('title', { description: 'Title.' }),
    freq: t.expose('freq', { type: MaintenanceFreqEnum, description: 'How often.' }),
    estimatedMinutes: t.exposeInt('estimatedMinutes', { description: 'Estimated minutes.' }),
    checklist: t.exposeStringList('checklist', { description: 'The checklist.' }),
  }),
})

const RecurrenceInput = builder.inputType('MaintenanceRecurrenceInput', {
  description: 'When a schedule falls due.',
  fields: (t) => ({
    freq: t.field({ type: MaintenanceFreqEnum, required: true, description: 'How often.' }),
    interval: t.int({ description: 'Every how many (default 1).' }),
    byMonthDay: t.int({ description: "Day of the month, 1-31 (past a month's end: its last day)." }),
    byWeekday: t.string({ description: 'TU (weekly) or 2TU / -1FR (the Nth weekday of the month).' }),
  }),
})

const scheduleFields = (required: boolean) =>
  builder.inputType(required ? 'MaintenanceScheduleInput' : 'MaintenanceSchedulePatchInput', {
    description: required ? 'A new maintenance schedule.' : 'The fields of a schedule to change.',
    fields: (t) => ({
      ...(required ? { clientId: t.id({ required: true, description: 'The client.' }) } : {}),
      title: t.string({ required, description: 'Title.' }),
      checklist: t.stringList({ required, description: 'The checklist, in order.' }),
      recurrence: t.field({ type: RecurrenceInput, required, description: 'When it falls due.' }),
      startDate: t.string({ required, description: 'First possible due date (YYYY-MM-DD).' }),
      estimatedMinutes: t.int({ description: 'Estimated minutes.' }),
      assetIds: t.idList({ description: 'Linked assets (replace them).' }),
      templateKey: t.string({ description: 'The template it started from.' }),
      ...(required
        ? {}
        : { status: t.field({ type: MaintenanceScheduleStatusEnum, description: 'Active or paused.' }) }),
    }),
  })

const ScheduleInput = scheduleFields(true).validate(withoutNulls(scheduleInput))
const SchedulePatchInput = scheduleFields(false).validate(somethingToChange(withoutNulls(schedulePatch)))

const TaskItemInput = builder.inputType('MaintenanceTaskItemInput', {
  description: 'One checklist item: ticked or not, with a note.',
  fields: (t) => ({
    done: t.boolean({ required: true, description: 'Ticked.' }),
    note: t.string({ description: 'A note; empty clears it, absent keeps it.' }),
  }),
})

const TaskPatchInput = builder
  .inputType('MaintenanceTaskPatchInput', {
    description: 'Ticks and notes of a task, and done.',
    fields: (t) => ({
      items: t.field({ type: [TaskItemInput], description: 'Items in checklist order.' }),
      status: t.field({ type: MaintenanceTaskStatusEnum, description: 'DONE closes the task.' }),
    }),
  })
  .validate(somethingToChange(withoutNulls(taskPatch)))

const TaskTimeInput = builder
  .inputType('MaintenanceTaskTimeInput', {
    description: 'Time logged on a task.',
    fields: (t) => ({
      minutes: t.int({ required: true, description: 'Minutes.' }),
      description: t.string({ description: 'What was done (default: the task).' }),
      date: t.string({ description: 'YYYY-MM-DD (default today).' }),
    }),
  })
  .validate(withoutNulls(taskTimeInput))

builder.queryField('maintenanceTemplates', (t) =>
  t.field({
    type: [TemplateRef],
    description: 'The seeded templates a schedule can start from.',
    resolve: () => [...MAINTENANCE_TEMPLATES],
  }),
)

builder.queryField('maintenanceSchedules', (t) =>
  t.field({
    type: [ScheduleRef],
    description: 'Maintenance schedules, of one client or all.',
    args: { clientId: t.arg.id({ description: 'Only this client.' }) },
    resolve: (_r, args, { db }) =>
      listSchedules(db, { clientId: args.clientId ? Number(args.clientId) : undefined }),
  }),
)

builder.queryField('maintenanceTasks', (t) =>
  t.field({
    type: [TaskRef],
    description: 'Maintenance tasks by due date.',
    args: {
      clientId: t.arg.id({ description: 'Only this client.' }),
      status: t.arg({ type: MaintenanceTaskStatusEnum, description: 'Open, overdue or done.' }),
    },
    resolve: (_r, args, { db }) =>
      listTasks(db, {
        clientId: args.clientId ? Number(args.clientId) : undefined,
        status: (args.status ?? undefined) as TaskView['status'] | undefined,
      }),
  }),
)

builder.queryField('maintenanceTask', (t) =>
  t.field({
    type: TaskRef,
    description: 'One maintenance task.',
    args: { id: t.arg.id({ required: true, description: 'Id of the task.' }).validate(rowId) },
    resolve: (_r, args, { db }) => getTask(db, args.id),
  }),
)

builder.mutationField('createMaintenanceSchedule', (t) =>
  t.field({
    type: ScheduleRef,
    description: 'Creates a schedule; it answers its next three due dates.',
    args: { input: t.arg({ type: ScheduleInput, required: true, description: 'The schedule.' }) },
    resolve: (_r, args, { db }) => createSchedule(db, args.input),
  }),
)

builder.mutationField('updateMaintenanceSchedule', (t) =>
  t.field({
    type: ScheduleRef,
    description: 'Changes or pauses a schedule; tasks already made keep their checklist.',
    args: {
      id: t.arg.id({ required: true, description: 'Id of the schedule.' }).validate(rowId),
      input: t.arg({ type: SchedulePatchInput, required: true, description: 'The fields to change.' }),
    },
    resolve: (_r, args, { db }) => updateSchedule(db, args.id, args.input),
  }),
)

builder.mutationField('deleteMaintenanceSchedule', (t) =>
  t.field({
    type: 'Boolean',
    description: 'Deletes a schedule and its untouched open tasks; done tasks stay.',
    args: { id: t.arg.id({ required: true, description: 'Id of the schedule.' }).validate(rowId) },
    resolve: async (_r, args, { db }) => {
      await deleteSchedule(db, args.id)
      return true
    },
  }),
)

builder.mutationField('generateMaintenanceTasks', (t) =>
  t.field({
    type: 'Int',
    description: 'Makes the tasks due up to `until`, each once; answers how many were made.',
    args: {
      until: t.arg.string({ required: true, description: 'YYYY-MM-DD.' }).validate(generateInput.shape.until),
    },
    resolve: async (_r, args, { db }) => (await generateTasks(db, args.until)).created,
  }),
)

builder.mutationField('updateMaintenanceTask', (t) =>
  t.field({
    type: TaskRef,
    description: 'Ticks items with notes; DONE closes the task once every item is ticked.',
    args: {
      id: t.arg.id({ required: true, description: 'Id of the task.' }).validate(rowId),
      input: t.arg({ type: TaskPatchInput, required: true, description: 'Ticks, notes, done.' }),
    },
    resolve: (_r, args, { db }) => updateTask(db, args.id, args.input),
  }),
)

builder.mutationField('logMaintenanceTime', (t) =>
  t.field({
    type: TaskRef,
    description: "Logs time on a task: a time entry for its client, counted against the client's plan.",
    args: {
      id: t.arg.id({ required: true, description: 'Id of the task.' }).validate(rowId),
      input: t.arg({ type: TaskTimeInput, required: true, description: 'The time.' }),
    },
    resolve: async (_r, args, { db, env }) => {
      await logTaskTime(db, env, args.id, args.input)
      return getTask(db, args.id)
    },
  }),
)
