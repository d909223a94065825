import { Link } from 'react-router'
import { EMPTY_STATES } from '../../schema/messages'

export function NotFoundPage() {
  return (
    <main
      id="main"
      className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 pt-24 text-center"
    >
      <h1 className="text-4xl font-bold">404</h1>
      <p className="text-lg text-slate-700">{EMPTY_STATES.notFound}</p>
      <Link to="/" className="rounded-md bg-blue-700 px-4 py-2 font-medium text-white hover:bg-blue-800">
        Return to Home
      </Link>
    </main>
  )
}
