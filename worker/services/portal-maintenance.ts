// Recurring maintenance as a client's contact sees it in the portal (issue 52):
// what is overdue, what comes next (open tasks and each running schedule's
// next date), and what was done with its checklist. Always one client's: the
// caller passes the session's client, and a task of another client is a
// NotFound exactly like a missing one, so its existence is not told.
// The owner's checklist notes and evidence files stay the owner's: a client
// sees what was checked and when, and how many evidence files are kept.
// The pages get it worded (portalMaintenanceView): no status code or ISO date reaches them.

import { rowId } from '../../schema/ids'
import { MAINTENANCE_FREQ_LABELS, type MaintenanceFreq } from '../../schema/maintenance'
import { businessDate, formatCalendarDate } from '../../schema/slot-time'
import type { Db } from '../db'
import { NotFound } from './errors'
import { listSchedules, type ScheduleView } from './maintenance'
import { getTask, listTasks, type TaskView } from './maintenance-tasks'

/** Done tasks shown: those done in this many days (a year of monthly reviews and more). */
export const PORTAL_DONE_DAYS = 400
const DAY_MS = 24 * 60 * 60_000

export type PortalMaintenanceTask = {
  id: number
  title: string
  dueDate: string
  status: TaskView['status']
  doneAt: Date | null
  items: { label: string; done: boolean }[]
  evidenceCount: number
}

export type PortalMaintenance = {
  overdue: PortalMaintenanceTask[]
  /** Open tasks not yet due, soonest first. */
  upcoming: PortalMaintenanceTask[]
  /** Running schedules with their next dates. */
  schedules: Pick<ScheduleView, 'id' | 'title' | 'recurrence' | 'nextDueDates'>[]
  /** Done in the last PORTAL_DONE_DAYS days, newest first. */
  done: PortalMaintenanceTask[]
}

const forClient = (t: TaskView): PortalMaintenanceTask => ({
  id: t.id,
  title: t.title,
  dueDate: t.dueDate,
  status: t.status,
  doneAt: t.doneAt,
  // The label and the tick only: a note is the owner's working record.
  items: t.items.map((i) => ({ label: i.label, done: i.done })),
  evidenceCount: t.evidenceCount,
})

/** One client's maintenance, for its portal page. */
export async function portalMaintenance(
  db: Db,
  clientId: number,
  now = new Date(),
): Promise<PortalMaintenance> {
  const since = now.getTime() - PORTAL_DONE_DAYS * DAY_MS
  const [overdue, upcoming, schedules, done] = await Promise.all([
    listTasks(db, { clientId, status: 'overdue' }, now),
    listTasks(db, { clientId, status: 'open' }, now),
    listSchedules(db, { clientId }, now),
    listTasks(db, { clientId, status: 'done' }, now),
  ])
  return {
    overdue: overdue.map(forClient),
    upcoming: upcoming.map(forClient),
    schedules: schedules
      .filter((s) => s.status === 'active')
      .map((s) => ({ id: s.id, title: s.title, recurrence: s.recurrence, nextDueDates: s.nextDueDates })),
    done: done
      .filter((t) => t.doneAt && t.doneAt.getTime() >= since)
      .sort((a, b) => b.doneAt!.getTime() - a.doneAt!.getTime() || b.id - a.id)
      .map(forClient),
  }
}

/** One task of the client's; another client's, or a missing one, is NotFound. */
export async function portalMaintenanceTask(
  db: Db,
  clientId: number,
  taskId: number,
  now = new Date(),
): Promise<PortalMaintenanceTask> {
  const task = await getTask(db, taskId, now)
  if (task.clientId !== clientId) throw new NotFound()
  return forClient(task)
}

export type PortalMaintenanceTaskView = {
  id: number
  title: string
  /** "Overdue", "Scheduled" or "Done". */
  statusLabel: string
  overdue: boolean
  /** "Tuesday, November 10, 2026". */
  due: string
  /** The day it was done, worded; null while open. */
  done: string | null
  items: { label: string; done: boolean }[]
  /** "3 of 4 checked". */
  progress: string
  evidence: string | null
  href: string
}

const UNITS: Record<MaintenanceFreq, string> = {
  weekly: 'weeks',
  monthly: 'months',
  quarterly: 'quarters',
  yearly: 'years',
}

/** "Monthly", "Every 2 weeks". */
const oftenText = (r: { freq: MaintenanceFreq; interval: number }) =>
  r.interval > 1 ? `Every ${r.interval} ${UNITS[r.freq]}` : MAINTENANCE_FREQ_LABELS[r.freq]

function taskView(t: PortalMaintenanceTask): PortalMaintenanceTaskView {
  const checked = t.items.filter((i) => i.done).length
  return {
    id: t.id,
    title: t.title,
    statusLabel: t.status === 'done' ? 'Done' : t.status === 'overdue' ? 'Overdue' : 'Scheduled',
    overdue: t.status === 'overdue',
    due: formatCalendarDate(t.dueDate),
    done: t.doneAt ? formatCalendarDate(businessDate(t.doneAt)) : null,
    items: t.items,
    progress: t.items.length ? `${checked} of ${t.items.length} checked` : 'No checklist',
    evidence: t.evidenceCount
      ? `${t.evidenceCount} evidence ${t.evidenceCount === 1 ? 'file' : 'files'} kept on record`
      : null,
    href: `/portal/maintenance/${t.id}`,
  }
}

/** The portal's maintenance page (/portal/maintenance), worded. */
export async function portalMaintenanceView(db: Db, clientId: number) {
  const m = await portalMaintenance(db, clientId)
  return {
    overdue: m.overdue.map(taskView),
    upcoming: m.upcoming.map(taskView),
    schedules: m.schedules.map((s) => ({
      id: s.id,
      title: s.title,
      often: oftenText(s.recurrence),
      next: s.nextDueDates[0] ? formatCalendarDate(s.nextDueDates[0]) : null,
    })),
    done: m.done.map(taskView),
  }
}

/** One task's page (/portal/maintenance/{id}), worded; NotFound for another client's or a malformed id. */
export async function portalMaintenanceTaskView(db: Db, clientId: number, raw: string | null) {
  const id = rowId.safeParse(raw)
  if (!id.success) throw new NotFound()
  return taskView(await portalMaintenanceTask(db, clientId, id.data))
}
