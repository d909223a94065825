import { adminMeta, adminScreen } from '../admin/route'

export const meta = adminMeta('Security')

export default adminScreen(
  import.meta.env.SSR
    ? null
    : () => import('../admin/security/SecurityPage').then((m) => ({ default: m.SecurityPage })),
)
