import { adminMeta, adminScreen } from '../admin/route'

export const meta = adminMeta('Resumes')

export default adminScreen(
  import.meta.env.SSR
    ? null
    : () => import('../admin/resumes/ResumesTab').then((m) => ({ default: m.ResumesTab })),
  'Resumes',
)
