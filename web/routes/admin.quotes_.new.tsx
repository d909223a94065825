import { adminMeta, adminScreen } from '../admin/route'

export const meta = adminMeta('New quote')

export default adminScreen(
  import.meta.env.SSR
    ? null
    : () => import('../admin/quotes/QuotesPage').then((m) => ({ default: () => <m.QuotesPage id="new" /> })),
)
