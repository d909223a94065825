// The Compliance area (/admin/compliance, issue 39): the BAA register and its
// form, the clients that need a BAA and have none, the incidents with their
// notification clocks and the form for a new one, and the way to the yearly
// risk analyses (their own screens).
import { Link } from 'react-router'
import { useQuery } from 'urql'
import { formatBusinessDateTime } from '../../../schema/business-time'
import { formatCalendarDate } from '../../../schema/slot-time'
import { OwnerPage } from '../OwnerPage'
import { PeopleDesk } from '../people/PeopleDesk'
import { CardTable, ListState, Section } from '../ui'
import { FROM_NETWORK } from '../urql'
import { BaaForm, EditBaa } from './BaaForm'
import { incidentClock } from './clock'
import { IncidentForm } from './IncidentForm'
import { COMPLIANCE } from './queries'

const link = 'text-blue-800 underline-offset-2 hover:underline'

export function ComplianceScreen() {
  return (
    <OwnerPage
      title="Compliance"
      description={() => 'BAAs on file, incidents against the notification clock, risk analyses'}
    >
      <CompliancePage />
    </OwnerPage>
  )
}

export function CompliancePage() {
  const [result, refetch] = useQuery({ query: COMPLIANCE })
  const reload = () => refetch(FROM_NETWORK)
  const data = result.data
  const clients = data?.quoteClientOptions ?? []
  return (
    <div className="flex flex-col gap-6">
      <p>
        <Link to="/admin/compliance/risk-analyses" className={`${link} font-medium`}>
          Risk analyses
        </Link>
      </p>
      <ListState
        loading={result.fetching && !data}
        error={data ? undefined : result.error}
        empty={false}
        emptyText=""
      >
        {data && (
          <>
            <PeopleDesk />
            <Section title="Incidents">
              {data.incidents.length === 0 ? (
                <p className="text-sm text-slate-600">No incident recorded.</p>
              ) : (
                <ul aria-label="Incidents" className="divide-y divide-slate-200">
                  {data.incidents.map((i) => {
                    const clock = incidentClock(i.deadlines)
                    return (
                      <li key={i.id} className="flex flex-col gap-1 py-3 text-sm break-words">
                        <Link to={`/admin/compliance/incidents/${i.id}`} className={`${link} font-medium`}>
                          {i.reference}: {i.title}
                        </Link>
                        <span className="text-slate-600">
                          Discovered {formatBusinessDateTime(i.discoveredAt)} ·{' '}
                          {i.deadlines.map((d) => d.clientName).join(', ')}
                        </span>
                        <span
                          data-testid="incident-clock"
                          className={
                            clock.state === 'overdue'
                              ? 'font-semibold text-red-800'
                              : clock.state === 'open'
                                ? 'font-medium text-slate-900'
                                : 'text-green-800'
                          }
                        >
                          {clock.text}
                        </span>
                      </li>
                    )
                  })}
                </ul>
              )}
            </Section>
            <IncidentForm clients={clients} onDone={reload} />
            <Section title="BAAs on file">
              {data.baas.length === 0 ? (
                <p className="text-sm text-slate-600">No BAA on file yet.</p>
              ) : (
                <CardTable label="BAAs on file">
                  <thead>
                    <tr>
                      <th>Client</th>
                      <th>Effective</th>
                      <th>Renewal</th>
                      <th>Notice period</th>
                      <th>Source</th>
                      <th>SHA-256</th>
                      <th>Document</th>
                      <th>
                        <span className="sr-only">Actions</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.baas.map((b) => (
                      <tr key={b.id}>
                        <td>
                          <Link to={`/admin/clients/${b.clientId}`} className={link}>
                            {b.clientName}
                          </Link>
                        </td>
                        <td>{formatCalendarDate(b.effectiveDate)}</td>
                        <td>{b.renewalDate ? formatCalendarDate(b.renewalDate) : 'Open-ended'}</td>
                        <td>
                          {b.notificationDays} {b.notificationDayKind} days
                        </td>
                        <td>{b.source === 'quote' ? 'Accepted quote' : 'Recorded'}</td>
                        <td>
                          {b.documentSha256 ? (
                            <code title={b.documentSha256}>{b.documentSha256.slice(0, 12)}</code>
                          ) : (
                            '-'
                          )}
                        </td>
                        <td>
                          {b.documentUrl ? (
                            <a href={b.documentUrl} className={link} target="_blank" rel="noreferrer">
                              PDF
                            </a>
                          ) : (
                            'None'
                          )}
                        </td>
                        <td>
                          <EditBaa baa={b} onDone={reload} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </CardTable>
              )}
            </Section>
            <Section title="Clients without a BAA">
              {data.clientsMissingBaa.length === 0 ? (
                <p className="text-sm text-slate-600">Every client that needs one has a BAA on file.</p>
              ) : (
                <ul aria-label="Clients without a BAA" className="space-y-1 text-sm">
                  {data.clientsMissingBaa.map((c) => (
                    <li key={c.clientId}>
                      <Link to={`/admin/clients/${c.clientId}`} className={`${link} text-red-800`}>
                        {c.clientName}
                      </Link>{' '}
                      <span className="text-slate-600">({missingReasons(c).join(', ')}; no BAA)</span>
                    </li>
                  ))}
                </ul>
              )}
            </Section>
            <BaaForm clients={clients} onDone={reload} />
          </>
        )}
      </ListState>
    </div>
  )
}

/** Why a client is flagged: each reason the service found, in words. */
function missingReasons(c: { handlesPhi: boolean; ephiAssets: number; baaRequests: number }) {
  return [
    c.handlesPhi ? 'healthcare practice' : null,
    c.ephiAssets > 0 ? `${c.ephiAssets} ePHI asset${c.ephiAssets === 1 ? '' : 's'}` : null,
    c.baaRequests > 0 ? 'asked for the BAA' : null,
  ].filter((r): r is string => r !== null)
}
