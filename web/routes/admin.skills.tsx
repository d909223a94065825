import { adminMeta, adminScreen } from '../admin/route'

export const meta = adminMeta('Skills')

export default adminScreen(
  import.meta.env.SSR
    ? null
    : () => import('../admin/skills/SkillsTab').then((m) => ({ default: m.SkillsTab })),
  'Skills',
)
