import { Navigate, useLocation } from 'react-router'
import { adminMeta, adminScreen } from '../admin/route'

export const meta = adminMeta('Quote')

// The id from the path with useLocation, which the public pages already ship: useParams would add its bytes
// to every public page's shared react-router code (e2e/public-budget.spec.ts).
function Quote({ Page }: { Page: typeof import('../admin/quotes/QuotesPage').QuotesPage }) {
  const id = /^\/admin\/quotes\/(\d+)\/?$/.exec(useLocation().pathname)?.[1]
  return id ? <Page id={id} /> : <Navigate to="/admin/quotes" replace />
}

export default adminScreen(
  import.meta.env.SSR
    ? null
    : () =>
        import('../admin/quotes/QuotesPage').then((m) => ({ default: () => <Quote Page={m.QuotesPage} /> })),
)
