// GraphQL for issue 54: the scheduled jobs' board (the overview's "Background
// jobs" card) and the client monitors (the admin's Monitors area, a client's
// section, a monitor's page). Same services as REST (worker/routes/monitors.ts).
import { rowId } from '../../schema/ids'
import { JOBS } from '../../schema/jobs'
import { maintenanceWindowInput, monitorInput } from '../../schema/monitor-payloads.server'
import {
  JOB_STATE_LABELS,
  JOB_STATES,
  MONITOR_KIND_LABELS,
  MONITOR_KINDS,
  MONITOR_STATE_LABELS,
  type MonitorShownState,
} from '../../schema/monitors'
import type { Db, tables } from '../db'
import { type JobHealth, jobHealth } from '../services/jobs'
import {
  addMaintenanceWindow,
  type CheckRow,
  checkNow,
  createMonitor,
  deleteMaintenanceWindow,
  deleteMonitor,
  getMonitor,
  listMaintenanceWindows,
  listMonitors,
  type MonitorDetail,
  type MonitorSummary,
  type OutageRow,
  setPaused,
} from '../services/monitors'
import { responseChart } from '../services/monitors/chart'
import { builder, withoutNulls } from './builder'

const upper = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  Object.fromEntries(values.map((v) => [v.toUpperCase(), { value: v, description: labels[v] }])) as Record<
    string,
    { value: T; description: string }
  >

const JobStateEnum = builder.enumType('JobState', {
  description: "A scheduled job's health.",
  values: upper(JOB_STATES, JOB_STATE_LABELS),
})

const MonitorKindEnum = builder.enumType('MonitorKind', {
  description: 'What a monitor watches.',
  values: upper(MONITOR_KINDS, MONITOR_KIND_LABELS),
})

const SHOWN_STATES = ['pending', 'up', 'down', 'paused'] as const satisfies readonly MonitorShownState[]
const MonitorStateEnum = builder.enumType('MonitorState', {
  description: "A monitor's state.",
  values: upper(SHOWN_STATES, MONITOR_STATE_LABELS),
})

const JobRef = builder.objectRef<JobHealth>('Job').implement({
  description: "One of the site's scheduled jobs and its health.",
  fields: (t) => ({
    label: t.exposeString('label', { description: 'What the job does, in words.' }),
    lastError: t.exposeString('lastError', { nullable: true, description: 'Why it is failing or stalled.' }),
    lastOkAt: t.expose('lastOkAt', { type: 'DateTime', nullable: true, description: 'Its last success.' }),
    lastRunAt: t.expose('lastRunAt', { type: 'DateTime', nullable: true, description: 'Its last run.' }),
    name: t.exposeString('name', { description: 'Its key.' }),
    periodMinutes: t.exposeInt('periodMinutes', { description: 'How often it should succeed.' }),
    state: t.field({ type: JobStateEnum, description: 'Ok, failing or stalled.', resolve: (j) => j.state }),
  }),
})

const CheckRef = builder.objectRef<CheckRow>('MonitorCheck').implement({
  description: 'One check of a monitor.',
  fields: (t) => ({
    at: t.expose('at', { type: 'DateTime', description: 'When.' }),
    error: t.exposeString('error', { nullable: true, description: 'What went wrong.' }),
    ms: t.exposeInt('ms', { nullable: true, description: 'Response time in milliseconds.' }),
    ok: t.exposeBoolean('ok', { description: 'Whether it passed.' }),
    status: t.exposeInt('status', { nullable: true, description: 'The HTTP status.' }),
  }),
})

const OutageRef = builder.objectRef<OutageRow>('MonitorOutage').implement({
  description: 'A time a monitor was down.',
  fields: (t) => ({
    cause: t.exposeString('cause', { nullable: true, description: 'The failing check said.' }),
    endedAt: t.expose('endedAt', {
      type: 'DateTime',
      nullable: true,
      description: 'Up again; null while down.',
    }),
    id: t.exposeID('id', { description: 'Id of the outage.' }),
    requestId: t.exposeID('requestId', {
      nullable: true,
      description: 'The support request it opened or joined.',
    }),
    startedAt: t.expose('startedAt', { type: 'DateTime', description: 'The first failed check.' }),
  }),
})

