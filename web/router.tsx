import { createBrowserRouter } from 'react-router'
import { appRoutes } from './routes'

// The owner's pages stay client-only; the admin's code (urql, GraphQL) is only loaded on /admin.
export const router = createBrowserRouter(
  appRoutes([
    { path: 'login', lazy: () => import('./pages/LoginPage').then((m) => ({ Component: m.LoginPage })) },
    { path: 'admin', lazy: () => import('./admin/AdminPage').then((m) => ({ Component: m.AdminPage })) },
    {
      path: 'admin/security',
      lazy: () => import('./admin/security/SecurityPage').then((m) => ({ Component: m.SecurityPage })),
    },
  ]),
)
