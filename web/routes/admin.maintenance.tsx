import { adminMeta, adminScreen } from '../admin/route'

export const meta = adminMeta('Maintenance')

export default adminScreen(
  import.meta.env.SSR
    ? null
    : () => import('../admin/maintenance/MaintenanceScreen').then((m) => ({ default: m.MaintenanceScreen })),
)
