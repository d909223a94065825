import { useQuery } from 'urql'
import { CONSULTATIONS_QUERY, SUPPORT_REQUESTS_QUERY } from './queries'

/** Pending requests of both kinds (shares the tab's queries and cache). */
export function usePendingCount(): number {
  const [{ data: c }] = useQuery({ query: CONSULTATIONS_QUERY })
  const [{ data: s }] = useQuery({ query: SUPPORT_REQUESTS_QUERY })
  const pending = (rows: readonly { status: string }[] | undefined) =>
    rows?.filter((r) => r.status === 'PENDING').length ?? 0
  return pending(c?.consultations) + pending(s?.supportRequests)
}

/** The "Pending" count badge for the tab label: nothing when no request is pending. */
export function PendingBadge() {
  const count = usePendingCount()
  if (count === 0) return null
  return (
    <span className="inline-flex min-w-5 items-center justify-center rounded-full bg-amber-500 px-1.5 text-xs font-bold text-slate-950">
      {count}
      <span className="sr-only"> pending</span>
    </span>
  )
}
