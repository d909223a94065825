import { adminMeta, adminScreen } from '../admin/route'

export const meta = adminMeta('Risk analyses')

export default adminScreen(
  import.meta.env.SSR
    ? null
    : () => import('../admin/risk/RiskListScreen').then((m) => ({ default: m.RiskListScreen })),
)
