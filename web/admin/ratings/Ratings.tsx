// Ratings in the admin (issue 40): on a support request (its dialog), per
// client (the client page) and, for poor ones not yet handled, on the
// overview until the owner marks them handled.
import { useMutation, useQuery } from 'urql'
import { OverviewSection } from '../overview/OverviewSection'
import { AdminButton, formatDate, ListState, Section } from '../ui'
import { MARK_RATING_HANDLED, RATING_FOLLOW_UPS, RATINGS_QUERY, ratingLabel } from './queries'

const tone: Record<string, string> = {
  GOOD: 'bg-emerald-100 text-emerald-900',
  OKAY: 'bg-amber-100 text-amber-900',
  POOR: 'bg-red-100 text-red-900',
}

export function RatingPill({ rating, prefix = '' }: { rating: string; prefix?: string }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-sm font-semibold ${tone[rating] ?? ''}`}>
      {prefix}
      {ratingLabel(rating)}
    </span>
  )
}

/** The requester's rating of one support request, when given. */
export function RequestRating({ requestId }: { requestId: string }) {
  const [{ data }] = useQuery({ query: RATINGS_QUERY, variables: { requestId } })
  const rating = data?.ratings[0]
  if (!rating) return null
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-slate-800">
      Rated <RatingPill rating={rating.rating} /> on {formatDate(rating.at)}
      {rating.comment && <span className="break-words">“{rating.comment}”</span>}
    </p>
  )
}

/** The client page's ratings, newest first. */
export function ClientRatings({ clientId }: { clientId: string }) {
  const [{ data, fetching, error }] = useQuery({ query: RATINGS_QUERY, variables: { clientId } })
  const ratings = data?.ratings ?? []
  return (
    <Section title="Ratings">
      <ListState
        loading={fetching && !data}
        error={data ? undefined : error}
        empty={ratings.length === 0}
        emptyText="No ratings yet."
      >
        <ul aria-label="Ratings" className="divide-y divide-slate-200 text-sm">
          {ratings.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center gap-2 py-2">
              <RatingPill rating={r.rating} />
              <span className="font-medium">{r.requestReference}</span>
              <span className="text-slate-600">{formatDate(r.at)}</span>
              {r.comment && <span className="basis-full break-words text-slate-700">“{r.comment}”</span>}
            </li>
          ))}
        </ul>
      </ListState>
    </Section>
  )
}

/** The overview's follow-ups: poor ratings until marked handled. */
export function PoorRatingFollowUps() {
  const [{ data, error }] = useQuery({ query: RATING_FOLLOW_UPS })
  const [, markHandled] = useMutation(MARK_RATING_HANDLED)
  const lines = data
    ? data.ratingFollowUps.map((r) => ({
        key: r.id,
        to: `/admin/requests/${encodeURIComponent(r.requestReference)}`,
        title: `Poor rating of ${r.requestReference}${r.clientName ? ` (${r.clientName})` : ''}`,
        detail: (
          <span className="flex flex-wrap items-center gap-2">
            {r.comment ? <span className="break-words">“{r.comment}”</span> : 'No comment.'}
            <AdminButton
              variant="secondary"
              className="px-2 py-1"
              onPress={() => markHandled({ id: r.id }, { additionalTypenames: ['Rating'] })}
            >
              Mark handled
            </AdminButton>
          </span>
        ),
      }))
    : null
  return (
    <OverviewSection
      title="Poor ratings to follow up"
      lines={lines}
      empty="No poor rating waiting for a follow-up."
      more={{ to: '/admin/requests?kind=support', label: 'All support requests' }}
      error={Boolean(error)}
    />
  )
}
