import { adminMeta, adminScreen } from '../admin/route'

export const meta = adminMeta('Projects')

export default adminScreen(
  import.meta.env.SSR
    ? null
    : () => import('../admin/projects/ProjectsTab').then((m) => ({ default: m.ProjectsTab })),
  'Projects',
)
