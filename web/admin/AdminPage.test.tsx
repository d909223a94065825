import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { toastQueue } from '../components/Toaster'
import { authState, resetAuthForTests } from '../state/auth'
import { registerCacheClearer } from '../state/cache'
import { json, serve } from '../test/fetch-stub'
import { AdminPage } from './AdminPage'

// The tabs belong to another module (and talk GraphQL); here they are a marker.
vi.mock('./AdminTabs', () => ({ AdminTabs: () => <p>admin tabs</p> }))

const owner = { id: 1, username: 'owner' }
const serveAuth = (me: () => Response, logout?: () => Response) =>
  serve({ '/api/auth/me': me, '/api/auth/logout': logout })

function renderAdmin() {
  const router = createMemoryRouter(
    [
      { path: '/admin', Component: AdminPage },
      { path: '/login', element: <p>login page</p> },
      { path: '/', element: <p>home page</p> },
    ],
    { initialEntries: ['/admin'] },
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
    expect(screen.queryByText('admin tabs')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull()
  })

  it('treats a failing current-user call as signed out', async () => {
    serveAuth(() => json({ message: 'Something went wrong. Please try again.' }, 500))
    renderAdmin()
    await screen.findByText('Please log in to access the admin panel.')
  })

  it('signed in: the header, Welcome back with the username, View Portfolio, Logout and the tabs', async () => {
    serveAuth(() => json({ user: owner }))
    renderAdmin()
    expect(await screen.findByRole('heading', { name: 'Portfolio Admin' })).toBeTruthy()
    expect(screen.getByText('Welcome back, owner')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'View Portfolio' }).getAttribute('href')).toBe('/')
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy()
    expect(screen.getByText('admin tabs')).toBeTruthy()
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
