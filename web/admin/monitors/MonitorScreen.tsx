// One monitor (/admin/monitors/<id>, issue 54): its state and uptime, "Check
// now", pause and resume, delete (asked first; its history stays in past
// reports), the response times as a small SVG drawn on the server, the recent
// checks and the outages with their support requests.
import { useState } from 'react'
import { Link, Navigate, useLocation, useNavigate } from 'react-router'
import { Provider, useQuery } from 'urql'
import { formatBusinessDateTime } from '../../../schema/business-time'
import { durationWords, uptimeWords } from '../../../schema/monitors'
import { OwnerPage } from '../OwnerPage'
import { useSave } from '../save'
import { AdminButton, CardTable, ConfirmDialog, ListState, Section } from '../ui'
import { FROM_NETWORK, useAdminClient } from '../urql'
import { CHECK_MONITOR, DELETE_MONITOR, MONITOR_QUERY, SET_MONITOR_PAUSED } from './queries'
import { kindLabel, stateClass, stateLabel, targetOf } from './words'

const link = 'text-blue-800 underline-offset-2 hover:underline'
const when = (at: unknown) => formatBusinessDateTime(String(at))

export function MonitorScreen() {
  const id = /^\/admin\/monitors\/(\d+)\/?$/.exec(useLocation().pathname)?.[1]
  if (!id) return <Navigate to="/admin/monitors" replace />
  return (
    <OwnerPage title="Monitor" description={() => 'A watched website, backup, certificate or domain'}>
      <Provider value={useAdminClient()}>
        <MonitorPage id={id} />
      </Provider>
    </OwnerPage>
  )
}

