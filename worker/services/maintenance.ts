// Recurring maintenance schedules and the generation of their tasks (issue 40,
// docs/maintenance.md). One service for REST, GraphQL, the admin and the cron.
// A task is made once per (schedule, due date): the unique index decides, so
// the cron and a manual generate racing each other still make each task once.
import { and, asc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm'
import type { MaintenanceFreq, ScheduleStatus } from '../../schema/maintenance'
import type { SchedulePatchPayload, SchedulePayload } from '../../schema/maintenance-payloads.server'
import { MAX_GENERATE_DAYS } from '../../schema/maintenance-payloads.server'
import { addDays, businessDate } from '../../schema/slot-time'
import type { Db } from '../db'
import { tables } from '../db'
import { chunks } from './chunks'
import { Invalid, NotFound } from './errors'
import { dueDatesUntil, nextDueDates, type Recurrence, rruleText } from './maintenance-recurrence'

const s = tables.maintenanceSchedules
const tk = tables.maintenanceTasks
const sa = tables.maintenanceScheduleAssets

/** The cron makes each task this many days before it is due. */
export const GENERATE_AHEAD_DAYS = 7

export type ScheduleView = {
  id: number
  clientId: number
  clientName: string
  title: string
  checklist: string[]
  recurrence: { freq: MaintenanceFreq; interval: number; byMonthDay: number | null; byWeekday: string | null }
  rrule: string
  startDate: string
  estimatedMinutes: number | null
  templateKey: string | null
  status: ScheduleStatus
  assetIds: number[]
  nextDueDates: string[]
}

type ScheduleRow = typeof s.$inferSelect

const recurrenceOf = (row: ScheduleRow): Recurrence => ({
  freq: row.freq,
  interval: row.interval,
  byMonthDay: row.byMonthDay,
  byWeekday: row.byWeekday,
})

async function views(db: Db, rows: ScheduleRow[], now: Date): Promise<ScheduleView[]> {
  if (!rows.length) return []
  const ids = rows.map((r) => r.id)
  const [links, clients] = await Promise.all([
    db.select().from(sa).where(inArray(sa.scheduleId, ids)),
    db
      .select({ id: tables.clients.id, name: tables.clients.name })
      .from(tables.clients)
      .where(inArray(tables.clients.id, [...new Set(rows.map((r) => r.clientId))])),
  ])
  const today = businessDate(now)
  return rows.map((row) => ({
    id: row.id,
    clientId: row.clientId,
    clientName: clients.find((c) => c.id === row.clientId)?.name ?? '',
    title: row.title,
    checklist: row.checklist,
    recurrence: {
      freq: row.freq,
      interval: row.interval,
      byMonthDay: row.byMonthDay,
      byWeekday: row.byWeekday,
    },
    rrule: rruleText(recurrenceOf(row), row.startDate),
    startDate: row.startDate,
    estimatedMinutes: row.estimatedMinutes,
    templateKey: row.templateKey,
    status: row.status,
    assetIds: links.filter((l) => l.scheduleId === row.id).map((l) => l.assetId),
    nextDueDates: row.status === 'active' ? nextDueDates(recurrenceOf(row), row.startDate, today) : [],
  }))
}

export async function listSchedules(db: Db, filter: { clientId?: number } = {}, now = new Date()) {
  const rows = await db
    .select()
    .from(s)
    .where(filter.clientId ? eq(s.clientId, filter.clientId) : undefined)
    .orderBy(asc(s.title), asc(s.id))
  return views(db, rows, now)
}

export async function getSchedule(db: Db, id: number, now = new Date()) {
  const [row] = await db.select().from(s).where(eq(s.id, id))
  if (!row) throw new NotFound()
  return (await views(db, [row], now))[0]!
}

/** The client exists, and every linked asset is that client's. */
async function checkLinks(db: Db, clientId: number, assetIds: number[] | undefined) {
  const [client] = await db
    .select({ id: tables.clients.id })
    .from(tables.clients)
    .where(eq(tables.clients.id, clientId))
  if (!client) throw new Invalid({ clientId: 'No such client' })
  if (!assetIds?.length) return
  const found = await db
    .select({ id: tables.assets.id })
    .from(tables.assets)
    .where(and(eq(tables.assets.clientId, clientId), inArray(tables.assets.id, assetIds)))
  if (found.length !== new Set(assetIds).size)
    throw new Invalid({ assetIds: "Every asset must be this client's" })
}

// (both columns, in the table's order: schedule_id, asset_id)
const linkAssets = (db: Db, scheduleId: number | SQL, assetIds: number[]) =>
  db
    .insert(sa)
    .select(
      sql`select ${scheduleId}, j.value from json_each(${JSON.stringify([...new Set(assetIds)])}) j where true`,
    )
    .onConflictDoNothing()

/** Creates a schedule (with its asset links, in one batch); answers it with its next three due dates. */
export async function createSchedule(db: Db, input: SchedulePayload, now = new Date()) {
  await checkLinks(db, input.clientId, input.assetIds)
  const [[row]] = await db.batch([
    db
      .insert(s)
      .values({
        clientId: input.clientId,
        title: input.title,
        checklist: input.checklist,
        freq: input.recurrence.freq,
        interval: input.recurrence.interval ?? 1,
        byMonthDay: input.recurrence.byMonthDay ?? null,
        byWeekday: input.recurrence.byWeekday ?? null,
        startDate: input.startDate,
        estimatedMinutes: input.estimatedMinutes ?? null,
        templateKey: input.templateKey ?? null,
      })
      .returning(),
    // Same transaction, same connection: last_insert_rowid() is the schedule just made.
    linkAssets(db, sql`last_insert_rowid()`, input.assetIds ?? []),
  ])
  return (await views(db, [row!], now))[0]!
}

/**
 * Changes a schedule. Tasks already made keep their title, date and checklist
 * (they are what was planned then); the change applies to tasks made after it.
 */
export async function updateSchedule(db: Db, id: number, patch: SchedulePatchPayload, now = new Date()) {
  const [current] = await db.select().from(s).where(eq(s.id, id))
  if (!current) throw new NotFound()
  if (patch.assetIds) await checkLinks(db, current.clientId, patch.assetIds)
  const r = patch.recurrence
  await db.batch([
    db
      .update(s)
      .set({
        ...(patch.title !== undefined && { title: patch.title }),
        ...(patch.checklist !== undefined && { checklist: patch.checklist }),
        ...(r && {
          freq: r.freq,
          interval: r.interval ?? 1,
          byMonthDay: r.byMonthDay ?? null,
          byWeekday: r.byWeekday ?? null,
        }),
        ...(patch.startDate !== undefined && { startDate: patch.startDate }),
        ...(patch.estimatedMinutes !== undefined && { estimatedMinutes: patch.estimatedMinutes ?? null }),
        ...(patch.templateKey !== undefined && { templateKey: patch.templateKey ?? null }),
        ...(patch.status !== undefined && { status: patch.status }),
        updatedAt: now,
      })
      .where(eq(s.id, id)),
    ...(patch.assetIds
      ? [db.delete(sa).where(eq(sa.scheduleId, id)), linkAssets(db, id, patch.assetIds)]
      : []),
  ])
  return getSchedule(db, id, now)
}

/**
 * Deletes a schedule and its open tasks that nobody worked on. Done tasks, and
 * open ones with time, evidence or a ticked item, stay (unlinked from the
 * schedule), so what was done and billed keeps its record.
 */
export async function deleteSchedule(db: Db, id: number) {
  const [current] = await db.select({ id: s.id }).from(s).where(eq(s.id, id))
  if (!current) throw new NotFound()
  await db.batch([
    db.delete(tk).where(
      and(
        eq(tk.scheduleId, id),
        eq(tk.status, 'open'),
        // Untouched: no time, no evidence (its R2 objects would be orphaned), no ticked item.
        sql`not exists (select 1 from time_entries te where te.maintenance_task_id = ${tk.id})`,
        sql`not exists (select 1 from maintenance_task_files f where f.task_id = ${tk.id})`,
        sql`not exists (select 1 from maintenance_task_items i where i.task_id = ${tk.id} and i.done = 1)`,
      ),
    ),
    db.delete(s).where(eq(s.id, id)),
  ])
}

/**
 * Makes the tasks of every active schedule due up to `until` (inclusive), each
 * with the schedule's checklist at that moment. Returns how many were made:
 * a second run over the same range makes none.
 */
export async function generateTasks(db: Db, until: string, now = new Date()) {
  const today = businessDate(now)
  if (until > addDays(today, MAX_GENERATE_DAYS))
    throw new Invalid({ until: `Until must be within ${MAX_GENERATE_DAYS} days of today` })
  const schedules = await db
    .select()
    .from(s)
    .where(and(eq(s.status, 'active'), lte(s.startDate, until)))
  const at = now.getTime()
  const statements = []
  for (const row of schedules) {
    const dates = dueDatesUntil(recurrenceOf(row), row.startDate, until)
    if (!dates.length) continue
    const existing = new Set(
      (
        await db
          .select({ dueDate: tk.dueDate })
          .from(tk)
          .where(and(eq(tk.scheduleId, row.id), gte(tk.dueDate, dates[0]!), lte(tk.dueDate, until)))
      ).map((t) => t.dueDate),
    )
    for (const dueDate of dates.filter((d) => !existing.has(d))) {
      statements.push(
        db
          .insert(tk)
          .values({
            scheduleId: row.id,
            clientId: row.clientId,
            title: row.title,
            dueDate,
            estimatedMinutes: row.estimatedMinutes,
          })
          .onConflictDoNothing()
          .returning({ id: tk.id }),
        // Only into a task that has no items yet: a racing run, or a checklist changed since, adds none.
        // (every column, in the table's order: id, task_id, position, label, done, note, done_at, created_at, updated_at)
        db
          .insert(tables.maintenanceTaskItems)
          .select(
            sql`select null, t.id, j.key, j.value, 0, null, null, ${at}, ${at}
              from maintenance_tasks t, json_each(${JSON.stringify(row.checklist)}) j
              where t.schedule_id = ${row.id} and t.due_date = ${dueDate}
                and not exists (select 1 from maintenance_task_items i where i.task_id = t.id)`,
          )
          .onConflictDoNothing(),
      )
    }
  }
  let created = 0
  // Each pair (task, its items) stays in one batch, so a task is never without its checklist.
  for (const part of chunks(statements, 100)) {
    const results = (await db.batch(part as [(typeof part)[number], ...typeof part])) as unknown[]
    for (let i = 0; i < results.length; i += 2) created += (results[i] as unknown[]).length
  }
  return { created }
}

/** The cron's run: every task due within the next GENERATE_AHEAD_DAYS days. */
export const generateAhead = (db: Db, now = new Date()) =>
  generateTasks(db, addDays(businessDate(now), GENERATE_AHEAD_DAYS), now)
