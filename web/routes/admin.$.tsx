import type { MetaFunction } from 'react-router'
import { AdminPage } from '../admin/AdminPage'
import { pageMeta } from '../lib/meta'
import { siteFromMatches } from '../lib/site'

// The admin panel and its Security area (/admin/security): rendered in the
// browser only (it is the owner's session and GraphQL); its code is loaded on
// /admin alone. AdminPage picks the area from the path.
export const handle = { private: true }

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Portfolio Admin',
    description: 'Owner administration.',
    siteUrl: siteFromMatches(matches).config.siteUrl,
    path: '/admin',
    noindex: true,
  })

export const clientLoader = () => null

export function HydrateFallback() {
  return (
    <main id="main" className="flex min-h-[60vh] items-center justify-center px-4 pt-24">
      <p role="status" className="text-slate-600">
        Loading...
      </p>
    </main>
  )
}

export default AdminPage
