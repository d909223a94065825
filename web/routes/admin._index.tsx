import { Navigate, useLocation } from 'react-router'
import { LEGACY_TABS } from '../admin/nav'
import { adminMeta, adminScreen } from '../admin/route'

// /admin: what needs the owner today (issue 36.6, ADR 123).
export const meta = adminMeta('Overview')

const Overview = adminScreen(
  import.meta.env.SSR
    ? null
    : () => import('../admin/overview/OverviewPage').then((m) => ({ default: m.OverviewPage })),
)

export default function AdminIndex() {
  const { search } = useLocation()
  const params = new URLSearchParams(search)
  const legacy = LEGACY_TABS[params.get('tab') ?? '']
  if (legacy) {
    // The tab addresses before the admin had routes (/admin?tab=consultations&q=...), bookmarks and old e-mails.
    params.delete('tab')
    const rest = params.toString()
    return <Navigate to={`${legacy}${rest ? `?${rest}` : ''}`} replace />
  }
  return <Overview />
}