const MonitorRef = builder.objectRef<MonitorSummary>('Monitor').implement({
  description: "A monitor of a client's IT.",
  fields: (t) => ({
    checks: t.field({
      type: [CheckRef],
      description: 'The newest checks, newest first.',
      resolve: async (m, _a, { db, env }) => (await detailOf(db, env, m.id)).checks,
    }),
    clientId: t.exposeID('clientId', { description: 'The client.' }),
    clientName: t.exposeString('clientName', { description: "The client's name." }),
    domain: t.exposeString('domain', { nullable: true, description: 'The domain watched.' }),
    expiresAt: t.expose('expiresAt', {
      type: 'DateTime',
      nullable: true,
      description: 'The certificate or domain registration ends.',
    }),
    heartbeatUrl: t.exposeString('heartbeatUrl', { nullable: true, description: "A heartbeat's push URL." }),
    id: t.exposeID('id', { description: 'Id of the monitor.' }),
    intervalMinutes: t.exposeInt('intervalMinutes', { description: 'Minutes between checks.' }),
    keyword: t.exposeString('keyword', { nullable: true, description: 'The text looked for.' }),
    keywordAbsent: t.exposeBoolean('keywordAbsent', { description: 'Whether the text must be absent.' }),
    kind: t.field({ type: MonitorKindEnum, description: 'What it watches.', resolve: (m) => m.kind }),
    lastCheckedAt: t.expose('lastCheckedAt', {
      type: 'DateTime',
      nullable: true,
      description: 'Its last check.',
    }),
    lastResponseMs: t.exposeInt('lastResponseMs', { nullable: true, description: 'Its last response time.' }),
    name: t.exposeString('name', { description: 'Its name.' }),
    outages: t.field({
      type: [OutageRef],
      description: 'Outages in 30 days, newest first.',
      resolve: async (m, _a, { db, env }) => (await detailOf(db, env, m.id)).outages,
    }),
    responseChartSvg: t.string({
      description: 'The response times of the newest checks as a small SVG, drawn on the server.',
      resolve: async (m, _a, { db, env }) => responseChart((await detailOf(db, env, m.id)).checks),
    }),
    state: t.field({ type: MonitorStateEnum, description: 'Its state.', resolve: (m) => m.state }),
    uptime30d: t.float({
      nullable: true,
      description: 'Percent of good checks in 30 days.',
      resolve: async (m, _a, { db, env }) => (await detailOf(db, env, m.id)).uptime30d,
    }),
    url: t.exposeString('url', { nullable: true, description: 'The address watched.' }),
  }),
})

/** The detail of a monitor, read once per request however many of its fields are asked. */
const details = new WeakMap<object, Map<number, Promise<MonitorDetail>>>()
function detailOf(db: Db, env: Env, id: number) {
  const perRequest = details.get(db) ?? new Map<number, Promise<MonitorDetail>>()
  details.set(db, perRequest)
  const found = perRequest.get(id) ?? getMonitor(db, env, id)
  perRequest.set(id, found)
  return found
}

const CheckResultRef = builder
  .objectRef<{ ok: boolean; status?: number; ms?: number; error?: string; state: MonitorShownState }>(
    'MonitorCheckResult',
  )
  .implement({
    description: 'What a check run now found.',
    fields: (t) => ({
      error: t.string({ nullable: true, description: 'What went wrong.', resolve: (r) => r.error ?? null }),
      ms: t.int({ nullable: true, description: 'Response time.', resolve: (r) => r.ms ?? null }),
      ok: t.exposeBoolean('ok', { description: 'Whether it passed.' }),
      state: t.field({ type: MonitorStateEnum, description: 'The state after it.', resolve: (r) => r.state }),
      status: t.int({ nullable: true, description: 'The HTTP status.', resolve: (r) => r.status ?? null }),
    }),
  })

builder.queryField('jobs', (t) =>
  t.field({
    type: [JobRef],
    description: "The site's scheduled jobs and their health.",
    resolve: (_r, _a, { db }) => jobHealth(db, JOBS, Date.now()),
  }),
)

builder.queryField('monitors', (t) =>
  t.field({
    type: [MonitorRef],
    description: 'Monitors of one client or all; down first.',
    args: { clientId: t.arg.id({ description: 'Only this client.' }).validate(rowId.optional()) },
    resolve: (_r, { clientId }, { db, env }) => listMonitors(db, env, clientId ?? undefined),
  }),
)

builder.queryField('monitor', (t) =>
  t.field({
    type: MonitorRef,
    description: 'One monitor.',
    args: { id: t.arg.id({ required: true, description: 'Id of the monitor.' }).validate(rowId) },
    resolve: (_r, { id }, { db, env }) => detailOf(db, env, id),
  }),
)

const MonitorInput = builder
  .inputType('MonitorInput', {
    description: 'A new monitor: kind, name and what it watches.',
    fields: (t) => ({
      clientId: t.id({ required: true, description: 'The client.' }),
      domain: t.string({ description: 'The domain (domain, or tls without a URL).' }),
      graceMinutes: t.int({ description: 'Heartbeat: minutes of grace after the interval (default 5).' }),
      intervalMinutes: t.int({
        description: 'Minutes between checks (default 5; a day for tls and domain).',
      }),
      keyword: t.string({ description: 'Keyword: the text looked for.' }),
      keywordAbsent: t.boolean({ description: 'Keyword: true when the text must be absent.' }),
      kind: t.field({ type: MonitorKindEnum, required: true, description: 'What it watches.' }),
      name: t.string({ required: true, description: 'Its name.' }),
      timeoutMs: t.int({ description: 'Milliseconds a check waits (default 10000).' }),
      url: t.string({ description: 'The address (http, keyword, tls).' }),
    }),
  })
  .validate(withoutNulls(monitorInput))

