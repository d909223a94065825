import { adminMeta, adminScreen } from '../admin/route'

export const meta = adminMeta('Invoices')

export default adminScreen(
  import.meta.env.SSR
    ? null
    : () => import('../admin/billing/InvoicesPage').then((m) => ({ default: m.InvoicesPage })),
)
