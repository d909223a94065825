import { adminMeta, adminScreen } from '../admin/route'

export const meta = adminMeta('Clients')

export default adminScreen(
  import.meta.env.SSR
    ? null
    : () => import('../admin/clients/ClientsPage').then((m) => ({ default: m.ClientsPage })),
)
