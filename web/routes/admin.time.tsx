import { adminMeta, adminScreen } from '../admin/route'

export const meta = adminMeta('Time')

export default adminScreen(
  import.meta.env.SSR
    ? null
    : () => import('../admin/billing/TimePage').then((m) => ({ default: m.TimePage })),
)
