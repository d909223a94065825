import { Navigate, useLocation } from 'react-router'
import { adminMeta, adminScreen } from '../admin/route'

export const meta = adminMeta('Invoice')

// The id from the path with useLocation, which the public pages already ship: useParams would add its bytes
// to every public page's shared react-router code (e2e/public-budget.spec.ts).
function Invoice({ Page }: { Page: typeof import('../admin/billing/InvoicePage').InvoicePage }) {
  const id = /^\/admin\/invoices\/(\d+)\/?$/.exec(useLocation().pathname)?.[1]
  return id ? <Page id={id} /> : <Navigate to="/admin/invoices" replace />
}

export default adminScreen(
  import.meta.env.SSR
    ? null
    : () =>
        import('../admin/billing/InvoicePage').then((m) => ({
          default: () => <Invoice Page={m.InvoicePage} />,
        })),
)
