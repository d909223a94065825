import { adminMeta, adminScreen } from '../admin/route'

export const meta = adminMeta('Content')

export default adminScreen(
  import.meta.env.SSR
    ? null
    : () => import('../admin/content/ContentTab').then((m) => ({ default: m.ContentTab })),
  'Content',
)
