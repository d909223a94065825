// Recurring maintenance as a client's contact sees it in the portal (issue 52):
// what is overdue, what comes next (open tasks and each running schedule's
// next date), and what was done with its checklist. Always one client's: the
// caller passes the session's client, and a task of another client is a
// NotFound exactly like a missing one, so its existence is not told.
// The owner's checklist notes and evidence files stay the owner's: a client
// sees what was checked and when, and how many evidence files are kept.
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
