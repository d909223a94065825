// The client page's monthly service reports (issue 40): the month in progress
// (its figures so far, marked as such; issue 52) and the ended months,
// one month's figures as the client reads them in the portal and the PDF,
// and the PDF itself (the owner's REST route, opened with the session).
import { useState } from 'react'
import { useQuery } from 'urql'
import { monthLabel } from '../../../schema/service-report'
import { graphql } from '../graphql'
import { AdminSelect, ListState, linkButtonClass, Section } from '../ui'

export const REPORT_MONTHS = graphql(`
  query ReportMonths($clientId: ID!) {
    reportMonths(clientId: $clientId)
  }
`)

export const SERVICE_REPORT = graphql(`
  query ServiceReport($clientId: ID!, $period: String!) {
    serviceReport(clientId: $clientId, period: $period) {
      period
      label
      inProgress
      lines {
        label
        value
      }
    }
  }
`)

export function ClientReports({ clientId }: { clientId: string }) {
  const [{ data, fetching, error }] = useQuery({ query: REPORT_MONTHS, variables: { clientId } })
  const months = data?.reportMonths ?? []
  const [chosen, setChosen] = useState<string | null>(null)
  const period = chosen ?? months[0] ?? null
  return (
    <Section title="Service reports">
      <ListState
        loading={fetching && !data}
        error={data ? undefined : error}
        empty={months.length === 0}
        emptyText="No report yet."
      >
        {period && (
          <div className="flex flex-col gap-4">
            <div className="flex flex-wrap items-end gap-3">
              <AdminSelect
                name="reportMonth"
                label="Month"
                // The newest month is the one in progress: its report is so far.
                options={months.map((m, i) => ({
                  value: m,
                  label: i === 0 ? `${monthLabel(m)} so far` : monthLabel(m),
                }))}
                value={period}
                onChange={setChosen}
              />
              <a
                className={linkButtonClass}
                href={`/api/clients/${encodeURIComponent(clientId)}/reports/${period}.pdf`}
                target="_blank"
                rel="noreferrer"
              >
                PDF
              </a>
            </div>
            <ReportFigures clientId={clientId} period={period} />
          </div>
        )}
      </ListState>
    </Section>
  )
}

function ReportFigures({ clientId, period }: { clientId: string; period: string }) {
  const [{ data, fetching, error }] = useQuery({ query: SERVICE_REPORT, variables: { clientId, period } })
  const report = data?.serviceReport
  return (
    <ListState
      loading={fetching && !data}
      error={data ? undefined : error}
      empty={!report}
      emptyText="No report."
    >
      {report && (
        <div className="flex flex-col gap-2">
          <h3 className="font-semibold text-slate-900">{report.label}</h3>
          {report.inProgress && (
            <p className="text-sm text-slate-600">
              This month is not over yet: these are its figures so far.
            </p>
          )}
          <dl
            aria-label={`Report for ${report.label}`}
            className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2"
          >
            {report.lines.map((l) => (
              <div key={l.label} className="flex justify-between gap-4 border-b border-slate-100 py-1">
                <dt className="text-slate-600">{l.label}</dt>
                <dd className="font-semibold text-slate-900">{l.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      )}
    </ListState>
  )
}