builder.mutationField('createMonitor', (t) =>
  t.field({
    type: MonitorRef,
    description: 'Adds a monitor for a client; checked at the next cron.',
    args: { input: t.arg({ type: MonitorInput, required: true, description: 'The monitor.' }) },
    resolve: async (_r, { input }, { db, env }) => {
      const created = await createMonitor(db, env, input)
      return (await listMonitors(db, env, input.clientId)).find((m) => m.id === created.id)!
    },
  }),
)

builder.mutationField('checkMonitor', (t) =>
  t.field({
    type: CheckResultRef,
    description: 'Runs one check now, through the same path as the cron.',
    args: { id: t.arg.id({ required: true, description: 'Id of the monitor.' }).validate(rowId) },
    resolve: (_r, { id }, { db, env }) => checkNow(db, env, id),
  }),
)

builder.mutationField('setMonitorPaused', (t) =>
  t.field({
    type: MonitorRef,
    description: 'Pauses (no checks, no alerts) or resumes a monitor.',
    args: {
      id: t.arg.id({ required: true, description: 'Id of the monitor.' }).validate(rowId),
      paused: t.arg.boolean({ required: true, description: 'True to pause.' }),
    },
    resolve: (_r, { id, paused }, { db, env }) => setPaused(db, env, id, paused),
  }),
)

builder.mutationField('deleteMonitor', (t) =>
  t.boolean({
    description: 'Deletes a monitor; its history stays in past reports.',
    args: { id: t.arg.id({ required: true, description: 'Id of the monitor.' }).validate(rowId) },
    resolve: async (_r, { id }, { db }) => {
      await deleteMonitor(db, id)
      return true
    },
  }),
)

// ---------- Maintenance windows ----------

type Window = typeof tables.monitorMaintenance.$inferSelect

const WindowRef = builder.objectRef<Window>('MonitorMaintenanceWindow').implement({
  description: "A time when a client's monitor alerts are held; checks go on.",
  fields: (t) => ({
    endsAt: t.expose('endsAt', { type: 'DateTime', description: 'When it ends.' }),
    id: t.exposeID('id', { description: 'Id of the window.' }),
    monitorId: t.exposeID('monitorId', {
      nullable: true,
      description: "The one monitor; null: all the client's.",
    }),
    note: t.exposeString('note', { nullable: true, description: 'Why.' }),
    startsAt: t.expose('startsAt', { type: 'DateTime', description: 'When it starts.' }),
  }),
})

const WindowInput = builder
  .inputType('MonitorMaintenanceInput', {
    description: 'A maintenance window: start and end with their offset, optionally one monitor.',
    fields: (t) => ({
      endsAt: t.string({ required: true, description: 'ISO 8601 with offset.' }),
      monitorId: t.int({ description: "One monitor; absent: all the client's." }),
      note: t.string({ description: 'Why.' }),
      startsAt: t.string({ required: true, description: 'ISO 8601 with offset.' }),
    }),
  })
  .validate(withoutNulls(maintenanceWindowInput))

builder.queryField('monitorMaintenance', (t) =>
  t.field({
    type: [WindowRef],
    description: "A client's current and coming maintenance windows.",
    args: { clientId: t.arg.id({ required: true, description: 'The client.' }).validate(rowId) },
    resolve: (_r, { clientId }, { db }) => listMaintenanceWindows(db, clientId),
  }),
)

builder.mutationField('addMonitorMaintenance', (t) =>
  t.field({
    type: WindowRef,
    description: "Holds the alerts of one monitor, or all the client's, from start to end.",
    args: {
      clientId: t.arg.id({ required: true, description: 'The client.' }).validate(rowId),
      input: t.arg({ type: WindowInput, required: true, description: 'The window.' }),
    },
    resolve: (_r, { clientId, input }, { db }) => addMaintenanceWindow(db, clientId, input),
  }),
)

builder.mutationField('deleteMonitorMaintenance', (t) =>
  t.boolean({
    description: 'Removes a maintenance window.',
    args: { id: t.arg.id({ required: true, description: 'Id of the window.' }).validate(rowId) },
    resolve: async (_r, { id }, { db }) => {
      await deleteMaintenanceWindow(db, id)
      return true
    },
  }),
)
