import { lazy, Suspense } from 'react'
import type { MetaFunction } from 'react-router'
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

// One loading screen for both: a plain function, because React Router moves
// HydrateFallback into a chunk of its own, where the page cannot reach it.
export const HydrateFallback = () => <Loading />

function Loading() {
  return (
    <main id="main" className="flex min-h-[60vh] items-center justify-center px-4 pt-24">
      <p role="status" className="text-slate-600">
        Loading...
      </p>
    </main>
  )
}

// The server only ever renders HydrateFallback for this route (it has a
// clientLoader), so the admin's code (react-aria, urql, the GraphQL documents)
// is left out of the server build: the Worker bundle went from 1,055 to 860 KB
// gzip (ADR 070). In the browser it is a chunk of its own, fetched right after
// this route's module.
const AdminPage = import.meta.env.SSR
  ? () => null
  : lazy(() => import('../admin/AdminPage').then((m) => ({ default: m.AdminPage })))

export default function Admin() {
  return (
    <Suspense fallback={<Loading />}>
      <AdminPage />
    </Suspense>
  )
}
