// The portal maintenance pages' server (web/lib/portal-maintenance.ts) on the
// service layer (services/maintenance-portal.ts), always the signed-in
// contact's own client: another client's task is null, so the page answers
// 404 exactly as for a missing one. Without a session it sends the visitor to
// /portal. Words are made here: no status code or ISO date reaches the page.
import type { Context } from 'hono'
import { redirect } from 'react-router'
import { rowId } from '../../schema/ids'
import type { MaintenanceFreq } from '../../schema/maintenance'
import { MAINTENANCE_FREQ_LABELS } from '../../schema/maintenance'
import { businessDate, formatCalendarDate } from '../../schema/slot-time'
import type { PortalMaintenanceServer, PortalMaintenanceTaskView } from '../../web/lib/portal-maintenance'
import type { AppEnv } from '../env'
import { NotFound } from '../services/errors'
import {
  type PortalMaintenanceTask,
  portalMaintenance,
  portalMaintenanceTask,
} from '../services/maintenance-portal'

const UNITS: Record<MaintenanceFreq, string> = {
  weekly: 'weeks',
  monthly: 'months',
  quarterly: 'quarters',
  yearly: 'years',
}

/** "Monthly", "Every 2 weeks". */
export const oftenText = (r: { freq: MaintenanceFreq; interval: number }) =>
  r.interval > 1 ? `Every ${r.interval} ${UNITS[r.freq]}` : MAINTENANCE_FREQ_LABELS[r.freq]

export function taskView(t: PortalMaintenanceTask): PortalMaintenanceTaskView {
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

export function portalMaintenanceFor(c: Context<AppEnv>): PortalMaintenanceServer {
  const clientId = () => {
    const contact = c.var.contact
    if (!contact) throw redirect('/portal')
    return contact.clientId
  }
  return {
    async view() {
      const m = await portalMaintenance(c.var.db, clientId())
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
    },
    async task(raw) {
      const owner = clientId()
      const id = rowId.safeParse(raw)
      if (!id.success) return null
      try {
        return taskView(await portalMaintenanceTask(c.var.db, owner, id.data))
      } catch (err) {
        if (err instanceof NotFound) return null
        throw err
      }
    },
  }
}
