import { Link } from 'react-router'
import { EMPTY_STATES } from '../../schema/messages'
import { NOT_FOUND_COPY } from '../../schema/site-copy'
import { button } from '../components/ui'

export function NotFoundPage() {
  return (
    <main
      id="main"
      className="flex min-h-[70vh] flex-col items-center justify-center gap-4 px-4 pt-24 pb-16 text-center"
    >
      <h1 className="text-6xl font-extrabold text-slate-900">404</h1>
      <p className="text-lg text-slate-700">{EMPTY_STATES.notFound}</p>
      <Link to="/" className={button.primary}>
        {NOT_FOUND_COPY.returnHome}
      </Link>
    </main>
  )
}
