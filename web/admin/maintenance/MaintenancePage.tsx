// The Maintenance area (issue 40): the tasks that need the owner (overdue,
// then due), making tasks ahead by hand (the cron makes them 7 days ahead),
// and the schedules with pause, resume and delete. A new schedule starts from
// a seeded template or blank (ScheduleForm).
import { useState } from 'react'
import { Link } from 'react-router'
import { useQuery } from 'urql'
import type { MaintenanceFreq } from '../../../schema/maintenance'
import { addDays, businessToday, formatCalendarDate } from '../../../schema/slot-time'
import { fromEnum } from '../graphql'
import { useSave } from '../save'
import { AdminButton, CANNOT_UNDO, CardTable, ConfirmDialog, ListState, Section } from '../ui'
import { FROM_NETWORK } from '../urql'
import { DELETE_SCHEDULE, GENERATE_TASKS, MAINTENANCE_OVERVIEW, UPDATE_SCHEDULE } from './queries'
import { recurrenceText } from './recurrence'
import { ScheduleForm } from './ScheduleForm'

type TaskLine = { id: string; clientName: string; title: string; dueDate: string; status: string }

function TaskList({ tasks, label }: { tasks: readonly TaskLine[]; label: string }) {
  return (
    <ul aria-label={label} className="divide-y divide-slate-200">
      {tasks.map((t) => (
        <li key={t.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
          <Link
            to={`/admin/maintenance/tasks/${t.id}`}
            className="font-medium text-blue-800 underline-offset-2 hover:underline"
          >
            {t.title}
          </Link>
          <span className="text-sm text-slate-600">
            {t.clientName} · due {formatCalendarDate(t.dueDate)}
            {t.status === 'OVERDUE' && <strong className="ml-2 text-red-800">Overdue</strong>}
          </span>
        </li>
      ))}
    </ul>
  )
}

export function MaintenancePage() {
  const [overview, refetch] = useQuery({ query: MAINTENANCE_OVERVIEW })
  const [, generate] = useSave(GENERATE_TASKS, { failure: 'No tasks made' })
  const [, update] = useSave(UPDATE_SCHEDULE, { failure: 'Not changed' })
  const [removing, remove] = useSave(DELETE_SCHEDULE, { failure: 'Not deleted' })
  const [deleting, setDeleting] = useState<{ id: string; title: string; clientName: string } | null>(null)
  const data = overview.data
  const reload = () => refetch(FROM_NETWORK)
  const due = [...(data?.overdue ?? []), ...(data?.open ?? [])]

  async function makeTasks() {
    const made = await generate({ until: addDays(businessToday(), 30) }, (d) => ({
      title: `${d.generateMaintenanceTasks ?? 0} tasks made`,
      description: 'Due in the next 30 days.',
    }))
    if (made.ok) reload()
  }

  async function setStatus(id: string, status: 'ACTIVE' | 'PAUSED') {
    const changed = await update({ id, input: { status } })
    if (changed.ok) reload()
  }

  async function del(id: string) {
    const deleted = await remove(
      { id },
      { title: 'Schedule deleted', description: 'Its done tasks are kept.' },
    )
    setDeleting(null)
    if (deleted.ok) reload()
  }

  return (
    <div className="space-y-6">
      <Section
        title="Due and overdue"
        actions={
          <AdminButton variant="secondary" onPress={() => void makeTasks()}>
            Make tasks for the next 30 days
          </AdminButton>
        }
      >
        <ListState
          loading={overview.fetching && !data}
          error={data ? undefined : overview.error}
          empty={due.length === 0}
          emptyText="Nothing due. Tasks are made 7 days before they are due."
        >
          <TaskList tasks={due} label="Due and overdue tasks" />
        </ListState>
      </Section>
      <Section title="Schedules">
        <ListState
          loading={overview.fetching && !data}
          error={data ? undefined : overview.error}
          empty={(data?.maintenanceSchedules.length ?? 0) === 0}
          emptyText="No schedules yet. Add one below, from a template or blank."
        >
          <CardTable label="Schedules">
            <thead>
              <tr>
                <th>Schedule</th>
                <th>Client</th>
                <th>Recurs</th>
                <th>Next due</th>
                <th>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data?.maintenanceSchedules.map((s) => (
                <tr key={s.id}>
                  <td className="font-medium">
                    {s.title}
                    {s.status === 'PAUSED' && <span className="ml-2 text-xs text-slate-500">Paused</span>}
                  </td>
                  <td>{s.clientName}</td>
                  <td>{recursText(s.recurrence)}</td>
                  <td>{s.nextDueDates.map(formatCalendarDate).join(', ') || '—'}</td>
                  <td>
                    <div className="flex flex-wrap gap-2">
                      <AdminButton
                        variant="secondary"
                        onPress={() => void setStatus(s.id, s.status === 'PAUSED' ? 'ACTIVE' : 'PAUSED')}
                      >
                        {s.status === 'PAUSED' ? 'Resume' : 'Pause'}
                      </AdminButton>
                      <AdminButton
                        variant="ghost"
                        aria-label={`Delete ${s.title}`}
                        onPress={() => setDeleting({ id: s.id, title: s.title, clientName: s.clientName })}
                      >
                        Delete
                      </AdminButton>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </CardTable>
        </ListState>
      </Section>
      <ConfirmDialog
        title="Delete this schedule?"
        message={
          deleting
            ? `"${deleting.title}" for ${deleting.clientName} stops making tasks. Its open tasks no one has started are deleted with it; tasks that are done, ticked, timed or have evidence are kept.`
            : ''
        }
        undo={`${CANNOT_UNDO} To stop it for a while instead, Pause it.`}
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        onConfirm={() => deleting && void del(deleting.id)}
        isPending={removing.fetching}
      />
      {data && (
        <ScheduleForm
          templates={data.maintenanceTemplates}
          clients={data.quoteClientOptions}
          onDone={reload}
        />
      )}
    </div>
  )
}

/** A schedule's recurrence as GraphQL sends it, in words ("Every month on the 1st", recurrence.ts). */
export function recursText(r: {
  freq: string
  interval: number
  byMonthDay: number | null
  byWeekday: string | null
}) {
  return recurrenceText({ ...r, freq: fromEnum('MaintenanceFreq', r.freq) as MaintenanceFreq })
}
