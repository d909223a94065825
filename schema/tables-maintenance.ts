// Recurring maintenance (issue 40): schedules, tasks, checklists, evidence, the monthly report's mailings.
import { sql } from 'drizzle-orm'
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import type { MaintenanceFreq, ScheduleStatus, TaskStatus } from './maintenance'
import { assets } from './tables-assets'
import { clients } from './tables-clients'
import { timestamps } from './timestamps'

/**
 * Recurring maintenance for a client (issue 40): a checklist on an RFC 5545
 * recurrence. Dates are calendar dates (YYYY-MM-DD) in the business time zone.
 * Deleting a schedule deletes its open tasks; done tasks stay (schedule_id
 * becomes null), so what was done and evidenced is never lost.
 */
export const maintenanceSchedules = sqliteTable(
  'maintenance_schedules',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    title: text('title').notNull(),
    // The ordered checklist labels copied into each task when it is made.
    checklist: text('checklist', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    freq: text('freq').$type<MaintenanceFreq>().notNull(),
    interval: integer('interval').notNull().default(1),
    // Monthly/quarterly/yearly on day N (1-31; past the month's end means its last day).
    byMonthDay: integer('by_month_day'),
    // 'TU' (weekly on Tuesday) or '2TU' / '-1FR' (the Nth weekday of the month).
    byWeekday: text('by_weekday'),
    startDate: text('start_date').notNull(),
    estimatedMinutes: integer('estimated_minutes'),
    // The seeded template it was made from, if any (schema/maintenance-templates.ts).
    templateKey: text('template_key'),
    status: text('status').$type<ScheduleStatus>().notNull().default('active'),
    ...timestamps,
  },
  (t) => [index('maintenance_schedules_client_idx').on(t.clientId)],
)

/** The assets a schedule covers (issue 38's inventory). */
export const maintenanceScheduleAssets = sqliteTable(
  'maintenance_schedule_assets',
  {
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => maintenanceSchedules.id, { onDelete: 'cascade' }),
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.id),
  },
  (t) => [
    primaryKey({ columns: [t.scheduleId, t.assetId] }),
    index('maintenance_schedule_assets_asset_idx').on(t.assetId),
  ],
)

/**
 * One occurrence of a schedule: made once per (schedule, due date), a unique
 * index, so the cron and a manual generate racing each other make it once.
 * Title and client are copied from the schedule so a done task outlives it.
 */
export const maintenanceTasks = sqliteTable(
  'maintenance_tasks',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    scheduleId: integer('schedule_id').references(() => maintenanceSchedules.id, { onDelete: 'set null' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    title: text('title').notNull(),
    dueDate: text('due_date').notNull(),
    status: text('status').$type<TaskStatus>().notNull().default('open'),
    doneAt: integer('done_at', { mode: 'timestamp_ms' }),
    estimatedMinutes: integer('estimated_minutes'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('maintenance_tasks_schedule_due_idx').on(t.scheduleId, t.dueDate),
    index('maintenance_tasks_client_idx').on(t.clientId, t.status, t.dueDate),
    index('maintenance_tasks_status_idx').on(t.status, t.dueDate),
  ],
)

/** A task's checklist, in order: ticked with an optional note. */
export const maintenanceTaskItems = sqliteTable(
  'maintenance_task_items',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    taskId: integer('task_id')
      .notNull()
      .references(() => maintenanceTasks.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    label: text('label').notNull(),
    done: integer('done', { mode: 'boolean' }).notNull().default(false),
    note: text('note'),
    doneAt: integer('done_at', { mode: 'timestamp_ms' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('maintenance_task_items_position_idx').on(t.taskId, t.position)],
)

/** Evidence for a task (screenshots, exported logs) kept in R2. */
export const maintenanceTaskFiles = sqliteTable(
  'maintenance_task_files',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    taskId: integer('task_id')
      .notNull()
      .references(() => maintenanceTasks.id, { onDelete: 'cascade' }),
    // The R2 key.
    key: text('key').notNull().unique(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    size: integer('size').notNull(),
    ...timestamps,
  },
  (t) => [index('maintenance_task_files_task_idx').on(t.taskId)],
)

export type MaintenanceSchedule = typeof maintenanceSchedules.$inferSelect
export type MaintenanceTask = typeof maintenanceTasks.$inferSelect
export type MaintenanceTaskItem = typeof maintenanceTaskItems.$inferSelect
export type MaintenanceTaskFile = typeof maintenanceTaskFiles.$inferSelect

/**
 * The monthly service report's e-mail (issue 40): one row per client and
 * period once its contacts' mail is queued, so the cron's later runs skip it.
 * The report itself is never stored: it is computed from the records whenever
 * it is opened, so a later correction in that month shows.
 */
export const monthlyReportMailings = sqliteTable(
  'monthly_report_mailings',
  {
    // No foreign key: a bookkeeping row, left as it is when its client is merged into another.
    clientId: integer('client_id').notNull(),
    period: text('period').notNull(),
    recipients: integer('recipients').notNull(),
    at: integer('at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch() * 1000)`),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.period] })],
)
