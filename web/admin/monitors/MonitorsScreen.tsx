// The Monitors area (/admin/monitors, issue 54): every client's monitors, the
// ones down first, each a link to its page; "Add monitor". A client's page
// shows its own in ClientMonitors.
import { useState } from 'react'
import { Link } from 'react-router'
import { Provider, useQuery } from 'urql'
import { formatBusinessDateTime } from '../../../schema/business-time'
import { OwnerPage } from '../OwnerPage'
import { AdminButton, CardTable, ListState, Section } from '../ui'
import { FROM_NETWORK, useAdminClient } from '../urql'
import { MaintenanceWindows } from './MaintenanceWindows'
import { MonitorForm } from './MonitorForm'
import { MONITORS_QUERY } from './queries'
import { kindLabel, stateClass, stateLabel, targetOf } from './words'

const link = 'text-blue-800 underline-offset-2 hover:underline'

export function MonitorsScreen() {
  return (
    <OwnerPage
      title="Monitors"
      description={() => "Your clients' websites, backups, certificates and domains, watched"}
    >
      <Provider value={useAdminClient()}>
        <MonitorList />
      </Provider>
    </OwnerPage>
  )
}

export function MonitorList({ clientId }: { clientId?: string }) {
  const [{ data, fetching, error }, refetch] = useQuery({
    query: MONITORS_QUERY,
    variables: clientId ? { clientId } : {},
  })
  const [adding, setAdding] = useState(false)
  const rows = data?.monitors ?? []
  return (
    <Section
      title={clientId ? 'Monitors' : 'All monitors'}
      actions={<AdminButton onPress={() => setAdding(true)}>Add monitor</AdminButton>}
    >
      <ListState
        loading={fetching && !data}
        error={error}
        empty={!rows.length}
        emptyText="No monitor yet. Add one to watch a website, a backup, a certificate or a domain."
      >
        <CardTable label="Monitors">
          <thead className="text-slate-600">
            <tr>
              <th className="py-2 font-medium">State</th>
              <th className="py-2 font-medium">Monitor</th>
              {!clientId && <th className="py-2 font-medium">Client</th>}
              <th className="py-2 font-medium">Watching</th>
              <th className="py-2 font-medium">Last check</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {rows.map((m) => (
              <tr key={m.id} data-state={m.state}>
                <td className="py-2">
                  <span className={stateClass(m.state)}>{stateLabel(m.state)}</span>
                </td>
                <td className="py-2">
                  <Link to={`/admin/monitors/${m.id}`} className={link}>
                    {m.name}
                  </Link>{' '}
                  <span className="text-slate-600">({kindLabel(m.kind)})</span>
                </td>
                {!clientId && (
                  <td className="py-2">
                    <Link to={`/admin/clients/${m.clientId}`} className={link}>
                      {m.clientName}
                    </Link>
                  </td>
                )}
                <td className="py-2 break-all">{targetOf(m)}</td>
                <td className="py-2">
                  {m.lastCheckedAt
                    ? `${formatBusinessDateTime(String(m.lastCheckedAt))}${m.lastResponseMs != null ? `, ${m.lastResponseMs} ms` : ''}`
                    : 'Not yet'}
                </td>
              </tr>
            ))}
          </tbody>
        </CardTable>
      </ListState>
      {adding && (
        <MonitorForm
          clientId={clientId}
          onClose={(saved) => {
            setAdding(false)
            if (saved) refetch(FROM_NETWORK)
          }}
        />
      )}
    </Section>
  )
}

/** The client page's sections (issue 54): its monitors and its maintenance windows. */
export function ClientMonitors({ clientId }: { clientId: string | number }) {
  const [{ data }] = useQuery({ query: MONITORS_QUERY, variables: { clientId: String(clientId) } })
  return (
    <>
      <MonitorList clientId={String(clientId)} />
      <MaintenanceWindows clientId={String(clientId)} monitors={data?.monitors ?? []} />
    </>
  )
}
