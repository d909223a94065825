import { adminMeta, adminScreen } from '../admin/route'

export const meta = adminMeta('Files')

export default adminScreen(
  import.meta.env.SSR ? null : () => import('../admin/files/FilesTab').then((m) => ({ default: m.FilesTab })),
  'Files',
)
