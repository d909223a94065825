// /admin/insights (issue 18): the owner's counts of visits, sources and the
// path from a page view to a request. Reached from the admin header like the
// Security area; the six tabs of SPEC §2 are unchanged. The range lives in
// the address (?days=7|30|90, or ?from=&to= for a custom range).
import { type FormEvent, useEffect, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import type { Count, InsightsReport } from '../../../schema/insights'
import { formatShortDate } from '../../../schema/slot-time'
import { ApiRequestError } from '../../lib/api'
import { AdminDateField } from '../DateField'
import { OwnerPage } from '../OwnerPage'
import { getJson } from '../rest'
import { linkButtonClass, Section } from '../ui'
import { BarChart, DataTable, HBarChart } from './charts'

type Steps = InsightsReport['funnels'][number]['steps']

export type { InsightsReport }

const PRESETS = ['7', '30', '90'] as const
const FORM_NAMES = { consultation: 'Consultation form', support: 'IT support form' } as const
const STEP_LABELS: [keyof Steps, string][] = [
  ['shown', 'Shown'],
  ['started', 'Started'],
  ['submitted', 'Submitted'],
  ['rejected', 'Rejected'],
  ['failed', 'Failed'],
]

export function InsightsPage() {
  return (
    <OwnerPage
      title="Insights"
      description={() =>
        'Visits, sources and requests, counted without cookies. Your own signed-in visits are not counted.'
      }
    >
      <Insights />
    </OwnerPage>
  )
}

function Insights() {
  const [params, setParams] = useSearchParams()
  const query = rangeQuery(params)
  const [state, setState] = useState<
    { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; report: InsightsReport }
  >({ status: 'loading' })

  useEffect(() => {
    let live = true
    setState({ status: 'loading' })
    getJson<InsightsReport>(`/api/insights?${query}`)
      .then((report) => live && setState({ status: 'ready', report }))
      .catch((error: unknown) => {
        if (!live) return
        const fields = error instanceof ApiRequestError ? Object.values(error.fieldErrors) : []
        setState({
          status: 'error',
          message: fields.join(' ') || 'The insights could not be loaded. Please try again.',
        })
      })
    return () => {
      live = false
    }
  }, [query])

  const preset = params.get('from') || params.get('to') ? 'custom' : (params.get('days') ?? '30')
  const [from, setFrom] = useState(() => params.get('from') ?? '')
  const [to, setTo] = useState(() => params.get('to') ?? '')

  function onCustom(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setParams({ from, to })
  }

  return (
    <>
      <nav aria-label="Date range" className="flex flex-wrap items-end gap-3">
        {PRESETS.map((days) => (
          <Link
            key={days}
            to={`?days=${days}`}
            aria-current={preset === days ? 'page' : undefined}
            className={`${linkButtonClass} aria-[current=page]:border-blue-700 aria-[current=page]:bg-blue-700 aria-[current=page]:text-white`}
          >
            Last {days} days
          </Link>
        ))}
        <form onSubmit={onCustom} className="flex flex-wrap items-end gap-2" aria-label="Custom range">
          {/* Date pickers (issue 52.7); each carries its YYYY-MM-DD in a hidden input named from / to. */}
          <AdminDateField name="from" label="From" value={from} onChange={setFrom} isRequired />
          <AdminDateField name="to" label="To" value={to} onChange={setTo} isRequired />
          <button type="submit" className={linkButtonClass} aria-pressed={preset === 'custom'}>
            Show custom range
          </button>
        </form>
      </nav>

      {state.status === 'loading' && (
        <p role="status" className="text-slate-600">
          Loading...
        </p>
      )}
      {state.status === 'error' && (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800">
          {state.message}
        </p>
      )}
      {state.status === 'ready' && <Report report={state.report} />}
    </>
  )
}

/** The API query for the address's range (30 days when none is given). */
export function rangeQuery(params: URLSearchParams): string {
  const from = params.get('from')
  const to = params.get('to')
  if (from || to) return new URLSearchParams({ from: from ?? '', to: to ?? '' }).toString()
  return `days=${params.get('days') ?? '30'}`
}

function TopList({ title, items, noun }: { title: string; items: Count[]; noun: string }) {
  return (
    <Section title={title}>
      {items.length === 0 ? (
        <p className="text-slate-600">Nothing counted in this range.</p>
      ) : (
        <>
          <HBarChart
            bars={items.map((i) => ({ label: i.label, value: i.count }))}
            summary={`${title}: ${items.map((i) => `${i.label} ${i.count}`).join(', ')}`}
          />
          <DataTable caption={title} columns={[noun, 'Count']} rows={items.map((i) => [i.label, i.count])} />
        </>
      )}
    </Section>
  )
}

function Report({ report }: { report: InsightsReport }) {
  const totalRequests = report.requestsPerWeek.reduce((sum, w) => sum + w.consultations + w.support, 0)
  return (
    <>
      <Section title="Visits per day">
        <p className="mb-3 text-slate-700">
          <span className="text-2xl font-bold text-slate-900" data-testid="total-views">
            {report.totalViews}
          </span>{' '}
          page views from {formatShortDate(report.from)} to {formatShortDate(report.to)};{' '}
          {report.resumeDownloads} resume downloads.
        </p>
        <BarChart
          bars={report.days.map((d) => ({ label: formatShortDate(d.day), value: d.views }))}
          summary={`Page views per day from ${formatShortDate(report.from)} to ${formatShortDate(report.to)}, ${report.totalViews} in all`}
        />
        <DataTable
          caption="Visits per day"
          columns={['Day', 'Page views']}
          rows={report.days.map((d) => [formatShortDate(d.day), d.views])}
        />
      </Section>

      <Section title="Form funnel">
        <div className="grid gap-6 md:grid-cols-2">
          {report.funnels.map((funnel) => (
            <div key={funnel.form}>
              <h3 className="mb-2 font-semibold text-slate-900">{FORM_NAMES[funnel.form]}</h3>
              <HBarChart
                bars={STEP_LABELS.map(([step, label]) => ({ label, value: funnel.steps[step] }))}
                summary={`${FORM_NAMES[funnel.form]}: ${STEP_LABELS.map(([s, l]) => `${l} ${funnel.steps[s]}`).join(', ')}`}
              />
              <DataTable
                caption={`${FORM_NAMES[funnel.form]} funnel`}
                columns={['Step', 'Count']}
                rows={STEP_LABELS.map(([step, label]) => [label, funnel.steps[step]])}
              />
              {funnel.rejectedFields.length > 0 && (
                <p className="mt-2 text-sm text-slate-700">
                  Most refused fields:{' '}
                  {funnel.rejectedFields.map((f) => `${f.label} (${f.count})`).join(', ')}
                </p>
              )}
            </div>
          ))}
        </div>
      </Section>

      <Section title="Requests per week">
        <p className="mb-3 text-slate-700">{totalRequests} requests received in this range.</p>
        <BarChart
          bars={report.requestsPerWeek.map((w) => ({
            label: formatShortDate(w.week),
            value: w.consultations + w.support,
            title: `Week of ${formatShortDate(w.week)}: ${w.consultations} consultations, ${w.support} support requests`,
          }))}
          summary={`Requests per week, ${totalRequests} in all`}
        />
        <DataTable
          caption="Requests per week"
          columns={['Week of', 'Consultations', 'Support requests']}
          rows={report.requestsPerWeek.map((w) => [formatShortDate(w.week), w.consultations, w.support])}
        />
      </Section>

      <div className="grid gap-6 md:grid-cols-2">
        <TopList title="Top pages" items={report.pages} noun="Page" />
        <TopList title="Top referrers" items={report.referrers} noun="Site" />
        <TopList title="Top campaigns" items={report.campaigns} noun="Source / medium / campaign" />
        <TopList title="Top projects" items={report.projects} noun="Project" />
        <TopList title="Catalogue filters" items={report.filters} noun="Category" />
        <TopList title="Devices" items={report.devices} noun="Device" />
        <TopList title="Countries" items={report.countries} noun="Country" />
      </div>
    </>
  )
}
