// The client page's quotes (issue 36: it said "No quotes yet" whatever there
// was): each quote links to its editor, and "New quote" starts one for this client.
import { Link } from 'react-router'
import { useQuery } from 'urql'
import { formatCents } from '../../../schema/money'
import { formatShortDate } from '../../../schema/slot-time'
import { graphql } from '../graphql'
import { statusLabel } from '../quotes/quote-shared'
import { ListState, Section } from '../ui'

export const CLIENT_QUOTES = graphql(`
  query ClientQuotes($clientId: ID) {
    quotes(clientId: $clientId) {
      id
      label
      title
      status
      totalCents
      validUntil
    }
  }
`)

const linkClass = 'text-sm text-blue-800 underline-offset-2 hover:underline'

export function ClientQuotes({ clientId }: { clientId: string }) {
  const [{ data, fetching, error }] = useQuery({ query: CLIENT_QUOTES, variables: { clientId } })
  const quotes = data?.quotes ?? []
  return (
    <Section
      title="Quotes"
      actions={
        <Link to={`/admin/quotes/new?clientId=${encodeURIComponent(clientId)}`} className={linkClass}>
          New quote
        </Link>
      }
    >
      <ListState
        loading={fetching && !data}
        error={data ? undefined : error}
        empty={quotes.length === 0}
        emptyText="No quotes yet."
      >
        {
          <ul aria-label="Quotes" className="divide-y divide-slate-200 text-sm">
            {quotes.map((q) => (
              <li key={q.id} className="flex flex-wrap justify-between gap-2 py-2">
                <Link to={`/admin/quotes/${q.id}`} className={linkClass}>
                  {q.label}: {q.title}
                </Link>
                <span className="text-slate-600">
                  {statusLabel(q.status)} · {formatCents(q.totalCents)}
                  {q.validUntil ? ` · valid until ${formatShortDate(q.validUntil)}` : ''}
                </span>
              </li>
            ))}
          </ul>
        }
      </ListState>
    </Section>
  )
}
