import { createBrowserRouter, redirect } from 'react-router'
import { REDIRECTS } from '../schema/routes'
import { Layout } from './components/Layout'
import { NotFoundPage } from './pages/NotFoundPage'

// Each page is its own chunk; the admin's code (urql, GraphQL) is only loaded on /admin.
export const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
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
      { path: 'login', lazy: () => import('./pages/LoginPage').then((m) => ({ Component: m.LoginPage })) },
      { path: 'admin', lazy: () => import('./admin/AdminPage').then((m) => ({ Component: m.AdminPage })) },
      ...Object.entries(REDIRECTS).map(([from, to]) => ({ path: from, loader: () => redirect(to) })),
      { path: '*', Component: NotFoundPage },
    ],
  },
])
