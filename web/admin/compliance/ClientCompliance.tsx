// A client's compliance on its page (issue 39): its BAAs and the incidents
// that affect it with their clocks, each leading to the Compliance area.
import { Link } from 'react-router'
import { useQuery } from 'urql'
import { formatCalendarDate } from '../../../schema/slot-time'
import { ListState, Section } from '../ui'
import { clientClock } from './clock'
import { CLIENT_COMPLIANCE } from './queries'

const link = 'text-blue-800 underline-offset-2 hover:underline'

export function ClientCompliance({ clientId }: { clientId: string }) {
  const [result] = useQuery({ query: CLIENT_COMPLIANCE, variables: { clientId } })
  const baas = result.data?.baas ?? []
  const incidents = result.data?.incidents ?? []
  return (
    <Section
      title="Compliance"
      actions={
        <Link to="/admin/compliance" className={`text-sm ${link}`}>
          Compliance area
        </Link>
      }
    >
      <ListState
        loading={result.fetching && !result.data}
        error={result.data ? undefined : result.error}
        empty={false}
        emptyText=""
      >
        <ul aria-label="BAAs" className="mb-3 space-y-1 text-sm">
          {baas.map((b) => (
            <li key={b.id}>
              BAA from {formatCalendarDate(b.effectiveDate)}
              {b.renewalDate ? ` to ${formatCalendarDate(b.renewalDate)}` : ''} · notice within{' '}
              {b.notificationDays} {b.notificationDayKind} days
            </li>
          ))}
          {baas.length === 0 && <li className="text-slate-600">No BAA on file.</li>}
        </ul>
        <ul aria-label="Incidents" className="divide-y divide-slate-200 text-sm">
          {incidents.map((i) => {
            const mine = i.deadlines.find((d) => String(d.clientId) === String(clientId))
            const clock = mine ? clientClock(mine) : null
            return (
              <li key={i.id} className="flex flex-col py-1 break-words">
                <Link to={`/admin/compliance/incidents/${i.id}`} className={link}>
                  {i.reference}: {i.title}
                </Link>
                {clock && (
                  <span className={clock.state === 'overdue' ? 'text-red-800' : 'text-slate-600'}>
                    {clock.text}
                  </span>
                )}
              </li>
            )
          })}
        </ul>
      </ListState>
    </Section>
  )
}
