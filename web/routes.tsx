import { type RouteObject, redirect } from 'react-router'
import { REDIRECTS } from '../schema/routes'
import { Layout } from './components/Layout'
import { NotFoundPage } from './pages/NotFoundPage'

// The public pages, shared by the browser router (web/router.tsx) and the
// Worker's first-paint render (web/ssr/render.tsx). Each page is its own chunk.
const publicPages: RouteObject[] = [
  { index: true, lazy: () => import('./pages/HomePage').then((m) => ({ Component: m.HomePage })) },
  { path: 'about', lazy: () => import('./pages/AboutPage').then((m) => ({ Component: m.AboutPage })) },
  {
    path: 'contact',
    lazy: () => import('./pages/ContactPage').then((m) => ({ Component: m.ContactPage })),
  },
  {
    path: 'portfolio-solutions',
    lazy: () => import('./pages/SolutionsPage').then((m) => ({ Component: m.SolutionsPage })),
  },
  {
    path: 'it-support',
    lazy: () => import('./pages/ItSupportPage').then((m) => ({ Component: m.ItSupportPage })),
  },
  {
    path: 'schedule-consultation',
    lazy: () => import('./pages/SchedulePage').then((m) => ({ Component: m.SchedulePage })),
  },
  {
    path: 'privacy',
    lazy: () => import('./pages/PrivacyPage').then((m) => ({ Component: m.PrivacyPage })),
  },
  ...Object.entries(REDIRECTS).map(([from, to]) => ({ path: from, loader: () => redirect(to) })),
  { path: '*', Component: NotFoundPage },
]

/**
 * The route tree: every page inside the layout. The owner's pages are passed
 * in by the browser router only, so the Worker's bundle never contains them
 * (route matching is ranked, not ordered, so where they sit does not matter).
 */
export const appRoutes = (ownerPages: RouteObject[] = []): RouteObject[] => [
  { element: <Layout />, children: [...publicPages, ...ownerPages] },
]
