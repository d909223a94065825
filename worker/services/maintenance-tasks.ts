// Maintenance tasks (issue 40): listed by client and status, ticked item by
// item with notes, evidenced with files in R2, closed when done, and time
// logged on them through the time service (so it counts against the plan).
// "Overdue" is not stored: an open task whose due date is before today in the
// business time zone.
import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm'
import type { TaskFilter, TaskStatus } from '../../schema/maintenance'
import type { TaskPatchPayload, TaskQuery, TaskTimePayload } from '../../schema/maintenance-payloads.server'
import { businessDate } from '../../schema/slot-time'
import type { Db } from '../db'
import { tables } from '../db'
import { deleteObjectAfterRow, storeThenRecord } from '../files/store'
import type { CheckedUpload } from '../files/upload'
import { Conflict, Invalid, NotFound } from './errors'
import { createTimeEntry } from './time'

const tk = tables.maintenanceTasks
const it = tables.maintenanceTaskItems
const tf = tables.maintenanceTaskFiles

export const TASK_MESSAGES = {
  done: 'This task is done; its checklist is kept as it was.',
  untickedItems: 'Tick every checklist item before marking the task done',
  tooManyItems: (n: number) => `The task has ${n} checklist items`,
} as const

export type TaskItemView = { position: number; label: string; done: boolean; note: string | null }
export type TaskFileView = { id: number; name: string; type: string; size: number; createdAt: Date }
export type TaskView = {
  id: number
  scheduleId: number | null
  clientId: number
  clientName: string
  title: string
  dueDate: string
  status: TaskFilter
  doneAt: Date | null
  estimatedMinutes: number | null
  items: TaskItemView[]
  evidenceCount: number
  minutesLogged: number
}

/** The status a task shows: overdue is an open task due before today. */
export const shownStatus = (status: TaskStatus, dueDate: string, today: string): TaskFilter =>
  status === 'open' && dueDate < today ? 'overdue' : status

async function views(db: Db, rows: (typeof tk.$inferSelect)[], now: Date): Promise<TaskView[]> {
  if (!rows.length) return []
  const ids = rows.map((r) => r.id)
  const [items, files, minutes, clients] = await Promise.all([
    db.select().from(it).where(inArray(it.taskId, ids)).orderBy(asc(it.taskId), asc(it.position)),
    db
      .select({ taskId: tf.taskId, n: sql<number>`count(*)` })
      .from(tf)
      .where(inArray(tf.taskId, ids))
      .groupBy(tf.taskId),
    db
      .select({
        taskId: tables.timeEntries.maintenanceTaskId,
        n: sql<number>`sum(${tables.timeEntries.minutes})`,
      })
      .from(tables.timeEntries)
      .where(inArray(tables.timeEntries.maintenanceTaskId, ids))
      .groupBy(tables.timeEntries.maintenanceTaskId),
    db
      .select({ id: tables.clients.id, name: tables.clients.name })
      .from(tables.clients)
      .where(inArray(tables.clients.id, [...new Set(rows.map((r) => r.clientId))])),
  ])
  const today = businessDate(now)
  return rows.map((row) => ({
    id: row.id,
    scheduleId: row.scheduleId,
    clientId: row.clientId,
    clientName: clients.find((c) => c.id === row.clientId)?.name ?? '',
    title: row.title,
    dueDate: row.dueDate,
    status: shownStatus(row.status, row.dueDate, today),
    doneAt: row.doneAt,
    estimatedMinutes: row.estimatedMinutes,
    items: items
      .filter((i) => i.taskId === row.id)
      .map((i) => ({ position: i.position, label: i.label, done: i.done, note: i.note })),
    evidenceCount: Number(files.find((f) => f.taskId === row.id)?.n ?? 0),
    minutesLogged: Number(minutes.find((m) => m.taskId === row.id)?.n ?? 0),
  }))
}

/** Tasks by due date; `open` is open and not yet overdue, `overdue` open and past due. */
export async function listTasks(db: Db, query: TaskQuery = {}, now = new Date()) {
  const today = businessDate(now)
  const status =
    query.status === 'done'
      ? eq(tk.status, 'done')
      : query.status === 'open'
        ? and(eq(tk.status, 'open'), gte(tk.dueDate, today))
        : query.status === 'overdue'
          ? and(eq(tk.status, 'open'), lt(tk.dueDate, today))
          : undefined
  const rows = await db
    .select()
    .from(tk)
    .where(and(query.clientId ? eq(tk.clientId, query.clientId) : undefined, status))
    .orderBy(asc(tk.dueDate), asc(tk.id))
    .limit(500)
  return views(db, rows, now)
}

