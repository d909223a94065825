import { adminMeta, adminScreen } from '../admin/route'

export const meta = adminMeta('Plans')

export default adminScreen(
  import.meta.env.SSR
    ? null
    : () => import('../admin/plans/PlansScreen').then((m) => ({ default: m.PlansScreen })),
)
