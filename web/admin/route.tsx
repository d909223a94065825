// What every admin route module (web/routes/admin.*.tsx) is made of, so that a
// new screen is one short file: its title, its error boundary and its screen,
// loaded on demand. Light on purpose: the route modules import it statically,
// while the screens (react-aria, urql, the GraphQL documents) stay in chunks
// of their own that only the admin ever fetches (ADR 122).
import { Component, type ComponentType, lazy, type ReactNode, Suspense } from 'react'
import { Link, type MetaFunction, useLocation } from 'react-router'
import { pageMeta } from '../lib/meta'
import { siteFromMatches } from '../lib/site'

export const ADMIN_TITLE = 'Portfolio Admin'

/** The document title of an admin screen: the screen first, so that tabs and history tell them apart. */
export const adminTitle = (screen?: string) => (screen ? `${screen} · ${ADMIN_TITLE}` : ADMIN_TITLE)

export const adminMeta =
  (screen?: string): MetaFunction =>
  ({ matches, location }) =>
    pageMeta({
      title: adminTitle(screen),
      description: 'Owner administration.',
      siteUrl: siteFromMatches(matches).config.siteUrl,
      path: location.pathname,
      noindex: true,
    })

export function AdminLoading() {
  return (
    <div className="flex min-h-[40vh] items-center justify-center">
      <p role="status" className="text-slate-600">
        Loading...
      </p>
    </div>
  )
}

type Load = () => Promise<{ default: ComponentType }>

/**
 * A screen as a route's component. `load` must be written
 * `import.meta.env.SSR ? null : () => import(...)` in the route module itself:
 * only there does the bundler see that the server build never needs the
 * screen, so the Worker bundle stays free of the admin (ADR 070). The server
 * never renders it anyway: the /admin layout has a clientLoader, so the server
 * stops at its HydrateFallback.
 */
export function adminScreen(load: Load | null, heading?: string): ComponentType {
  if (!load) return () => null
  const Screen = lazy(load)
  return function AdminScreen() {
    const { pathname } = useLocation()
    return (
      // Keyed by the address: moving to another screen, or Back, gives it a fresh start after an error.
      <ScreenErrorBoundary key={pathname}>
        <Suspense fallback={<AdminLoading />}>
          {heading ? (
            <ScreenFrame heading={heading}>
              <Screen />
            </ScreenFrame>
          ) : (
            <Screen />
          )}
        </Suspense>
      </ScreenErrorBoundary>
    )
  }
}

/** The heading of a screen whose component has none of its own (the content areas that were tabs). */
function ScreenFrame({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold text-slate-900">{heading}</h1>
      {children}
    </div>
  )
}

/**
 * Each screen's error boundary: one screen failing (a bad chunk after a
 * deploy, a render error) leaves the admin's navigation standing and shows
 * AdminError in place of the screen alone. A React boundary inside the screen
 * rather than React Router's `ErrorBoundary` export: the admin's screens have
 * no loaders, so a render is all that can fail, and the export would make the
 * public entry chunk export React Router's error-boundary wrapper to the admin
 * chunks, bytes on every public page (e2e/public-budget.spec.ts, ADR 122).
 */
class ScreenErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  state = { error: undefined as unknown }
  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('Unknown error') }
  }
  componentDidCatch(error: unknown) {
    console.error(error)
  }
  render() {
    return this.state.error === undefined ? this.props.children : <AdminError error={this.state.error} />
  }
}

export function AdminError({ error }: { error: unknown }) {
  const status =
    typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number'
      ? error.status
      : null
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-4 rounded-lg border border-red-200 bg-red-50 p-6"
    >
      <h1 className="text-2xl font-bold text-slate-900">
        {status === 404 ? 'Not found' : 'This screen could not be shown'}
      </h1>
      <p className="text-slate-700">
        {status === 404
          ? 'There is nothing at this address in the admin.'
          : 'Something went wrong while showing it. Reload the page to try again; the rest of the admin still works.'}
      </p>
      <Link to="/admin" className="font-medium text-blue-800 underline">
        Go to the overview
      </Link>
    </div>
  )
}
