import { adminMeta, adminScreen } from '../admin/route'

export const meta = adminMeta('Compliance')

export default adminScreen(
  import.meta.env.SSR
    ? null
    : () => import('../admin/compliance/ComplianceScreen').then((m) => ({ default: m.ComplianceScreen })),
)
