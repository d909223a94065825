import { adminMeta, adminScreen } from '../admin/route'

export const meta = adminMeta('Training')

export default adminScreen(
  import.meta.env.SSR
    ? null
    : () => import('../admin/people/TrainingScreen').then((m) => ({ default: m.TrainingScreen })),
)
