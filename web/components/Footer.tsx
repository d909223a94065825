import { COPYRIGHT_YEAR } from '../../schema/constants'
import { copyright } from '../../schema/site-copy'
import { siteConfig } from '../lib/site-config'

/** The copyright line closing the home page (SPEC §2, §9). */
export function Footer() {
  return (
    <footer className="border-t border-slate-800 bg-slate-950 py-8 text-center text-sm text-slate-300">
      <p>{copyright(COPYRIGHT_YEAR, siteConfig.ownerName || 'Portfolio')}</p>
    </footer>
  )
}
