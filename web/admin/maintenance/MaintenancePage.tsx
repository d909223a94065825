// The Maintenance area (issue 40): the tasks that need the owner (overdue,
// then due), making tasks ahead by hand (the cron makes them 7 days ahead),
// and the schedules with pause, resume and delete. A new schedule starts from
// a seeded template or blank (ScheduleForm).
import { Link } from 'react-router'
import { useMutation, useQuery } from 'urql'
import { MAINTENANCE_FREQ_LABELS, type MaintenanceFreq } from '../../../schema/maintenance'
import { addDays, businessToday, formatCalendarDate } from '../../../schema/slot-time'
import { toast } from '../../components/Toaster'
import { fromEnum } from '../graphql'
import { AdminButton, CardTable, ListState, Section } from '../ui'
import { FROM_NETWORK, messageOf } from '../urql'
import { DELETE_SCHEDULE, GENERATE_TASKS, MAINTENANCE_OVERVIEW, UPDATE_SCHEDULE } from './queries'
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
  const [, generate] = useMutation(GENERATE_TASKS)
  const [, update] = useMutation(UPDATE_SCHEDULE)
  const [, remove] = useMutation(DELETE_SCHEDULE)
  const data = overview.data
  const reload = () => refetch(FROM_NETWORK)
  const due = [...(data?.overdue ?? []), ...(data?.open ?? [])]

  async function makeTasks() {
    const result = await generate({ until: addDays(businessToday(), 30) })
    if (result.error) {
      toast({ title: 'No tasks made', description: messageOf(result.error), variant: 'destructive' })
      return
    }
    toast({
      title: `${result.data?.generateMaintenanceTasks ?? 0} tasks made`,
      description: 'Due in the next 30 days.',
    })
    reload()
  }

  async function setStatus(id: string, status: 'ACTIVE' | 'PAUSED') {
    const result = await update({ id, input: { status } })
    if (result.error) {
      toast({ title: 'Not changed', description: messageOf(result.error), variant: 'destructive' })
      return
    }
    reload()
  }

  async function del(id: string) {
    const result = await remove({ id })
    if (result.error) {
      toast({ title: 'Not deleted', description: messageOf(result.error), variant: 'destructive' })
      return
    }
    toast({ title: 'Schedule deleted', description: 'Its done tasks are kept.' })
    reload()
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
                      <AdminButton variant="ghost" onPress={() => void del(s.id)}>
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

const ORDINALS: Record<string, string> = { '1': '1st', '2': '2nd', '3': '3rd', '4': '4th', '-1': 'last' }
const DAYS: Record<string, string> = {
  MO: 'Monday',
  TU: 'Tuesday',
  WE: 'Wednesday',
  TH: 'Thursday',
  FR: 'Friday',
  SA: 'Saturday',
  SU: 'Sunday',
}

/** "Monthly on day 31", "Every 2 weeks on Saturday", "Monthly on the 2nd Tuesday". */
export function recursText(r: {
  freq: string
  interval: number
  byMonthDay: number | null
  byWeekday: string | null
}) {
  const freq = fromEnum('MaintenanceFreq', r.freq) as MaintenanceFreq
  const unit = { weekly: 'weeks', monthly: 'months', quarterly: 'quarters', yearly: 'years' }[freq]
  const head = r.interval > 1 ? `Every ${r.interval} ${unit}` : MAINTENANCE_FREQ_LABELS[freq]
  const m = r.byWeekday ? /^(-1|[1-4])?([A-Z]{2})$/.exec(r.byWeekday) : null
  if (m?.[1]) return `${head} on the ${ORDINALS[m[1]]} ${DAYS[m[2]!]}`
  if (m) return `${head} on ${DAYS[m[2]!]}`
  if (r.byMonthDay) return `${head} on day ${r.byMonthDay}`
  return head
}
