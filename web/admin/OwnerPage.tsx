// The frame of an owner's page reached from the admin header (Security,
// Availability, Insights): the same sign-in gate as the admin itself (the
// Worker refuses their data without a session anyway), then a header with the
// page's title, what it is for, and the way back to the admin.
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { EMPTY_STATES } from '../../schema/messages'
import { useAuth } from '../state/auth'

const backLink = 'rounded-md border border-slate-300 px-4 py-2 font-medium text-slate-900 hover:bg-slate-100'

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
  if (status === 'unknown') return <main className="px-4 pt-24 text-slate-600">Loading...</main>
  if (!user) return <SignedOut title={title} />
  return (
    <main id="main" className="mx-auto flex max-w-5xl flex-col gap-6 px-4 pt-24 pb-16">
      <header className="flex flex-wrap items-center justify-between gap-4 border-b border-slate-200 pb-6">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
          <p className="mt-1 text-slate-600">{description(user.username)}</p>
        </div>
        <Link to="/admin" className={backLink}>
          Back to Admin
        </Link>
      </header>
      {children}
    </main>
  )
}
