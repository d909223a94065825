import { act, cleanup, configure, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LOGIN_REDIRECT_MS } from '../../schema/constants'
import { toastQueue } from '../components/Toaster'
import { resetAuthForTests } from '../state/auth'
import { json, serve as serveRoutes } from '../test/fetch-stub'
import { LoginPage } from './LoginPage'

const owner = { id: 1, username: 'owner' }
/** Answers /api/auth/me (signed out unless told), /api/auth/login and its second step as the handlers say. */
function serve(routes: {
  me?: () => Response | Promise<Response>
  login?: () => Response | Promise<Response>
  secondFactor?: (body: { ticket: string; code: string }) => Response | Promise<Response>
}) {
  const { secondFactor } = routes
  return serveRoutes({
    '/api/auth/me': routes.me ?? (() => json({ message: 'Authentication required' }, 401)),
    '/api/auth/login': routes.login,
    '/api/auth/login/second-factor':
      secondFactor &&
      ((init) => secondFactor(JSON.parse(String(init?.body)) as { ticket: string; code: string })),
  })
}

function renderLogin() {
  const router = createMemoryRouter(
    [
      { path: '/login', Component: LoginPage },
      { path: '/admin', element: <p>admin page</p> },
      { path: '/', element: <p>home page</p> },
    ],
    { initialEntries: ['/login'] },
  )
  render(<RouterProvider router={router} />)
  return router
}

const toasts = () => toastQueue.visibleToasts.map((t) => t.content)

// Testing Library's own time limit differs from LOGIN_REDIRECT_MS (its default
// is the same 1000 ms), so holdRedirectTimer() holds only the page's timeout.
configure({ asyncUtilTimeout: 3000 })

/**
 * Holds the page's delayed redirect (the timeout of LOGIN_REDIRECT_MS it sets
 * after a sign-in) for the test to run, instead of the test waiting a real
 * second. Other timeouts (React, Testing Library) keep running on the real clock.
 */
function holdRedirectTimer() {
  const held: (() => void)[] = []
  const realSetTimeout = globalThis.setTimeout
  vi.spyOn(globalThis, 'setTimeout').mockImplementation(((handler: () => void, ms?: number, ...rest: []) => {
    if (ms !== LOGIN_REDIRECT_MS) return realSetTimeout(handler, ms, ...rest)
    held.push(handler)
    return realSetTimeout(() => {}, 0)
  }) as typeof setTimeout)
  return {
    get count() {
      return held.length
    },
    /** LOGIN_REDIRECT_MS has passed. */
    elapse: () =>
      act(() => {
        for (const run of held.splice(0)) run()
      }),
  }
}

async function fillAndSubmit(username = 'owner', password = 'the password') {
  const user = userEvent.setup()
  await user.type(screen.getByLabelText(/Username/), username)
  await user.type(screen.getByLabelText(/Password/), password)
  await user.click(screen.getByRole('button', { name: 'Login' }))
}

