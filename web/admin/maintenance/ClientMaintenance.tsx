// A client's maintenance on its page (issue 40): the schedules with their next
// due dates and the tasks (overdue first by date), each task a link to its view.
import { Link } from 'react-router'
import { useQuery } from 'urql'
import { formatCalendarDate } from '../../../schema/slot-time'
import { ListState, Section } from '../ui'
import { CLIENT_MAINTENANCE } from './queries'

const STATUS_TEXT: Record<string, string> = { OPEN: 'Open', OVERDUE: 'Overdue', DONE: 'Done' }

export function ClientMaintenance({ clientId }: { clientId: string | number }) {
  const [result] = useQuery({ query: CLIENT_MAINTENANCE, variables: { clientId: String(clientId) } })
  const schedules = result.data?.maintenanceSchedules ?? []
  const tasks = result.data?.maintenanceTasks ?? []
  return (
    <Section
      title="Maintenance"
      actions={
        // For this client (issue 52): the form on /admin/maintenance reads ?clientId= and chooses it.
        <Link
          to={`/admin/maintenance?clientId=${encodeURIComponent(String(clientId))}`}
          className="text-sm text-blue-800 underline-offset-2 hover:underline"
        >
          Add a schedule
        </Link>
      }
    >
      <ListState
        loading={result.fetching && !result.data}
        error={result.data ? undefined : result.error}
        empty={schedules.length === 0 && tasks.length === 0}
        emptyText="No maintenance scheduled for this client."
      >
        <ul aria-label="Maintenance schedules" className="mb-3 space-y-1 text-sm">
          {schedules.map((s) => (
            <li key={s.id}>
              <span className="font-medium">{s.title}</span>
              {s.status === 'PAUSED'
                ? ' · paused'
                : s.nextDueDates[0] && ` · next due ${formatCalendarDate(s.nextDueDates[0])}`}
            </li>
          ))}
        </ul>
        <ul aria-label="Maintenance tasks" className="divide-y divide-slate-200 text-sm">
          {tasks.slice(-12).map((t) => (
            <li key={t.id} className="flex flex-wrap justify-between gap-2 py-1">
              <Link
                to={`/admin/maintenance/tasks/${t.id}`}
                className="text-blue-800 underline-offset-2 hover:underline"
              >
                {t.title}
              </Link>
              <span className={t.status === 'OVERDUE' ? 'text-red-800' : 'text-slate-600'}>
                {STATUS_TEXT[t.status] ?? t.status} · {formatCalendarDate(t.dueDate)}
                {t.evidenceCount > 0 && ` · ${t.evidenceCount} evidence`}
              </span>
            </li>
          ))}
        </ul>
      </ListState>
    </Section>
  )
}
