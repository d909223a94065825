import { AdminErrorBoundary, adminMeta, adminScreen } from '../admin/route'

export const meta = adminMeta('Resumes')
export const ErrorBoundary = AdminErrorBoundary

export default adminScreen(
  import.meta.env.SSR
    ? null
    : () => import('../admin/resumes/ResumesTab').then((m) => ({ default: m.ResumesTab })),
  'Resumes',
)
