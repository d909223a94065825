import { adminMeta, adminScreen } from '../admin/route'

export const meta = adminMeta('Plans')

export default adminScreen(
  import.meta.env.SSR
    ? null
    : () => import('../admin/plans/PlansPage').then((m) => ({ default: m.PlansPage })),
)
