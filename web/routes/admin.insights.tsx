import { adminMeta, adminScreen } from '../admin/route'

export const meta = adminMeta('Insights')

export default adminScreen(
  import.meta.env.SSR
    ? null
    : () => import('../admin/insights/InsightsPage').then((m) => ({ default: m.InsightsPage })),
)