/** How many tasks are overdue today (the admin overview's line). */
export async function overdueCount(db: Db, now = new Date()) {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(tk)
    .where(and(eq(tk.status, 'open'), lt(tk.dueDate, businessDate(now))))
  return Number(row?.n ?? 0)
}

async function taskRow(db: Db, id: number) {
  const [row] = await db.select().from(tk).where(eq(tk.id, id))
  if (!row) throw new NotFound()
  return row
}

export async function getTask(db: Db, id: number, now = new Date()) {
  return (await views(db, [await taskRow(db, id)], now))[0]!
}

export async function taskFiles(db: Db, taskId: number): Promise<TaskFileView[]> {
  await taskRow(db, taskId)
  return db
    .select({ id: tf.id, name: tf.name, type: tf.type, size: tf.size, createdAt: tf.createdAt })
    .from(tf)
    .where(eq(tf.taskId, taskId))
    .orderBy(asc(tf.id))
}

/**
 * Ticks items (in checklist order: the first given is item 1) and notes them;
 * `status: 'done'` closes the task once every item is ticked. A done task is
 * not changed again: what was done stays as it was recorded.
 */
export async function updateTask(db: Db, id: number, patch: TaskPatchPayload, now = new Date()) {
  const row = await taskRow(db, id)
  if (row.status === 'done') throw new Conflict(TASK_MESSAGES.done)
  const items = await db.select().from(it).where(eq(it.taskId, id)).orderBy(asc(it.position))
  const given = patch.items ?? []
  if (given.length > items.length) throw new Invalid({ items: TASK_MESSAGES.tooManyItems(items.length) })
  const after = items.map((item, i) => {
    const g = given[i]
    return g ? { ...item, done: g.done, note: g.note === undefined ? item.note : g.note } : item
  })
  if (patch.status === 'done' && after.some((i) => !i.done))
    throw new Invalid({ status: TASK_MESSAGES.untickedItems })
  const changed = after.filter((a, i) => a.done !== items[i]!.done || a.note !== items[i]!.note)
  const statements = changed.map((a) =>
    db
      .update(it)
      .set({ done: a.done, note: a.note, doneAt: a.done ? now : null, updatedAt: now })
      .where(eq(it.id, a.id)),
  )
  // Closing is conditional on the task still being open, in the same batch as the ticks.
  const close = db
    .update(tk)
    .set({ status: 'done', doneAt: now, updatedAt: now })
    .where(and(eq(tk.id, id), eq(tk.status, 'open')))
  const all = [...statements, ...(patch.status === 'done' ? [close] : [])]
  if (all.length) await db.batch(all as [(typeof all)[number], ...typeof all])
  return getTask(db, id, now)
}

/** Evidence: the file goes to R2 first, then its row (worker/files/store.ts). */
export async function addTaskFile(db: Db, bucket: R2Bucket, taskId: number, upload: CheckedUpload) {
  const row = await taskRow(db, taskId)
  if (row.status === 'done') throw new Conflict(TASK_MESSAGES.done)
  const [file] = await storeThenRecord(bucket, 'maintenance', upload, (key) =>
    db
      .insert(tf)
      .values({ taskId, key, name: upload.name, type: upload.mime, size: upload.bytes.byteLength })
      .returning({ id: tf.id, name: tf.name, type: tf.type, size: tf.size, createdAt: tf.createdAt }),
  )
  return file!
}

export async function openTaskFile(db: Db, bucket: R2Bucket, taskId: number, fileId: number) {
  const [file] = await db
    .select()
    .from(tf)
    .where(and(eq(tf.id, fileId), eq(tf.taskId, taskId)))
  if (!file) throw new NotFound()
  const object = await bucket.get(file.key)
  if (!object) throw new NotFound()
  return { file, object }
}

/** Removes evidence from an open task (a done task's evidence is kept). */
export async function deleteTaskFile(db: Db, bucket: R2Bucket, taskId: number, fileId: number) {
  const row = await taskRow(db, taskId)
  if (row.status === 'done') throw new Conflict(TASK_MESSAGES.done)
  const [file] = await db
    .delete(tf)
    .where(and(eq(tf.id, fileId), eq(tf.taskId, taskId)))
    .returning()
  if (!file) throw new NotFound()
  await deleteObjectAfterRow(bucket, file.key)
}

/** Time on a task: an entry for the task's client through the time service, so the plan counts it. */
export async function logTaskTime(
  db: Db,
  env: Env,
  taskId: number,
  input: TaskTimePayload,
  now = new Date(),
) {
  const row = await taskRow(db, taskId)
  return createTimeEntry(
    db,
    env,
    {
      clientId: row.clientId,
      minutes: input.minutes,
      description: input.description ?? `Maintenance: ${row.title} (due ${row.dueDate})`,
      date: input.date ?? businessDate(now),
    },
    now,
    { maintenanceTaskId: row.id },
  )
}
