// One area of the overview (/admin): its own module so that the sections of
// MORE_FOR_TODAY, which live in their areas' folders, import it without a cycle.
import type { ReactNode } from 'react'
import { Link } from 'react-router'

type Line = { key: string; to: string; title: ReactNode; detail?: ReactNode }

/** One area of the overview: its count in the heading, its lines as links, and what to say when there are none. */
export function OverviewSection({
  title,
  lines,
  empty,
  more,
  fetching,
  error,
}: {
  title: string
  lines: Line[] | null
  empty: string
  more: { to: string; label: string }
  fetching?: boolean
  error?: boolean
}) {
  return (
    <section
      aria-label={title}
      className="flex min-w-0 flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h3 className="flex items-center justify-between gap-2 font-semibold text-slate-900">
        {title}
        {lines && (
          <span className="rounded-full bg-slate-100 px-2 text-sm text-slate-700">{lines.length}</span>
        )}
      </h3>
      {error ? (
        <p role="alert" className="text-sm text-red-800">
          Could not load this list. Reload the page to try again.
        </p>
      ) : !lines ? (
        <p role="status" className="text-sm text-slate-600">
          {fetching === false ? '' : 'Loading...'}
        </p>
      ) : lines.length === 0 ? (
        <p className="text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-100">
          {lines.slice(0, 8).map((line) => (
            <li key={line.key} className="py-2 text-sm break-words">
              <Link to={line.to} className="font-medium text-blue-800 underline">
                {line.title}
              </Link>
              {line.detail && <p className="text-slate-600">{line.detail}</p>}
            </li>
          ))}
        </ul>
      )}
      <Link to={more.to} className="mt-auto text-sm font-medium text-slate-700 underline">
        {more.label}
      </Link>
    </section>
  )
}
