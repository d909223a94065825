// The overview's incidents (issue 39, MORE_FOR_TODAY): every incident with a
// client still to notify, the soonest deadline first, with its clock.
import { useQuery } from 'urql'
import { OverviewSection } from '../overview/OverviewSection'
import { incidentClock } from './clock'
import { OPEN_INCIDENTS } from './queries'

export function IncidentClocks() {
  const [{ data, fetching, error }] = useQuery({ query: OPEN_INCIDENTS })
  const lines = data
    ? data.incidents
        .map((i) => ({ i, clock: incidentClock(i.deadlines) }))
        .filter(({ clock }) => clock.state === 'open' || clock.state === 'overdue')
        .sort((a, b) =>
          'dueAt' in a.clock && 'dueAt' in b.clock ? a.clock.dueAt.localeCompare(b.clock.dueAt) : 0,
        )
        .map(({ i, clock }) => ({
          key: i.id,
          to: `/admin/compliance/incidents/${i.id}`,
          title: `${i.reference}: ${i.title}`,
          detail: (
            <span
              data-testid="incident-clock"
              className={clock.state === 'overdue' ? 'font-semibold text-red-800' : undefined}
            >
              {clock.text}
            </span>
          ),
        }))
    : null
  return (
    <OverviewSection
      title="Incident clocks"
      fetching={fetching}
      error={!!error}
      lines={lines}
      empty="No incident waits for a notice."
      more={{ to: '/admin/compliance', label: 'Compliance' }}
    />
  )
}
