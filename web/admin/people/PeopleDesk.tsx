// The clinic's people on the compliance desk (issue 55): clients below 100%
// training completion this year, the people whose training is overdue, and
// departures with a step done more than an hour after the leave time.
import { Link } from 'react-router'
import { useQuery } from 'urql'
import { formatBusinessDateTime } from '../../../schema/business-time'
import { formatCalendarDate } from '../../../schema/slot-time'
import { CardTable, ListState, Section } from '../ui'
import { PEOPLE_DESK } from './queries'

const link = 'text-blue-800 underline-offset-2 hover:underline'

export function PeopleDesk() {
  const [{ data, fetching, error }] = useQuery({ query: PEOPLE_DESK })
  const desk = data?.peopleDesk
  const below = desk?.clients.filter((c) => c.percent < 100) ?? []
  return (
    <Section title="Workforce training and departures">
      <p className="mb-3 text-sm">
        <Link to="/admin/training" className={`${link} font-medium`}>
          Training modules
        </Link>
      </p>
      <ListState loading={fetching && !data} error={data ? undefined : error} empty={false} emptyText="">
        {desk && (
          <div className="flex flex-col gap-5 text-sm">
            <div>
              <h3 className="font-semibold text-slate-900">Clients below 100% this year</h3>
              {below.length ? (
                <CardTable label="Clients below 100% this year">
                  <thead>
                    <tr>
                      <th>Client</th>
                      <th>Done</th>
                      <th>Overdue</th>
                    </tr>
                  </thead>
                  <tbody>
                    {below.map((c) => (
                      <tr key={c.clientId}>
                        <td>
                          <Link to={`/admin/clients/${c.clientId}`} className={link}>
                            {c.clientName}
                          </Link>
                        </td>
                        <td>{`${c.done} of ${c.total} (${c.percent}%)`}</td>
                        <td>{c.overdue || '—'}</td>
                      </tr>
                    ))}
                  </tbody>
                </CardTable>
              ) : (
                <p className="text-slate-600">Every client with training assigned this year is at 100%.</p>
              )}
            </div>
            <div>
              <h3 className="font-semibold text-slate-900">Overdue people</h3>
              {desk.overdue.length ? (
                <ul className="mt-1 divide-y divide-slate-200">
                  {desk.overdue.map((o) => (
                    <li key={o.assignmentId} className="py-1.5 break-words">
                      {`${o.name} (${o.clientName}): ${o.title}, due ${formatCalendarDate(o.dueDate)}`}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-slate-600">No one is overdue.</p>
              )}
            </div>
            <div>
              <h3 className="font-semibold text-slate-900">Departures with late steps</h3>
              {desk.lateRuns.length ? (
                <ul className="mt-1 divide-y divide-slate-200">
                  {desk.lateRuns.map((r) => (
                    <li key={r.id} className="py-1.5 break-words">
                      <Link to={`/admin/clients/${r.clientId}`} className={link}>
                        {r.name}
                      </Link>
                      {` left ${r.leavesAt ? formatBusinessDateTime(r.leavesAt) : ''}: ${r.steps.filter((s) => s.late).length} late · `}
                      <a href={`/api/runs/${r.id}/pdf`} className={link}>
                        Record (PDF)
                      </a>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-slate-600">No departure had a late step.</p>
              )}
            </div>
          </div>
        )}
      </ListState>
    </Section>
  )
}
