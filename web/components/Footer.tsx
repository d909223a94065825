import { Link } from 'react-router'
import { copyright, copyrightYear, PRIVACY_LINK, TRUST_LINK } from '../../schema/site-copy'
import { useSite } from '../lib/site'

/** The footer of every page: the copyright line (SPEC §2, §9), the privacy page and the trust page. */
export function Footer() {
  const { config } = useSite()
  return (
    <footer className="border-t border-slate-800 bg-slate-950 py-8 text-center text-sm text-slate-300">
      <p>{copyright(copyrightYear(), config.ownerName || 'Portfolio')}</p>
      <p className="mt-2">
        <Link
          to={PRIVACY_LINK.path}
          className="rounded font-medium text-slate-100 underline underline-offset-4 outline-none hover:text-white focus-visible:ring-2 focus-visible:ring-white"
        >
          {PRIVACY_LINK.label}
        </Link>
        <span aria-hidden="true"> · </span>
        <Link
          to={TRUST_LINK.path}
          className="rounded font-medium text-slate-100 underline underline-offset-4 outline-none hover:text-white focus-visible:ring-2 focus-visible:ring-white"
        >
          {TRUST_LINK.label}
        </Link>
      </p>
    </footer>
  )
}
