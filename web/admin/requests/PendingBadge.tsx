import { useQuery } from 'urql'
import { CONSULTATIONS_QUERY, needsOwner, SUPPORT_REQUESTS_QUERY } from './queries'

/**
 * Pending requests of both kinds, and those with an unread customer reply
 * (shares the tab's queries and cache). Null until both lists are in: a count
 * of one kind alone would show, then grow, a number that was never true.
 */
export function usePendingCount(): number | null {
  const [{ data: c }] = useQuery({ query: CONSULTATIONS_QUERY })
  const [{ data: s }] = useQuery({ query: SUPPORT_REQUESTS_QUERY })
  if (!c || !s) return null
  return c.consultations.filter(needsOwner).length + s.supportRequests.filter(needsOwner).length
}

/** The "Pending" count badge for the tab label: nothing when no request is pending. */
export function PendingBadge() {
  const count = usePendingCount()
  if (!count) return null
  return (
    <span className="inline-flex min-w-5 items-center justify-center rounded-full bg-amber-500 px-1.5 text-xs font-bold text-slate-950">
      {count}
      <span className="sr-only"> pending</span>
    </span>
  )
}
