import { lazy, Suspense } from 'react'
import { adminMeta } from '../admin/route'

// The admin's frame (sign-in gate, navigation, account); each screen, with
// its own title and error boundary (web/admin/route.tsx), is a
// route module of its own beneath it (admin.<screen>.tsx, ADR 122). Rendered
// in the browser only (it is the owner's session and GraphQL).
export const handle = { private: true }

export const meta = adminMeta()

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

// The server only ever renders HydrateFallback for this route and its children
// (it has a clientLoader), so the admin's code (react-aria, urql, the GraphQL
// documents) is left out of the server build (ADR 070). In the browser it is a
// chunk of its own, fetched right after this route's module.
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
