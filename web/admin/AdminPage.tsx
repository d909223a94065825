import { lazy, Suspense, useState } from 'react'
import { Button } from 'react-aria-components'
import { Link, Navigate, useLocation, useNavigate } from 'react-router'
import { Provider } from 'urql'
import { ERRORS, TOASTS } from '../../schema/messages'
import { toast } from '../components/Toaster'
import { ApiRequestError } from '../lib/api'
import { logout, useAuth } from '../state/auth'
import { AdminTabs } from './AdminTabs'
import { SignedOut } from './OwnerPage'
import { useAdminClient } from './urql'

const SecurityPage = lazy(() => import('./security/SecurityPage').then((m) => ({ default: m.SecurityPage })))
const AvailabilityPage = lazy(() =>
  import('./availability/AvailabilityPage').then((m) => ({ default: m.AvailabilityPage })),
)

const ClientsPage = lazy(() => import('./clients/ClientsPage').then((m) => ({ default: m.ClientsPage })))
const QuotesPage = lazy(() => import('./quotes/QuotesPage').then((m) => ({ default: m.QuotesPage })))
const AgreementsPage = lazy(() =>
  import('./quotes/AgreementsPage').then((m) => ({ default: m.AgreementsPage })),
)

const InsightsPage = lazy(() => import('./insights/InsightsPage').then((m) => ({ default: m.InsightsPage })))
// Time and invoices (issue 26): their own pages, so the six tabs stay as SPEC §2 has them.
const TimePage = lazy(() => import('./billing/TimePage').then((m) => ({ default: m.TimePage })))
const InvoicesPage = lazy(() => import('./billing/InvoicesPage').then((m) => ({ default: m.InvoicesPage })))
const HeaderTimer = lazy(() => import('./billing/HeaderTimer').then((m) => ({ default: m.HeaderTimer })))

const loading = (
  <main id="main" className="flex min-h-[60vh] items-center justify-center px-4 pt-24">
    <p role="status" className="text-slate-600">
      Loading...
    </p>
  </main>
)

/**
 * /admin, /admin/security (the Security area, issue 13), /admin/insights (issue 18) and
 * /admin/availability (booking hours, issue 17); any other /admin/... goes to /admin.
 */
export function AdminPage() {
  const path = useLocation().pathname.replace(/\/+$/, '')
  if (path === '/admin/security') {
    return (
      <Suspense fallback={loading}>
        <SecurityPage />
      </Suspense>
    )
  }
  if (path === '/admin/availability') {
    return (
      <Suspense fallback={loading}>
        <AvailabilityPage />
      </Suspense>
    )
  }
  if (path === '/admin/insights') {
    return (
      <Suspense fallback={loading}>
        <InsightsPage />
      </Suspense>
    )
  }
  // Clients (issue 24): the list and /admin/clients/<id>.
  if (path === '/admin/clients' || /^\/admin\/clients\/\d+$/.test(path)) {
    return (
      <Suspense fallback={loading}>
        <ClientsPage />
      </Suspense>
    )
  }
  // Quotes and agreement templates (issue 25): /admin/quotes, /admin/quotes/new, /admin/quotes/<id>.
  const quote = /^\/admin\/quotes(?:\/(new|\d+))?$/.exec(path)
  if (quote) {
    return (
      <Suspense fallback={loading}>
        <QuotesPage id={quote[1] ?? null} />
      </Suspense>
    )
  }
  if (path === '/admin/agreements') {
    return (
      <Suspense fallback={loading}>
        <AgreementsPage />
      </Suspense>
    )
  }
  if (path === '/admin/time') {
    return (
      <Suspense fallback={loading}>
        <TimePage />
      </Suspense>
    )
  }
  if (path === '/admin/invoices') {
    return (
      <Suspense fallback={loading}>
        <InvoicesPage />
      </Suspense>
    )
  }
  if (path !== '/admin') return <Navigate to="/admin" replace />
  return <AdminHome />
}

const linkButton =
  'inline-flex items-center justify-center rounded-md px-4 py-2 font-medium outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2'

// /admin (SPEC §2): gated on the client by being signed in; every admin call is
// also refused by the Worker without a session.
function AdminHome() {
  const { status, user } = useAuth()
  const client = useAdminClient()

  if (status === 'unknown') return loading

  if (!user) return <SignedOut title="Portfolio Admin" />

  return (
    <main id="main" className="mx-auto max-w-6xl px-4 pt-24 pb-16">
      <header className="mb-8 flex flex-col gap-4 border-b border-slate-200 pb-6 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">Portfolio Admin</h1>
          <p className="mt-1 text-slate-600">Welcome back, {user.username}</p>
        </div>
        {/* Wraps on a phone: at 375 px the links do not fit one row (issue 28). */}
        <div className="flex flex-wrap items-center gap-3">
          <Link to="/" className={`${linkButton} border border-slate-300 text-slate-900 hover:bg-slate-100`}>
            View Portfolio
          </Link>
          {/* Clients (issue 24), its own area like Security. */}
          <Link
            to="/admin/clients"
            className={`${linkButton} border border-slate-300 text-slate-900 hover:bg-slate-100`}
          >
            Clients
          </Link>
          {/* Insights (issue 18) and the Security area (issue 13) are their own pages, so the six tabs stay as SPEC §2 has them. */}
          <Link
            to="/admin/insights"
            className={`${linkButton} border border-slate-300 text-slate-900 hover:bg-slate-100`}
          >
            Insights
          </Link>
          <Link
            to="/admin/security"
            className={`${linkButton} border border-slate-300 text-slate-900 hover:bg-slate-100`}
          >
            Security
          </Link>
          {/* Quotes and agreements (issue 25), their own pages like Security. */}
          <Link
            to="/admin/quotes"
            className={`${linkButton} border border-slate-300 text-slate-900 hover:bg-slate-100`}
          >
            Quotes
          </Link>
          {/* The running timer, and time and invoices (issue 26), their own pages like Security. */}
          <Suspense fallback={null}>
            <Provider value={client}>
              <HeaderTimer />
            </Provider>
          </Suspense>
          <Link
            to="/admin/time"
            className={`${linkButton} border border-slate-300 text-slate-900 hover:bg-slate-100`}
          >
            Time
          </Link>
          <Link
            to="/admin/invoices"
            className={`${linkButton} border border-slate-300 text-slate-900 hover:bg-slate-100`}
          >
            Invoices
          </Link>
          {/* Booking hours (issue 17), its own page like Security. */}
          <Link
            to="/admin/availability"
            className={`${linkButton} border border-slate-300 text-slate-900 hover:bg-slate-100`}
          >
            Availability
          </Link>
          <LogoutButton />
        </div>
      </header>
      <AdminTabs />
    </main>
  )
}

function LogoutButton() {
  const navigate = useNavigate()
  const [pending, setPending] = useState(false)

  async function onLogout() {
    setPending(true)
    try {
      await logout()
      toast(TOASTS.logoutSuccess)
      navigate('/')
    } catch (error) {
      setPending(false)
      toast({
        title: ERRORS.logoutFailedTitle,
        description: (error instanceof ApiRequestError && error.serverMessage) || ERRORS.logoutFailedFallback,
        variant: 'destructive',
      })
    }
  }

  return (
    <Button
      onPress={onLogout}
      isPending={pending}
      className="inline-flex items-center justify-center rounded-md bg-slate-900 px-4 py-2 font-medium text-white outline-none hover:bg-slate-700 data-[pending]:opacity-80 data-[focus-visible]:ring-2 data-[focus-visible]:ring-blue-600 data-[focus-visible]:ring-offset-2"
    >
      Logout
    </Button>
  )
}
