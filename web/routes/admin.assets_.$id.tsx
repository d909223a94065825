import { adminMeta, adminScreen } from '../admin/route'

export const meta = adminMeta('Asset')

export default adminScreen(
  import.meta.env.SSR
    ? null
    : () => import('../admin/assets/AssetScreen').then((m) => ({ default: m.AssetScreen })),
)
