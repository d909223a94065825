// The owner's authentication state (SPEC §4): unauthenticated becomes
// authenticated on login or register success, and back on logout success, when
// all cached data is cleared. The current user is fetched at most every
// 5 minutes; a 401 or any failure of that fetch means signed out.
import { useEffect } from 'react'
import { proxy, useSnapshot } from 'valtio'
import { CURRENT_USER_CACHE_MS } from '../../schema/constants'
import { ERRORS } from '../../schema/messages'
import { apiRequest } from '../lib/api'
import { clearAllCaches } from './cache'

export type User = { id: number; username: string }

/** `unknown` until the first answer: pages wait rather than flash the signed-out view. */
export type AuthStatus = 'unknown' | 'authenticated' | 'unauthenticated'

export const authState = proxy<{ user: User | null; status: AuthStatus }>({
  user: null,
  status: 'unknown',
})

let fetchedAt: number | null = null
let inFlight: Promise<User | null> | null = null
// Bumped by every sign-in and sign-out, so a /me answer that was already on its
// way cannot overwrite what the user just did.
let generation = 0

function setUser(user: User | null) {
  generation++
  authState.user = user
  authState.status = user ? 'authenticated' : 'unauthenticated'
  fetchedAt = Date.now()
}

/** GET /api/auth/me: the user, or null on 401; throws "Failed to fetch user" on other failures. */
async function requestCurrentUser(): Promise<User | null> {
  const res = await fetch('/api/auth/me', { credentials: 'include' })
  if (res.status === 401) return null
  if (!res.ok) throw new Error(ERRORS.fetchUserFailed)
  const body = (await res.json()) as { user?: User | null }
  return body.user ?? null
}

/** The current user, from the 5-minute cache or the server; never throws. */
export function fetchCurrentUser({ force = false } = {}): Promise<User | null> {
  const fresh = fetchedAt !== null && Date.now() - fetchedAt < CURRENT_USER_CACHE_MS
  if (!force && fresh) return Promise.resolve(authState.user)
  if (inFlight) return inFlight
  const started = generation
  inFlight = requestCurrentUser()
    .catch(() => null) // SPEC §8: swallowed and treated as signed out
    .then((user) => {
      if (generation !== started) return authState.user
      setUser(user)
      return user
    })
    .finally(() => {
      inFlight = null
    })
  return inFlight
}

/** Once a second factor is enrolled, the password step answers with a ticket for the second step. */
export type SecondFactorStep = { ticket: string; methods: ('totp' | 'passkey' | 'recovery')[] }
export type LoginResult = { user: User } | { secondFactor: SecondFactorStep }

/**
 * Signs in with the password; rejects with an ApiRequestError (whose
 * serverMessage the page shows). When a second factor is due, resolves with
 * its step instead, and nobody is signed in yet.
 */
export async function login(
  username: string,
  password: string,
  turnstileToken?: string,
): Promise<LoginResult> {
  const res = await apiRequest('POST', '/api/auth/login', { username, password, turnstileToken })
  const body = (await res.json()) as Partial<{ user: User; secondFactor: SecondFactorStep }>
  if (body.secondFactor) return { secondFactor: body.secondFactor }
  setUser(body.user!)
  return { user: body.user! }
}

/** The second step: a code from the authenticator app, or a recovery code. */
export async function loginSecondFactor(ticket: string, code: string): Promise<User> {
  const res = await apiRequest('POST', '/api/auth/login/second-factor', { ticket, code })
  const { user } = (await res.json()) as { user: User }
  setUser(user)
  return user
}

/** Signs in with a passkey (WebAuthn); the browser code is loaded only when used. */
export async function loginWithPasskey(): Promise<User> {
  const { startAuthentication } = await import('@simplewebauthn/browser')
  const optionsRes = await apiRequest('POST', '/api/auth/passkey/options')
  const { challengeId, options } = (await optionsRes.json()) as {
    challengeId: string
    options: Parameters<typeof startAuthentication>[0]['optionsJSON']
  }
  const response = await startAuthentication({ optionsJSON: options })
  const res = await apiRequest('POST', '/api/auth/passkey', { challengeId, response })
  const { user } = (await res.json()) as { user: User }
  setUser(user)
  return user
}

/** Creates the owner account (only possible while none exists); signs in on success. */
export async function register(input: { username: string; password: string; setupToken?: string }) {
  const res = await apiRequest('POST', '/api/auth/register', input)
  const { user } = (await res.json()) as { user: User }
  setUser(user)
  return user
}

/** Signs out; on success every cache of the SPA is cleared. Rejects (and stays signed in) on failure. */
export async function logout(): Promise<void> {
  await apiRequest('POST', '/api/auth/logout')
  clearAllCaches()
  setUser(null)
}

/** The auth state for a component, checking the session (through the cache) on mount. */
export function useAuth() {
  const snapshot = useSnapshot(authState)
  useEffect(() => {
    void fetchCurrentUser()
  }, [])
  return snapshot
}

/** Test seam: forget everything, as on a fresh page load. */
export function resetAuthForTests() {
  authState.user = null
  authState.status = 'unknown'
  fetchedAt = null
  inFlight = null
}
