import { adminMeta, adminScreen } from '../admin/route'

export const meta = adminMeta('Risk analysis')

export default adminScreen(
  import.meta.env.SSR
    ? null
    : () => import('../admin/risk/RiskAnalysisPage').then((m) => ({ default: m.RiskAnalysisScreen })),
)
