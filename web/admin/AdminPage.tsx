import { lazy, Suspense, useEffect, useState } from 'react'
import { Button } from 'react-aria-components'
import { Link, Outlet, useLocation, useNavigate } from 'react-router'
import { Provider } from 'urql'
import { ERRORS, TOASTS } from '../../schema/messages'
import { toast } from '../components/Toaster'
import { ApiRequestError } from '../lib/api'
import { logout, useAuth } from '../state/auth'
import { ADMIN_NAV } from './nav'
import { SignedOut } from './OwnerPage'
import { PendingBadge } from './requests/PendingBadge'
import { AdminLoading } from './route'
import { useAdminClient } from './urql'

const HeaderTimer = lazy(() => import('./billing/HeaderTimer').then((m) => ({ default: m.HeaderTimer })))

/**
 * The frame of every admin screen (ADR 122, 123): the sign-in gate (SPEC §2;
 * the Worker refuses every admin call without a session anyway), the
 * navigation and the account area, and the screen of the URL in <Outlet />.
 * The screens are route modules (web/routes/admin.*.tsx); this file no longer
 * decides which one shows.
 */
export function AdminPage() {
  const { status, user } = useAuth()
  const client = useAdminClient()

  if (status === 'unknown') {
    return (
      <main id="main" className="px-4 pt-24">
        <AdminLoading />
      </main>
    )
  }
  if (!user) return <SignedOut title="Portfolio Admin" />

  return (
    <Provider value={client}>
      <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 pt-24 pb-16 lg:flex-row lg:gap-10">
        <AdminNav username={user.username} />
        <main id="main" className="min-w-0 flex-1">
          <Outlet />
        </main>
      </div>
    </Provider>
  )
}

/** Whether a menu item is the screen shown: the overview only on /admin itself, the others with their sub-pages. */
const isCurrent = (to: string, pathname: string) => {
  const path = pathname.replace(/\/+$/, '') || '/'
  return to === '/admin' ? path === to : path === to || path.startsWith(`${to}/`)
}

/** The menu's list; one admin frame per page, so a fixed id. */
const listId = 'admin-menu'

const itemClass = (isActive: boolean) =>
  `flex items-center justify-between gap-2 rounded-md px-3 py-2 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-blue-600 ${
    isActive ? 'bg-slate-900 text-white' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
  }`

/**
 * A sidebar from 1024 px; below, a Menu button that opens the same list, so a
 * 375 px phone shows the screen first instead of fifteen buttons (issue 36.6).
 * The account (View Portfolio, Logout) closes the list, where people look for it.
 */
function AdminNav({ username }: { username: string }) {
  const [open, setOpen] = useState(false)
  const { pathname, search } = useLocation()
  // A choice made in the open menu takes the phone to the screen, with the menu closed.
  useEffect(() => setOpen(false), [pathname, search])

  return (
    <nav aria-label="Admin" className="lg:w-56 lg:shrink-0">
      <div className="flex items-center justify-between gap-3 border-b border-slate-200 pb-3 lg:border-0 lg:pb-4">
        <Link to="/admin" className="text-lg font-bold text-slate-900">
          Admin
        </Link>
        <div className="flex min-w-0 items-center gap-2">
          <Suspense fallback={null}>
            <HeaderTimer />
          </Suspense>
          <button
            type="button"
            aria-expanded={open}
            aria-controls={listId}
            onClick={() => setOpen((o) => !o)}
            className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-900 outline-none hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-blue-600 lg:hidden"
          >
            Menu
          </button>
        </div>
      </div>
      <div id={listId} className={`${open ? 'block' : 'hidden'} pt-3 lg:block lg:pt-0`}>
        {ADMIN_NAV.map((group) => (
          <div key={group.label} className="mb-4">
            <p className="px-3 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
              {group.label}
            </p>
            <ul className="flex flex-col gap-0.5">
              {group.items.map((item) => (
                <li key={item.to}>
                  {/* Link rather than NavLink: each react-router function an admin chunk imports is one more export of the public entry chunk (web/admin/route.tsx). */}
                  <Link
                    to={item.to}
                    aria-current={isCurrent(item.to, pathname) ? 'page' : undefined}
                    className={itemClass(isCurrent(item.to, pathname))}
                  >
                    {item.label}
                    {item.to === '/admin/requests' && <PendingBadge />}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
        <div aria-label="Account" role="group" className="mt-2 border-t border-slate-200 px-3 pt-3 text-sm">
          <p className="text-slate-600">Signed in as {username}</p>
          <div className="mt-2 flex flex-wrap items-center gap-3">
            <Link to="/" className="font-medium text-blue-800 underline">
              View Portfolio
            </Link>
            <LogoutButton />
          </div>
        </div>
      </div>
    </nav>
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

  // Secondary on purpose (issue 36.6): signing out is the way out, not the main action of the admin.
  return (
    <Button
      onPress={onLogout}
      isPending={pending}
      className="rounded-md border border-slate-300 px-3 py-1.5 font-medium text-slate-800 outline-none hover:bg-slate-100 data-[pending]:opacity-80 data-[focus-visible]:ring-2 data-[focus-visible]:ring-blue-600"
    >
      Logout
    </Button>
  )
}
