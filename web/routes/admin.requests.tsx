import { adminMeta, adminScreen } from '../admin/route'

export const meta = adminMeta('Requests')

export default adminScreen(
  import.meta.env.SSR
    ? null
    : () => import('../admin/ConsultationsTab').then((m) => ({ default: m.ConsultationsTab })),
  'Requests',
)
