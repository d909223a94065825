// The frame of an owner's screen inside the admin (Security, Availability,
// Insights, Clients, Quotes, Time, Invoices): the same sign-in gate as the
// admin itself (the Worker refuses their data without a session anyway), then
// a header with the screen's title and what it is for. The admin's layout
// (AdminPage) gives the page its <main> and the navigation back (ADR 123).
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { EMPTY_STATES } from '../../schema/messages'
import { useAuth } from '../state/auth'

const loginLink =
  'inline-flex items-center justify-center rounded-md bg-blue-700 px-4 py-2 font-medium text-white outline-none hover:bg-blue-800 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2'

/** What the admin and the owner's pages show without a session: the spec's text and the way to sign in. */
export function SignedOut({ title }: { title: string }) {
  return (
    <main
      id="main"
      className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 pt-24 text-center"
    >
      <h1 className="sr-only">{title}</h1>
      <p className="text-lg text-slate-700">{EMPTY_STATES.adminSignedOut}</p>
      <Link to="/login" className={loginLink}>
        Go to Login
      </Link>
    </main>
  )
}

export function OwnerPage({
  title,
  description,
  children,
}: {
  title: string
  /** What the page is for; given the signed-in owner's username. */
  description: (username: string) => ReactNode
  children: ReactNode
}) {
  const { status, user } = useAuth()
  if (status === 'unknown') return <p className="text-slate-600">Loading...</p>
  if (!user) return <SignedOut title={title} />
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <header className="border-b border-slate-200 pb-4">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        <p className="mt-1 text-slate-600">{description(user.username)}</p>
      </header>
      {children}
    </div>
  )
}
