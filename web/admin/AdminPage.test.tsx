import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { toastQueue } from '../components/Toaster'
import { authState, resetAuthForTests } from '../state/auth'
import { registerCacheClearer } from '../state/cache'
import { json, serve } from '../test/fetch-stub'
import { AdminPage } from './AdminPage'

// The screens are route modules of their own (web/routes/admin.*.tsx); here they are markers.
vi.mock('./requests/PendingBadge', () => ({ PendingBadge: () => null }))
vi.mock('./billing/HeaderTimer', () => ({ HeaderTimer: () => null }))

const owner = { id: 1, username: 'owner' }
const serveAuth = (me: () => Response, logout?: () => Response) =>
  serve({ '/api/auth/me': me, '/api/auth/logout': logout })

function renderAdmin(at = '/admin') {
  const router = createMemoryRouter(
    [
      {
        path: '/admin',
        Component: AdminPage,
        children: [
          { index: true, element: <p>admin overview</p> },
          { path: 'quotes', element: <p>admin quotes</p> },
        ],
      },
      { path: '/login', element: <p>login page</p> },
      { path: '/', element: <p>home page</p> },
    ],
    { initialEntries: [at] },
  )
  render(<RouterProvider router={router} />)
  return router
}

const toasts = () => toastQueue.visibleToasts.map((t) => t.content)

beforeEach(() => {
  resetAuthForTests()
  toastQueue.clear()
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('AdminPage', () => {
  it('signed out: the login prompt and Go to Login, and no admin content', async () => {
    serveAuth(() => json({ message: 'Authentication required' }, 401))
    renderAdmin()
    await screen.findByText('Please log in to access the admin panel.')
    expect(screen.getByRole('link', { name: 'Go to Login' }).getAttribute('href')).toBe('/login')
    expect(screen.queryByText('admin overview')).toBeNull()
    expect(screen.queryByRole('navigation', { name: 'Admin' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull()
  })

  it('treats a failing current-user call as signed out', async () => {
    serveAuth(() => json({ message: 'Something went wrong. Please try again.' }, 500))
    renderAdmin()
    await screen.findByText('Please log in to access the admin panel.')
  })

  it('signed in: the navigation, the screen of the URL, and the account area with View Portfolio and Logout', async () => {
    serveAuth(() => json({ user: owner }))
    renderAdmin('/admin/quotes')
    const nav = await screen.findByRole('navigation', { name: 'Admin' })
    expect(screen.getByText('admin quotes')).toBeTruthy()
    const links = within(nav).getAllByRole('link')
    expect(links.map((l) => l.getAttribute('href'))).toEqual(
      expect.arrayContaining([
        '/admin',
        '/admin/requests',
        '/admin/quotes',
        '/admin/invoices',
        '/admin/security',
      ]),
    )
    // The screen shown is the current item; the overview is not (it would match every /admin/... path).
    expect(within(nav).getByRole('link', { name: 'Quotes' }).getAttribute('aria-current')).toBe('page')
    expect(within(nav).getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBeNull()
    // Support requests and consultations share "Requests"; no "Consultations" item stands for both.
    expect(within(nav).queryByRole('link', { name: 'Consultations' })).toBeNull()
    // Sign-out sits in the account area at the end of the menu, after every screen.
    const account = within(nav).getByRole('group', { name: 'Account' })
    expect(within(account).getByText('Signed in as owner')).toBeTruthy()
    expect(within(account).getByRole('link', { name: 'View Portfolio' }).getAttribute('href')).toBe('/')
    expect(within(account).getByRole('button', { name: 'Logout' })).toBeTruthy()
    expect(links.at(-1)?.textContent).toBe('View Portfolio')
  })

  it('the Menu button opens and closes the list on a phone, and a choice closes it', async () => {
    serveAuth(() => json({ user: owner }))
    const router = renderAdmin()
    const user = userEvent.setup()
    const menu = await screen.findByRole('button', { name: 'Menu' })
    const list = document.getElementById(menu.getAttribute('aria-controls') ?? '')
    expect(menu.getAttribute('aria-expanded')).toBe('false')
    expect(list?.className).toMatch(/(^| )hidden( |$)/)
    await user.click(menu)
    expect(menu.getAttribute('aria-expanded')).toBe('true')
    expect(list?.className).not.toMatch(/(^| )hidden( |$)/)
    await user.click(screen.getByRole('link', { name: 'Quotes' }))
    await screen.findByText('admin quotes')
    expect(router.state.location.pathname).toBe('/admin/quotes')
    expect(menu.getAttribute('aria-expanded')).toBe('false')
  })

  it('logs out: toast, every cache cleared, signed out, then /', async () => {
    serveAuth(
      () => json({ user: owner }),
      () => new Response(null, { status: 204 }),
    )
    const clearer = vi.fn()
    const unregister = registerCacheClearer(clearer)
    const router = renderAdmin()
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Logout' }))
    await screen.findByText('home page')
    unregister()
    expect(router.state.location.pathname).toBe('/')
    expect(clearer).toHaveBeenCalledTimes(1)
    expect(authState.status).toBe('unauthenticated')
    expect(toasts()).toEqual([{ title: 'Goodbye!', description: 'You have been logged out successfully.' }])
  })

  it('on logout failure: "Logout failed" with the server message (else the fallback), and stays', async () => {
    let answer = json({ message: 'Cross-site request refused' }, 403)
    serveAuth(
      () => json({ user: owner }),
      () => answer,
    )
    const router = renderAdmin()
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Logout' }))
    await waitFor(() =>
      expect(toasts()).toEqual([
        { title: 'Logout failed', description: 'Cross-site request refused', variant: 'destructive' },
      ]),
    )
    expect(router.state.location.pathname).toBe('/admin')
    expect(authState.status).toBe('authenticated')

    toastQueue.clear()
    answer = new Response('', { status: 500 })
    await user.click(screen.getByRole('button', { name: 'Logout' }))
    await waitFor(() =>
      expect(toasts()).toEqual([
        { title: 'Logout failed', description: 'Failed to logout', variant: 'destructive' },
      ]),
    )
  })
})
