// Compliance > Risk analyses (/admin/compliance/risk-analyses, issue 39.4):
// every client's yearly HIPAA risk analysis with its progress, findings not
// met or partly met, open remediation tasks and when the next one is due; and
// "Start a risk analysis" for a client, the ones due (none yet, or the last
// one 11 months old) marked.
import { useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { useQuery } from 'urql'
import { formatCalendarDate } from '../../../schema/slot-time'
import { OwnerPage } from '../OwnerPage'
import { useSave } from '../save'
import { AdminButton, AdminSelect, CardTable, ListState, Section } from '../ui'
import { RISK_OVERVIEW, START_RISK_ANALYSIS } from './queries'
import { linkClass } from './shared'

export function RiskListScreen() {
  return (
    <OwnerPage
      title="Risk analyses"
      description={() => "Each client's yearly HIPAA risk analysis: findings, evidence and remediation"}
    >
      <RiskList />
    </OwnerPage>
  )
}

function RiskList() {
  const [overview] = useQuery({ query: RISK_OVERVIEW })
  const [starting, start] = useSave(START_RISK_ANALYSIS, { failure: 'Not started' })
  const [clientId, setClientId] = useState('')
  const [error, setError] = useState('')
  const navigate = useNavigate()
  const rows = overview.data?.riskAnalysisRows ?? []
  const clients = overview.data?.riskAnalysisClients ?? []
  const due = clients.filter((c) => c.due)
  // The due clients first, so the one to pick is at the top of the list.
  const options = [...due, ...clients.filter((c) => !c.due)].map((c) => ({
    value: c.id,
    label: `${c.name} · ${
      c.lastAnalysisDate
        ? `${c.due ? 'due, ' : ''}last ${formatCalendarDate(c.lastAnalysisDate)}`
        : 'due, none yet'
    }`,
  }))

  async function begin() {
    if (!clientId) {
      setError('Choose a client')
      return
    }
    const result = await start({ clientId }, 'Risk analysis started')
    if (!result.ok) return setError(result.message)
    navigate(`/admin/compliance/risk-analyses/${result.data.startRiskAnalysis.id}`)
  }

  return (
    <>
      <Link to="/admin/compliance" className={`${linkClass} inline-block py-1 text-sm`}>
        Back to Compliance
      </Link>
      <Section title="Start a risk analysis">
        <p className="mb-3 text-sm text-slate-700">
          {due.length
            ? `Due for ${due.length} client${due.length === 1 ? '' : 's'}: ${due.map((c) => c.name).join(', ')}.`
            : 'No client is due: each has an analysis from the last 11 months.'}
        </p>
        <form
          aria-label="Start a risk analysis"
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault()
            void begin()
          }}
        >
          <AdminSelect
            name="clientId"
            label="Client"
            options={options}
            value={clientId}
            onChange={(v) => {
              setClientId(v)
              setError('')
            }}
            isRequired
            className="min-w-0 flex-1 basis-64"
          />
          <AdminButton type="submit" isDisabled={starting.fetching}>
            Start a risk analysis
          </AdminButton>
        </form>
        {error && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {error}
          </p>
        )}
      </Section>
      <Section title="Analyses">
        <ListState
          loading={overview.fetching && !overview.data}
          error={overview.data ? undefined : overview.error}
          empty={rows.length === 0}
          emptyText="No risk analysis yet."
        >
          <CardTable label="Risk analyses">
            <thead>
              <tr>
                <th>Client</th>
                <th>Started</th>
                <th>Progress</th>
                <th>Findings</th>
                <th>Open tasks</th>
                <th>Next due</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <td>
                    <Link
                      to={`/admin/compliance/risk-analyses/${r.id}`}
                      className={`${linkClass} font-medium`}
                    >
                      {r.clientName}
                    </Link>
                  </td>
                  <td>
                    {formatCalendarDate(r.analysisDate)}
                    {r.status === 'completed' && <span className="ml-1 text-green-800">· completed</span>}
                  </td>
                  <td>{`${r.answeredCount} of ${r.itemCount} answered`}</td>
                  <td>{`${r.notMetCount} not met, ${r.partlyCount} partly`}</td>
                  <td>
                    {r.openTaskCount}
                    {r.nextTaskDue && ` · next ${formatCalendarDate(r.nextTaskDue)}`}
                  </td>
                  <td>{formatCalendarDate(r.nextAnalysisDue)}</td>
                </tr>
              ))}
            </tbody>
          </CardTable>
        </ListState>
      </Section>
    </>
  )
}
