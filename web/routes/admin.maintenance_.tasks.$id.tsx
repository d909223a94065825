import { adminMeta, adminScreen } from '../admin/route'

export const meta = adminMeta('Maintenance task')

export default adminScreen(
  import.meta.env.SSR
    ? null
    : () => import('../admin/maintenance/TaskPage').then((m) => ({ default: m.TaskScreen })),
)
