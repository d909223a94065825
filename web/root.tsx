import { type ReactNode, useEffect } from 'react'
import {
  isRouteErrorResponse,
  Links,
  type LoaderFunctionArgs,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useLocation,
  useMatches,
  useRouteError,
} from 'react-router'
import { Footer } from './components/Footer'
import { Nav } from './components/Nav'
import { ToastHost } from './components/toast'
import { button } from './components/ui'
import { trackNavigation } from './insights/beacon'
import type { SiteData } from './lib/site'
import { siteServer } from './lib/site-server'
import stylesheet from './styles.css?url'

export const links = () => [
  // `precedence` makes React emit the stylesheet before the script preloads it
  // hoists into <head>, so the one render-blocking request goes first.
  { rel: 'stylesheet', href: stylesheet, precedence: 'default' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

export async function loader({ context }: LoaderFunctionArgs): Promise<SiteData> {
  const site = context.get(siteServer)
  return { config: site.config, hasResume: (await site.activeResume()) !== null }
}

// Public data is never considered stale (SPEC §9): the owner's details and the
// resume are read once per page load, and again only after a form was
// submitted or when leaving the admin, where they may have changed.
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  formMethod,
  defaultShouldRevalidate,
}) =>
  formMethod !== undefined || /^\/(admin|login)\b/.test(currentUrl.pathname) ? defaultShouldRevalidate : false

/**
 * A route's `handle`. `hydrate: false` marks a page with nothing of its own to run in the browser
 * (no state, no handlers: its menu is a native popover, its links plain links): it is sent without
 * React's scripts at all (ADR 170). The Worker counts its view when it serves it.
 */
export type PageHandle = { hydrate?: false }

/**
 * Whether the page is sent with its scripts: only the server leaves them out, for a page whose routes
 * says `hydrate: false`. In the browser they stay (a page reached by a client-side navigation keeps
 * the document, and React must not remove the scripts it runs from).
 */
function useScripts(): boolean {
  const matches = useMatches()
  return (
    typeof document !== 'undefined' ||
    !matches.some((m) => (m.handle as PageHandle | undefined)?.hydrate === false)
  )
}

export function Layout({ children }: { children: ReactNode }) {
  const scripts = useScripts()
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f172a" />
        <Meta />
        <Links />
      </head>
      <body className="bg-white text-slate-900 antialiased">
        {children}
        {scripts && (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        )}
      </body>
    </html>
  )
}

// Every page: the fixed navigation bar, the page, and the app-wide toasts.
export default function App() {
  return (
    <>
      <CountNavigations />
      <Nav />
      <Outlet />
      <Footer />
      <ToastHost />
    </>
  )
}

/**
 * Views after the first page (issue 18): the Worker counts the page it serves;
 * a move to another page in the browser never reaches it as a page, so it is
 * reported with a beacon (web/insights/beacon.ts).
 */
function CountNavigations() {
  const { pathname } = useLocation()
  useEffect(() => trackNavigation(pathname), [pathname])
  return null
}

/** Anything unexpected: a plain page that still has the way home (the 404 page is web/routes/$.tsx). */
export function ErrorBoundary() {
  const error = useRouteError()
  const { pathname } = useLocation()
  const status = isRouteErrorResponse(error) ? error.status : 500
  if (!isRouteErrorResponse(error)) console.error(error)
  // A 404 (another client's quote, a deleted record) is "not found", not a
  // fault of ours; in the portal it leads back to the portal (issue 36, ADR 131).
  // Elsewhere a 404 reads as the spec's 404 page does (SPEC: any other path).
  const notFound = status === 404
  const portal = notFound && pathname.startsWith('/portal')
  return (
    <main id="main" className="flex min-h-[70vh] flex-col items-center justify-center gap-4 px-4 text-center">
      <title>{notFound ? 'Not found' : 'Something went wrong'}</title>
      <h1 className="text-5xl font-extrabold text-slate-900">{status}</h1>
      <p className="text-lg text-slate-700">
        {portal
          ? 'Not found.'
          : notFound
            ? "The page you're looking for doesn't exist."
            : 'Something went wrong on our side. Please try again in a moment.'}
      </p>
      <a href={portal ? '/portal' : '/'} className={button.primary}>
        {portal ? 'Your portal' : 'Return to Home'}
      </a>
    </main>
  )
}
