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

/**
 * The fixed navigation bar of every page (SPEC §2), collapsing to a menu below md.
 *
 * The menu is a native popover opened by its toggle (`popovertarget`), so it
 * works from the first paint, before React hydrates and without JavaScript:
 * the browser opens and closes it, closes it on Escape (focus back on the
 * toggle) and exposes the toggle's expanded state. The toggle's label follows
 * the popover's state in CSS (web/styles.css); React only closes the menu on
 * navigation and mirrors the state into `aria-expanded` once hydrated.
 */
export function Nav() {
  const { config, hasResume } = useSite()
  // Unknown until hydrated: the server cannot know whether the visitor opened
  // the menu before the page's JavaScript ran, and the browser knows it anyway.
  const [open, setOpen] = useState<boolean | undefined>(undefined)
  const menuRef = useRef<HTMLDivElement>(null)
  const { pathname } = useLocation()

  useEffect(() => {
    const menu = menuRef.current
    if (!menu) return
    const sync = () => setOpen(menu.matches(':popover-open'))
    sync()
    menu.addEventListener('toggle', sync)
    return () => menu.removeEventListener('toggle', sync)
  }, [])

  const close = () => {
    if (menuRef.current?.matches(':popover-open')) menuRef.current.hidePopover()
  }
  // Any navigation (a link, back/forward) closes the menu; hydrating does not
  // (the visitor may have opened it before the page's JavaScript ran).
  const shownPath = useRef(pathname)
  useEffect(() => {
    if (shownPath.current === pathname) return
    shownPath.current = pathname
    close()
  })

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
        <button
          type="button"
          id="menu-toggle"
          popoverTarget="mobile-menu"
          aria-controls="mobile-menu"
          aria-expanded={open}
          className="-mr-2 inline-flex h-11 w-11 items-center justify-center rounded-md text-slate-800 outline-none hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-blue-700 md:hidden"
        >
          <span className="menu-closed">
            <MenuIcon />
            <span className="sr-only">{NAV_COPY.openMenu}</span>
          </span>
          <span className="menu-open">
            <CloseIcon />
            <span className="sr-only">{NAV_COPY.closeMenu}</span>
          </span>
        </button>
      </nav>
      <div
        id="mobile-menu"
        ref={menuRef}
        popover="auto"
        className="fixed inset-x-0 top-16 bottom-auto m-0 w-full max-w-none border-0 border-t border-b border-slate-200 bg-white p-0 text-slate-900 shadow-md md:hidden"
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
