import { adminMeta, adminScreen } from '../admin/route'

export const meta = adminMeta('Availability')

export default adminScreen(
  import.meta.env.SSR
    ? null
    : () => import('../admin/availability/AvailabilityPage').then((m) => ({ default: m.AvailabilityPage })),
)
