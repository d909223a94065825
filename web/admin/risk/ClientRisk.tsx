// A client's risk analysis on its page (issue 39.4): the latest one with its
// date and progress, a link to it, or "Start a risk analysis" when there is
// none yet or the last one is due again.
import { Link, useNavigate } from 'react-router'
import { useQuery } from 'urql'
import { businessToday, formatCalendarDate } from '../../../schema/slot-time'
import { useSave } from '../save'
import { AdminButton, ListState, Section } from '../ui'
import { CLIENT_RISK, START_RISK_ANALYSIS } from './queries'
import { linkClass } from './shared'

export function ClientRisk({ clientId }: { clientId: string | number }) {
  const [result] = useQuery({ query: CLIENT_RISK, variables: { clientId: String(clientId) } })
  const [starting, start] = useSave(START_RISK_ANALYSIS, { failure: 'Not started' })
  const navigate = useNavigate()
  const latest = result.data?.riskAnalysisRows[0]
  const due = !latest || latest.nextAnalysisDue <= businessToday()

  async function begin() {
    const started = await start({ clientId: String(clientId) })
    if (!started.ok) return
    navigate(`/admin/compliance/risk-analyses/${started.data.startRiskAnalysis.id}`)
  }

  return (
    <Section
      title="Risk analysis"
      actions={
        due ? (
          <AdminButton variant="secondary" onPress={() => void begin()} isDisabled={starting.fetching}>
            Start a risk analysis
          </AdminButton>
        ) : undefined
      }
    >
      <ListState
        loading={result.fetching && !result.data}
        error={result.data ? undefined : result.error}
        empty={!latest}
        emptyText="No risk analysis yet."
      >
        {latest && (
          <p className="text-sm">
            <Link to={`/admin/compliance/risk-analyses/${latest.id}`} className={`${linkClass} font-medium`}>
              {`Risk analysis of ${formatCalendarDate(latest.analysisDate)}`}
            </Link>
            <span className="text-slate-700">
              {` · ${latest.answeredCount} of ${latest.itemCount} answered`}
              {latest.status === 'completed' ? ' · completed' : ' · in progress'}
              {latest.openTaskCount > 0 && ` · ${latest.openTaskCount} open tasks`}
              {due ? ' · a new one is due' : ` · next due ${formatCalendarDate(latest.nextAnalysisDue)}`}
            </span>
          </p>
        )}
      </ListState>
    </Section>
  )
}
