import { adminMeta, adminScreen } from '../admin/route'

export const meta = adminMeta('Renewals')

export default adminScreen(
  import.meta.env.SSR
    ? null
    : () => import('../admin/assets/Renewals').then((m) => ({ default: m.RenewalsScreen })),
)
