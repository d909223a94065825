import { createBrowserRouter } from 'react-router'
import { appRoutes } from './routes'

// The owner's pages stay client-only; the admin's code (urql, GraphQL) is only loaded on /admin.
export const router = createBrowserRouter(
  appRoutes([
    { path: 'login', lazy: () => import('./pages/LoginPage').then((m) => ({ Component: m.LoginPage })) },
    // admin/* : the admin page also serves /admin/security (issue 13) from its own chunk, so the
    // public entry does not grow by a route.
    { path: 'admin/*', lazy: () => import('./admin/AdminPage').then((m) => ({ Component: m.AdminPage })) },
  ]),
)