beforeEach(() => {
  resetAuthForTests()
  toastQueue.clear()
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('LoginPage', () => {
  it('shows the Portfolio Admin title, required fields and a Back to Portfolio link', async () => {
    serve({})
    renderLogin()
    expect(screen.getByRole('heading', { name: 'Portfolio Admin' })).toBeTruthy()
    expect((screen.getByLabelText(/Username/) as HTMLInputElement).required).toBe(true)
    const password = screen.getByLabelText(/Password/) as HTMLInputElement
    expect(password.required).toBe(true)
    expect(password.type).toBe('password')
    expect(screen.getByRole('link', { name: 'Back to Portfolio' }).getAttribute('href')).toBe('/')
  })

  it('does not submit with empty fields (browser-level validation)', async () => {
    const fetchMock = serve({})
    renderLogin()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Login' }))
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/auth/login')).toBe(false)
  })

  it('reads "Logging in..." while pending, toasts, then goes to /admin after 1000 ms', async () => {
    expect(LOGIN_REDIRECT_MS).toBe(1000)
    const redirect = holdRedirectTimer()
    let answer!: (res: Response) => void
    serve({ login: () => new Promise((resolve) => (answer = resolve)) })
    const router = renderLogin()
    await fillAndSubmit()
    expect(screen.getByRole('button', { name: 'Logging in...' })).toBeTruthy()

    answer(json({ user: owner }))
    await waitFor(() =>
      expect(toasts()).toEqual([{ title: 'Welcome back!', description: 'You have successfully logged in.' }]),
    )
    expect(redirect.count).toBe(1)
    expect(router.state.location.pathname).toBe('/login')
    await redirect.elapse()
    await screen.findByText('admin page')
  })

  it('shows the Turnstile challenge when the server asks for it, and sends its token with the next try', async () => {
    const bodies: unknown[] = []
    let calls = 0
    serveRoutes({
      '/api/auth/me': () => json({ message: 'Authentication required' }, 401),
      '/api/auth/login': (init) => {
        bodies.push(JSON.parse(String(init?.body)))
        calls += 1
        return calls === 1
          ? json(
              {
                message: 'Please complete the challenge.',
                errors: { turnstileToken: 'Please complete the challenge.' },
                challenge: { turnstileSiteKey: 'site-key-1' },
              },
              400,
            )
          : json({ user: owner })
      },
    })
    renderLogin()
    await fillAndSubmit()
    const box = await waitFor(() => {
      const el = document.querySelector<HTMLElement>('[data-turnstile-sitekey="site-key-1"]')
      expect(el).toBeTruthy()
      return el!
    })
    // What the widget adds to the form once the visitor has passed it.
    const token = document.createElement('input')
    token.type = 'hidden'
    token.name = 'cf-turnstile-response'
    token.value = 'token-123'
    box.append(token)
    await userEvent.setup().click(screen.getByRole('button', { name: 'Login' }))
    await waitFor(() => expect(bodies).toHaveLength(2))
    expect(bodies[0]).not.toHaveProperty('turnstileToken')
    expect(bodies[1]).toMatchObject({ username: 'owner', turnstileToken: 'token-123' })
  })

  it('toasts "Login failed" with the server message and stays', async () => {
    serve({ login: () => json({ message: 'Too many requests. Please wait a minute and try again.' }, 429) })
    const router = renderLogin()
    await fillAndSubmit()
    await waitFor(() =>
      expect(toasts()).toEqual([
        {
          title: 'Login failed',
          description: 'Too many requests. Please wait a minute and try again.',
          variant: 'destructive',
        },
      ]),
    )
    expect(router.state.location.pathname).toBe('/login')
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy()
  })

  it('falls back to "Invalid credentials" when the server sent no message', async () => {
    serve({ login: () => new Response('', { status: 502 }) })
    renderLogin()
    await fillAndSubmit()
    await waitFor(() =>
      expect(toasts()).toEqual([
        { title: 'Login failed', description: 'Invalid credentials', variant: 'destructive' },
      ]),
    )
  })

  it('asks for the second factor when one is enrolled, then signs in with the code', async () => {
    const redirect = holdRedirectTimer()
    const codes: { ticket: string; code: string }[] = []
    serve({
      login: () => json({ secondFactor: { ticket: 't'.repeat(32), methods: ['totp', 'recovery'] } }),
      secondFactor: (body) => {
        codes.push(body)
        return body.code === '123456' ? json({ user: owner }) : json({ message: 'Invalid code' }, 401)
      },
    })
    renderLogin()
    await fillAndSubmit()
    const user = userEvent.setup()
    const field = await screen.findByLabelText(/Authentication code/)
    expect(toasts()).toEqual([])
    await user.type(field, '654321')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    await waitFor(() =>
      expect(toasts()).toEqual([
        { title: 'Login failed', description: 'Invalid code', variant: 'destructive' },
      ]),
    )
    toastQueue.clear()
    await user.clear(field)
    await user.type(field, '123456')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    await waitFor(() =>
      expect(toasts()).toEqual([{ title: 'Welcome back!', description: 'You have successfully logged in.' }]),
    )
    expect(codes).toEqual([
      { ticket: 't'.repeat(32), code: '654321' },
      { ticket: 't'.repeat(32), code: '123456' },
    ])
    // No passkey was enrolled, so none is offered for this step.
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).toBeNull()
    expect(redirect.count).toBe(1)
    await redirect.elapse()
    await screen.findByText('admin page')
  })

  it('redirects to /admin at once when already signed in', async () => {
    serve({ me: () => json({ user: owner }) })
    renderLogin()
    await screen.findByText('admin page')
  })
})
