import { AdminErrorBoundary, adminMeta, adminScreen } from '../admin/route'

export const meta = adminMeta('Skills')
export const ErrorBoundary = AdminErrorBoundary

export default adminScreen(
  import.meta.env.SSR
    ? null
    : () => import('../admin/skills/SkillsTab').then((m) => ({ default: m.SkillsTab })),
  'Skills',
)
