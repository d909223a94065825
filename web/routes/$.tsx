import { data, Link, type MetaFunction } from 'react-router'
import { NOT_FOUND_COPY, PUBLIC_EMPTY_STATES } from '../../schema/site-copy'
import { button } from '../components/ui'
import { pageMeta } from '../lib/meta'
import { siteFromMatches } from '../lib/site'

// Any path no page owns: the 404 page, with a 404 status (no soft 404s), on
// the server and on client-side navigation alike.
export function loader() {
  return data(null, { status: 404 })
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Page Not Found',
    description: PUBLIC_EMPTY_STATES.notFound,
    siteUrl: siteFromMatches(matches).config.siteUrl,
    path: null,
  })

export default function NotFoundPage() {
  return (
    <main
      id="main"
      className="flex min-h-[70vh] flex-col items-center justify-center gap-4 px-4 pt-24 pb-16 text-center"
    >
      <h1 className="text-6xl font-extrabold text-slate-900">404</h1>
      <p className="text-lg text-slate-700">{PUBLIC_EMPTY_STATES.notFound}</p>
      <Link to="/" className={button.primary}>
        {NOT_FOUND_COPY.returnHome}
      </Link>
    </main>
  )
}
