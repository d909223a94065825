// The overview's "Background jobs" card (issue 54, MORE_FOR_TODAY): one quiet
// line while every scheduled job runs; red, naming each failing or stalled job
// with its error, when one does not.
import { useQuery } from 'urql'
import { formatBusinessDateTime } from '../../../schema/business-time'
import { JOBS_QUERY } from './queries'

export function BackgroundJobs() {
  const [{ data, error }] = useQuery({ query: JOBS_QUERY })
  const jobs = data?.jobs ?? []
  const trouble = jobs.filter((j) => j.state !== 'OK')
  const red = trouble.length > 0
  return (
    <section
      aria-label="Background jobs"
      className={`flex min-w-0 flex-col gap-2 rounded-lg border p-4 ${red ? 'border-red-400 bg-red-50' : 'border-slate-200 bg-white'}`}
    >
      <h3 className={`font-semibold ${red ? 'text-red-900' : 'text-slate-900'}`}>Background jobs</h3>
      {error ? (
        <p role="alert" className="text-sm text-red-800">
          Could not load the jobs. Reload the page to try again.
        </p>
      ) : !data ? (
        <p role="status" className="text-sm text-slate-600">
          Loading...
        </p>
      ) : red ? (
        <ul className="flex flex-col gap-2 text-sm" data-testid="job-trouble">
          {trouble.map((j) => (
            <li key={j.name} className="break-words text-red-900">
              <span className="font-semibold">{j.label}</span>
              {` ${j.state === 'STALLED' ? 'has stalled' : 'is failing'}`}
              {j.lastError && <span className="block">{j.lastError}</span>}
              <span className="block text-red-800">
                {j.lastOkAt
                  ? `Last success: ${formatBusinessDateTime(String(j.lastOkAt))}`
                  : 'No success yet'}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">{`All ${jobs.length} scheduled jobs are running.`}</p>
      )}
    </section>
  )
}
