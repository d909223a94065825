import { adminMeta, adminScreen } from '../admin/route'

export const meta = adminMeta('Monitors')

export default adminScreen(
  import.meta.env.SSR
    ? null
    : () => import('../admin/monitors/MonitorsScreen').then((m) => ({ default: m.MonitorsScreen })),
)
