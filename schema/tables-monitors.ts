// Issue 54: the site's own background jobs (runs and alert state) and the
// monitors that watch the clients' IT (checks, outages, expiry warnings,
// maintenance windows).
import { sql } from 'drizzle-orm'
import { type AnySQLiteColumn, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import type { JobAlert, JobOutcome, MonitorKind, MonitorState } from './monitors'
import { clients, contacts } from './tables-clients'
import { supportRequests } from './tables-requests'

const createdAt = integer('created_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch() * 1000)`)

/**
 * One run of one scheduled job (worker/services/jobs.ts). Written when the run
 * starts (outcome 'running') and finished when it ends, so a run the platform
 * killed stays 'running' and the job turns stalled. Kept 30 days.
 */
export const jobRuns = sqliteTable(
  'job_runs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    startedAt: integer('started_at', { mode: 'timestamp_ms' }).notNull(),
    endedAt: integer('ended_at', { mode: 'timestamp_ms' }),
    outcome: text('outcome').$type<JobOutcome>().notNull().default('running'),
    // What the run did, as counts ({"queued": 3}); null when nothing.
    summary: text('summary', { mode: 'json' }).$type<Record<string, unknown>>(),
    error: text('error'),
  },
  (t) => [index('job_runs_name_idx').on(t.name, t.startedAt), index('job_runs_started_idx').on(t.startedAt)],
)

/**
 * Per job, whether the owner was last told it is in trouble ('failing' or
 * 'stalled') or not ('ok'). A change is a compare-and-set on this row, so one
 * e-mail goes when trouble starts and one when it ends, whatever runs at once.
 */
export const jobAlerts = sqliteTable('job_alerts', {
  name: text('name').primaryKey(),
  alert: text('alert').$type<JobAlert>().notNull().default('ok'),
  changedAt: integer('changed_at', { mode: 'timestamp_ms' }).notNull(),
})

/** A monitor of one client's IT (issue 54). Deleting one sets deletedAt: past reports keep it. */
export const monitors = sqliteTable(
  'monitors',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<MonitorKind>().notNull(),
    name: text('name').notNull(),
    url: text('url'),
    keyword: text('keyword'),
    keywordAbsent: integer('keyword_absent', { mode: 'boolean' }).notNull().default(false),
    domain: text('domain'),
    intervalMinutes: integer('interval_minutes').notNull().default(5),
    graceMinutes: integer('grace_minutes').notNull().default(5),
    timeoutMs: integer('timeout_ms').notNull().default(10_000),
    // The urgency of the support request an outage opens (schema/request-options URGENCY_LEVELS).
    urgency: text('urgency').notNull().default('high'),
    // A heartbeat monitor's push token (/hb/{token}); null for the other kinds.
    heartbeatToken: text('heartbeat_token').unique(),
    state: text('state').$type<MonitorState>().notNull().default('pending'),
    paused: integer('paused', { mode: 'boolean' }).notNull().default(false),
    // Failed checks in a row: down at 2 (no alert for one blip).
    failStreak: integer('fail_streak').notNull().default(0),
    lastCheckedAt: integer('last_checked_at', { mode: 'timestamp_ms' }),
    lastResponseMs: integer('last_response_ms'),
    lastBeatAt: integer('last_beat_at', { mode: 'timestamp_ms' }),
    // tls: the certificate's end; domain: the registration's end.
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }),
    // The cron enqueues a check when this is past, and moves it on when it does.
    nextCheckAt: integer('next_check_at', { mode: 'timestamp_ms' }).notNull().default(sql`0`),
    deletedAt: integer('deleted_at', { mode: 'timestamp_ms' }),
    createdAt,
  },
  (t) => [index('monitors_client_idx').on(t.clientId), index('monitors_due_idx').on(t.nextCheckAt)],
)

/**
 * One check of a monitor. `slot` names what asked for it (the cron's due time,
 * or 'now:<ms>' for "check now"): a queue message retried after its check was
 * recorded finds its slot taken and changes nothing (the unique index).
 */
export const monitorChecks = sqliteTable(
  'monitor_checks',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    monitorId: integer('monitor_id')
      .notNull()
      .references(() => monitors.id, { onDelete: 'cascade' }),
    slot: text('slot').notNull(),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
    ok: integer('ok', { mode: 'boolean' }).notNull(),
    status: integer('status'),
    ms: integer('ms'),
    error: text('error'),
  },
  (t) => [
    uniqueIndex('monitor_checks_slot_idx').on(t.monitorId, t.slot),
    index('monitor_checks_at_idx').on(t.monitorId, t.at),
  ],
)

/**
 * A time a monitor was down: from the second failed check to the first good
 * one. At most one open (endedAt null) per monitor: the partial unique index
 * is the claim that opens one request and sends one e-mail. `alerted` is false
 * when it began inside a maintenance window (no request, no mail).
 */
export const monitorOutages = sqliteTable(
  'monitor_outages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    monitorId: integer('monitor_id')
      .notNull()
      .references(() => monitors.id, { onDelete: 'cascade' }),
    startedAt: integer('started_at', { mode: 'timestamp_ms' }).notNull(),
    endedAt: integer('ended_at', { mode: 'timestamp_ms' }),
    cause: text('cause'),
    alerted: integer('alerted', { mode: 'boolean' }).notNull().default(true),
    requestId: integer('request_id').references((): AnySQLiteColumn => supportRequests.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    uniqueIndex('monitor_outages_open_idx').on(t.monitorId).where(sql`ended_at is null`),
    index('monitor_outages_monitor_idx').on(t.monitorId, t.startedAt),
  ],
)

/** Certificate and domain expiry warnings, once per monitor, end date and lead (30, 14, 3 days). */
export const monitorWarnings = sqliteTable(
  'monitor_warnings',
  {
    monitorId: integer('monitor_id')
      .notNull()
      .references(() => monitors.id, { onDelete: 'cascade' }),
    expiresOn: text('expires_on').notNull(),
    leadDays: integer('lead_days').notNull(),
    createdAt,
  },
  (t) => [uniqueIndex('monitor_warnings_once_idx').on(t.monitorId, t.expiresOn, t.leadDays)],
)

/** A maintenance window: alerts of one monitor (or all of a client's) are held from start to end. */
export const monitorMaintenance = sqliteTable(
  'monitor_maintenance',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    monitorId: integer('monitor_id').references(() => monitors.id, { onDelete: 'cascade' }),
    startsAt: integer('starts_at', { mode: 'timestamp_ms' }).notNull(),
    endsAt: integer('ends_at', { mode: 'timestamp_ms' }).notNull(),
    note: text('note'),
    createdAt,
  },
  (t) => [index('monitor_maintenance_client_idx').on(t.clientId, t.endsAt)],
)

/** A client's contact who asked to be told by e-mail when one of the client's monitors goes down and up. */
export const monitorContactAlerts = sqliteTable('monitor_contact_alerts', {
  contactId: integer('contact_id')
    .primaryKey()
    .references(() => contacts.id, { onDelete: 'cascade' }),
  createdAt,
})