function MonitorPage({ id }: { id: string }) {
  const [{ data, fetching, error }, refetch] = useQuery({ query: MONITOR_QUERY, variables: { id } })
  const [checking, check] = useSave(CHECK_MONITOR, { failure: 'Not checked' })
  const [pausing, setPaused] = useSave(SET_MONITOR_PAUSED, { failure: 'Not changed' })
  const [deleting, remove] = useSave(DELETE_MONITOR, { failure: 'Not deleted' })
  const [confirming, setConfirming] = useState(false)
  const navigate = useNavigate()
  const m = data?.monitor
  const refresh = () => refetch(FROM_NETWORK)
  return (
    <ListState loading={fetching && !data} error={error} empty={!m} emptyText="This monitor does not exist.">
      {m && (
        <>
          <p className="flex flex-wrap gap-4 text-sm">
            <Link to="/admin/monitors" className={link}>
              All monitors
            </Link>
            <Link to={`/admin/clients/${m.clientId}`} className={link}>
              {m.clientName}
            </Link>
          </p>
          <Section
            title={m.name}
            actions={
              <div className="flex flex-wrap gap-2">
                <AdminButton
                  isDisabled={checking.fetching}
                  onPress={async () => {
                    await check({ id }, ({ checkMonitor: c }) => ({
                      title: c.ok ? 'Check passed' : 'Check failed',
                      description: c.error ?? stateLabel(c.state),
                    }))
                    refresh()
                  }}
                >
                  Check now
                </AdminButton>
                <AdminButton
                  variant="secondary"
                  isDisabled={pausing.fetching}
                  onPress={async () => {
                    const paused = m.state !== 'PAUSED'
                    await setPaused(
                      { id, paused },
                      { title: paused ? 'Monitor paused' : 'Monitor resumed', description: m.name },
                    )
                    refresh()
                  }}
                >
                  {m.state === 'PAUSED' ? 'Resume' : 'Pause'}
                </AdminButton>
                <AdminButton variant="destructive" onPress={() => setConfirming(true)}>
                  Delete
                </AdminButton>
              </div>
            }
          >
            <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
              <div>
                <dt className="text-slate-600">State</dt>
                <dd>
                  <span className={stateClass(m.state)} data-testid="monitor-state">
                    {stateLabel(m.state)}
                  </span>
                </dd>
              </div>
              <div>
                <dt className="text-slate-600">Uptime, 30 days</dt>
                <dd className="font-semibold">{uptimeWords(m.uptime30d ?? null)}</dd>
              </div>
              <div>
                <dt className="text-slate-600">Kind</dt>
                <dd>{kindLabel(m.kind)}</dd>
              </div>
              <div className="min-w-0">
                <dt className="text-slate-600">Watching</dt>
                <dd className="break-all">
                  {targetOf(m)}
                  {m.keyword && ` (${m.keywordAbsent ? 'must not contain' : 'must contain'} "${m.keyword}")`}
                </dd>
              </div>
              {m.heartbeatUrl && (
                <div className="min-w-0 sm:col-span-2">
                  <dt className="text-slate-600">Push URL (call it after each run, GET or POST)</dt>
                  <dd className="break-all font-mono text-xs">{m.heartbeatUrl}</dd>
                </div>
              )}
              <div>
                <dt className="text-slate-600">Checked every</dt>
                <dd>{durationWords(m.intervalMinutes * 60_000)}</dd>
              </div>
              {m.expiresAt && (
                <div>
                  <dt className="text-slate-600">
                    {m.kind === 'TLS' ? 'Certificate ends' : 'Registration ends'}
                  </dt>
                  <dd>{when(m.expiresAt)}</dd>
                </div>
              )}
            </dl>
          </Section>
          <Section title="Response time">
            {m.checks.some((c) => c.ms != null) ? (
              <img
                src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(m.responseChartSvg)}`}
                alt={`Response times of the last ${m.checks.length} checks; the last was ${m.lastResponseMs ?? 'not measured'} ms`}
                className="h-auto w-full max-w-2xl rounded border border-slate-200"
              />
            ) : (
              <p className="text-sm text-slate-600">No response times yet.</p>
            )}
          </Section>
          <Section title="Outages in 30 days">
            <ListState loading={false} error={undefined} empty={!m.outages.length} emptyText="No outage.">
              <ul className="divide-y divide-slate-200 text-sm">
                {m.outages.map((o) => (
                  <li key={o.id} className="py-2">
                    <span className="font-medium">
                      {o.endedAt
                        ? `${when(o.startedAt)}: down ${durationWords(new Date(String(o.endedAt)).getTime() - new Date(String(o.startedAt)).getTime())}`
                        : `Down since ${when(o.startedAt)}`}
                    </span>
                    {o.cause && <span className="block text-slate-600">{o.cause}</span>}
                    {o.requestId && (
                      <Link to="/admin/requests?kind=support" className={`block ${link}`}>
                        Its support request
                      </Link>
                    )}
                  </li>
                ))}
              </ul>
            </ListState>
          </Section>
          <Section title="Recent checks">
            <ListState
              loading={false}
              error={undefined}
              empty={!m.checks.length}
              emptyText="Not checked yet."
            >
              <CardTable label="Recent checks">
                <thead className="text-slate-600">
                  <tr>
                    <th className="py-2 font-medium">When</th>
                    <th className="py-2 font-medium">Result</th>
                    <th className="py-2 font-medium">Answer</th>
                    <th className="py-2 font-medium">Time</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200">
                  {m.checks.map((c, i) => (
                    <tr key={`${String(c.at)}-${i}`}>
                      <td className="py-2">{when(c.at)}</td>
                      <td className={`py-2 font-medium ${c.ok ? 'text-green-800' : 'text-red-800'}`}>
                        {c.ok ? 'Passed' : 'Failed'}
                      </td>
                      <td className="py-2 break-words">
                        {c.error ?? (c.status != null ? String(c.status) : 'Passed')}
                      </td>
                      <td className="py-2">{c.ms != null ? `${c.ms} ms` : ''}</td>
                    </tr>
                  ))}
                </tbody>
              </CardTable>
            </ListState>
          </Section>
          <ConfirmDialog
            title="Delete this monitor?"
            message={`${m.name} stops being checked and leaves the lists. Its past checks stay in the monthly reports.`}
            isOpen={confirming}
            onOpenChange={setConfirming}
            isPending={deleting.fetching}
            onConfirm={async () => {
              const deleted = await remove({ id }, { title: 'Monitor deleted', description: m.name })
              setConfirming(false)
              if (deleted.ok) navigate('/admin/monitors')
            }}
          />
        </>
      )}
    </ListState>
  )
}
