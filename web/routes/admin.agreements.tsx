import { adminMeta, adminScreen } from '../admin/route'

export const meta = adminMeta('Agreements')

export default adminScreen(
  import.meta.env.SSR
    ? null
    : () => import('../admin/quotes/AgreementsPage').then((m) => ({ default: m.AgreementsPage })),
)
