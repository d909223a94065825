import { COPYRIGHT_YEAR } from '../../schema/constants'
import { copyright } from '../../schema/site-copy'
import { useSite } from '../lib/site'

/** The copyright line closing the home page (SPEC §2, §9). */
export function Footer() {
  const { config } = useSite()
  return (
    <footer className="border-t border-slate-800 bg-slate-950 py-8 text-center text-sm text-slate-300">
      <p>{copyright(COPYRIGHT_YEAR, config.ownerName || 'Portfolio')}</p>
    </footer>
  )
}
