import { adminMeta, adminScreen } from '../admin/route'

export const meta = adminMeta('Monitor')

export default adminScreen(
  import.meta.env.SSR
    ? null
    : () => import('../admin/monitors/MonitorScreen').then((m) => ({ default: m.MonitorScreen })),
)
