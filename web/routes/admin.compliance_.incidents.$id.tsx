import { adminMeta, adminScreen } from '../admin/route'

export const meta = adminMeta('Incident')

export default adminScreen(
  import.meta.env.SSR
    ? null
    : () => import('../admin/compliance/IncidentPage').then((m) => ({ default: m.IncidentScreen })),
)
