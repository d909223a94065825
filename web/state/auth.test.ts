import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CURRENT_USER_CACHE_MS } from '../../schema/constants'
import { ApiRequestError } from '../lib/api'
import { json } from '../test/fetch-stub'
import { authState, fetchCurrentUser, login, logout, resetAuthForTests } from './auth'
import { registerCacheClearer } from './cache'

const owner = { id: 1, username: 'owner' }

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>

beforeEach(() => {
  resetAuthForTests()
  fetchMock = vi.fn<typeof fetch>()
  vi.stubGlobal('fetch', fetchMock)
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('fetchCurrentUser', () => {
  it('reads the user field of GET /api/auth/me, with credentials', async () => {
    fetchMock.mockResolvedValueOnce(json({ user: owner }))
    expect(await fetchCurrentUser()).toEqual(owner)
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/me', { credentials: 'include' })
    expect(authState).toMatchObject({ user: owner, status: 'authenticated' })
  })

  it('treats a 401 as signed out', async () => {
    fetchMock.mockResolvedValueOnce(json({ message: 'Authentication required' }, 401))
    expect(await fetchCurrentUser()).toBeNull()
    expect(authState).toMatchObject({ user: null, status: 'unauthenticated' })
  })

  it('treats any other failure (500, network error) as signed out without throwing', async () => {
    fetchMock.mockResolvedValueOnce(json({ message: 'boom' }, 500))
    expect(await fetchCurrentUser()).toBeNull()
    expect(authState.status).toBe('unauthenticated')

    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    expect(await fetchCurrentUser({ force: true })).toBeNull()
    expect(authState.status).toBe('unauthenticated')
  })

  it('caches the answer for 5 minutes, then asks again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    fetchMock.mockResolvedValue(json({ user: owner }))
    await fetchCurrentUser()
    vi.advanceTimersByTime(CURRENT_USER_CACHE_MS - 1)
    await fetchCurrentUser()
    expect(fetchMock).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(1)
    fetchMock.mockResolvedValue(json({ message: 'Authentication required' }, 401))
    expect(await fetchCurrentUser()).toBeNull()
    expect(fetchMock).toHaveBeenCalledTimes(2)
  })

  it('shares one request between concurrent callers', async () => {
    fetchMock.mockResolvedValueOnce(json({ user: owner }))
    const [a, b] = await Promise.all([fetchCurrentUser(), fetchCurrentUser()])
    expect(a).toEqual(owner)
    expect(b).toEqual(owner)
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it('does not let a late answer overwrite a sign-in made meanwhile', async () => {
    let answer!: (res: Response) => void
    fetchMock.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)))
    const pending = fetchCurrentUser()
    fetchMock.mockResolvedValueOnce(json({ user: owner }))
    await login('owner', 'pw')
    answer(json({ message: 'Authentication required' }, 401))
    await pending
    expect(authState).toMatchObject({ user: owner, status: 'authenticated' })
  })
})

describe('login', () => {
  it('posts the credentials as JSON and stores the returned user (no /me round trip after)', async () => {
    fetchMock.mockResolvedValueOnce(json({ user: owner }))
    expect(await login('owner', 'secret')).toEqual({ user: owner })
    const [url, init] = fetchMock.mock.calls[0]!
    expect(url).toBe('/api/auth/login')
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'owner', password: 'secret' }),
    })
    expect(authState).toMatchObject({ user: owner, status: 'authenticated' })
    await fetchCurrentUser()
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it('rejects with the server message and stays signed out', async () => {
    fetchMock.mockResolvedValueOnce(json({ message: 'Invalid credentials' }, 401))
    const error = await login('owner', 'nope').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiRequestError)
    expect((error as ApiRequestError).serverMessage).toBe('Invalid credentials')
    expect(authState.user).toBeNull()
  })
})

describe('logout', () => {
  it('clears every registered cache and signs out, without asking /me again', async () => {
    fetchMock.mockResolvedValueOnce(json({ user: owner }))
    await login('owner', 'secret')
    const clearer = vi.fn()
    const unregister = registerCacheClearer(clearer)
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }))
    await logout()
    unregister()
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/auth/logout')
    expect(clearer).toHaveBeenCalledTimes(1)
    expect(authState).toMatchObject({ user: null, status: 'unauthenticated' })
    expect(await fetchCurrentUser()).toBeNull()
    expect(fetchMock).toHaveBeenCalledTimes(2)
  })

  it('on failure keeps the user and the caches, and rejects', async () => {
    fetchMock.mockResolvedValueOnce(json({ user: owner }))
    await login('owner', 'secret')
    const clearer = vi.fn()
    const unregister = registerCacheClearer(clearer)
    fetchMock.mockResolvedValueOnce(json({ message: 'Cross-site request refused' }, 403))
    await expect(logout()).rejects.toBeInstanceOf(ApiRequestError)
    unregister()
    expect(clearer).not.toHaveBeenCalled()
    expect(authState).toMatchObject({ user: owner, status: 'authenticated' })
  })
})
