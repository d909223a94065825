import { Navigate, useParams } from 'react-router'
import { AdminErrorBoundary, adminMeta, adminScreen } from '../admin/route'

export const meta = adminMeta('Quote')
export const ErrorBoundary = AdminErrorBoundary

function Quote({ Page }: { Page: typeof import('../admin/quotes/QuotesPage').QuotesPage }) {
  const { id = '' } = useParams()
  return /^\d+$/.test(id) ? <Page id={id} /> : <Navigate to="/admin/quotes" replace />
}

export default adminScreen(
  import.meta.env.SSR
    ? null
    : () =>
        import('../admin/quotes/QuotesPage').then((m) => ({ default: () => <Quote Page={m.QuotesPage} /> })),
)
