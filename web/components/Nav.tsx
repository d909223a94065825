import { useEffect, useRef, useState } from 'react'
import { Link, NavLink, useLocation } from 'react-router'
import { NAV_LINKS } from '../../schema/routes'
import { NAV_COPY, RESUME_DOWNLOAD_URL } from '../../schema/site-copy'
import { useSite } from '../lib/site'
import { CloseIcon, DownloadIcon, MenuIcon } from './icons'

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium outline-none transition-colors focus-visible:ring-2 focus-visible:ring-blue-700 ${
    isActive ? 'bg-blue-50 text-blue-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
  }`

const mobileLinkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-3 text-base font-medium outline-none focus-visible:ring-2 focus-visible:ring-blue-700 ${
    isActive ? 'bg-blue-50 text-blue-800' : 'text-slate-800 hover:bg-slate-100'
  }`

const resumeClass =
  'inline-flex items-center gap-2 rounded-md bg-blue-700 px-3 py-2 text-sm font-semibold text-white outline-none hover:bg-blue-800 focus-visible:ring-2 focus-visible:ring-blue-700 focus-visible:ring-offset-2'

/** The fixed navigation bar of every page (SPEC §2), collapsing to a menu below md. */
export function Nav() {
  const { config, hasResume } = useSite()
  const [open, setOpen] = useState(false)
  const toggleRef = useRef<HTMLButtonElement>(null)
  const { pathname } = useLocation()

  // Any navigation (a link, back/forward) closes the menu.
  useEffect(() => setOpen(false), [pathname])

  // Escape closes the open menu and returns focus to its toggle.
  useEffect(() => {
    if (!open) return
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return
      setOpen(false)
      toggleRef.current?.focus()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [open])

  const close = () => setOpen(false)

  return (
    <header className="fixed inset-x-0 top-0 z-50 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <a
        href="#main"
        className="sr-only rounded-md bg-blue-700 px-4 py-2 font-semibold text-white focus:not-sr-only focus:absolute focus:top-3 focus:left-3 focus:z-[60] focus:outline-none focus:ring-2 focus:ring-blue-700 focus:ring-offset-2"
      >
        {NAV_COPY.skipToContent}
      </a>
      <nav
        aria-label={NAV_COPY.mainNavigation}
        className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6"
      >
        <Link
          to="/"
          className="truncate rounded-md text-lg font-bold text-slate-900 outline-none focus-visible:ring-2 focus-visible:ring-blue-700"
        >
          {config.ownerName || 'Portfolio'}
        </Link>
        <ul className="hidden items-center gap-1 md:flex">
          {NAV_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.to === '/'} className={linkClass}>
                {link.label}
              </NavLink>
            </li>
          ))}
          {hasResume && (
            <li className="ml-2">
              <a href={RESUME_DOWNLOAD_URL} target="_blank" rel="noopener" className={resumeClass}>
                <DownloadIcon className="h-4 w-4" />
                {NAV_COPY.resume}
              </a>
            </li>
          )}
        </ul>
        {/* A native button: it works from the first paint after hydration, with no widget code. */}
        <button
          type="button"
          ref={toggleRef}
          aria-label={open ? NAV_COPY.closeMenu : NAV_COPY.openMenu}
          aria-expanded={open}
          aria-controls="mobile-menu"
          onClick={() => setOpen((o) => !o)}
          className="js-only -mr-2 inline-flex h-11 w-11 items-center justify-center rounded-md text-slate-800 outline-none hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-blue-700 md:hidden"
        >
          {open ? <CloseIcon /> : <MenuIcon />}
        </button>
      </nav>
      <div
        id="mobile-menu"
        data-open={open || undefined}
        className="border-t border-slate-200 bg-white md:hidden"
      >
        <ul className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-3">
          {NAV_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.to === '/'} className={mobileLinkClass} onClick={close}>
                {link.mobileLabel ?? link.label}
              </NavLink>
            </li>
          ))}
          {hasResume && (
            <li className="pt-2">
              <a
                href={RESUME_DOWNLOAD_URL}
                target="_blank"
                rel="noopener"
                onClick={close}
                className={`${resumeClass} w-full justify-center py-3 text-base`}
              >
                <DownloadIcon className="h-5 w-5" />
                {NAV_COPY.mobileResume}
              </a>
            </li>
          )}
        </ul>
      </div>
    </header>
  )
}
