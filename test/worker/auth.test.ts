import { env } from 'cloudflare:test'
import { exports } from 'cloudflare:workers'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SESSION_TTL_MS } from '../../schema/constants'
import { API_MESSAGES } from '../../schema/messages'
import {
  DUMMY_PASSWORD_HASH,
  hashPassword,
  needsRehash,
  PBKDF2_ITERATIONS,
  verifyPassword,
} from '../../worker/auth/password'
import { createSession } from '../../worker/auth/session'
import {
  createUser,
  freshIp,
  freshUsername,
  login,
  me,
  sessionKey,
  sessionToken,
  setCookies,
} from './auth-helpers'
import { call } from './helpers'

const PASSWORD = 'correct horse battery staple'
const DAY_MS = 24 * 60 * 60 * 1000

afterEach(() => {
  vi.restoreAllMocks()
})

describe('POST /api/auth/login', () => {
  it('signs in: 200 with the user only, and an httpOnly session cookie that /me accepts', async () => {
    const username = freshUsername('owner')
    const id = await createUser(username, PASSWORD)

    const res = await login(username, PASSWORD)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ user: { id, username } })
    expect(res.headers.get('cache-control')).toBe('private, no-store')

    const token = sessionToken(res)
    expect(token).toMatch(/^[a-z2-7]{32}$/) // 20 random bytes, base32
    const check = await me(`session=${token}`)
    expect(check.status).toBe(200)
    expect(await check.json()).toEqual({ user: { id, username } })
  })

  it('stores only the SHA-256 of the token in KV, with the expiry', async () => {
    const username = freshUsername()
    await createUser(username, PASSWORD)
    const before = Date.now()
    const token = sessionToken(await login(username, PASSWORD))

    expect(await env.SESSIONS.get(`session:${token}`)).toBeNull()
    const stored = await env.SESSIONS.get<{ username: string; expiresAt: number }>(sessionKey(token), 'json')
    expect(stored?.username).toBe(username)
    expect(stored!.expiresAt).toBeGreaterThanOrEqual(before + SESSION_TTL_MS)
    expect(stored!.expiresAt).toBeLessThanOrEqual(Date.now() + SESSION_TTL_MS)
    const { keys } = await env.SESSIONS.list({ prefix: 'session:' })
    expect(keys.some((k) => k.name.includes(token))).toBe(false)
    expect(JSON.stringify(stored)).not.toContain(token)
  })

  it('refuses a wrong password with 401 "Invalid credentials" and no cookie', async () => {
    const username = freshUsername()
    await createUser(username, PASSWORD)
    const res = await login(username, 'not the password at all')
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ message: 'Invalid credentials' })
    expect(res.headers.getSetCookie()).toEqual([])
  })

  it('refuses an unknown user with exactly the same answer as a wrong password', async () => {
    const username = freshUsername()
    await createUser(username, PASSWORD)
    const wrongPassword = await login(username, 'not the password at all')
    const unknownUser = await login(freshUsername('nobody'), PASSWORD)
    expect(unknownUser.status).toBe(wrongPassword.status)
    expect(await unknownUser.json()).toEqual(await wrongPassword.json())
    expect(unknownUser.headers.getSetCookie()).toEqual([])
  })

  it('runs one full-cost PBKDF2 for an unknown user as for a wrong password (no timing oracle)', async () => {
    const username = freshUsername()
    await createUser(username, PASSWORD)
    const derive = vi.spyOn(crypto.subtle, 'deriveBits')
    const iterationsOf = () =>
      derive.mock.calls.map(([params]) => (params as Pbkdf2Params).iterations).filter(Boolean)

    await login(username, 'wrong password here')
    expect(iterationsOf()).toEqual([PBKDF2_ITERATIONS])
    derive.mockClear()
    await login(freshUsername('nobody'), 'wrong password here')
    expect(iterationsOf()).toEqual([PBKDF2_ITERATIONS])
    derive.mockRestore()

    // And the wall-clock times are of the same order (medians of a few runs;
    // a skipped derivation would be an order of magnitude faster).
    const time = async (name: string) => {
      const runs: number[] = []
      for (let i = 0; i < 3; i++) {
        const start = performance.now()
        await login(name, 'wrong password here')
        runs.push(performance.now() - start)
      }
      return runs.sort((a, b) => a - b)[1]!
    }
    const known = await time(username)
    const unknown = await time(freshUsername('nobody'))
    expect(unknown).toBeGreaterThan(known * 0.3)
    expect(known).toBeGreaterThan(unknown * 0.3)
  }, 30_000)

  it('answers 400 with field messages when a field is missing', async () => {
    const res = await call('/api/auth/login', { method: 'POST', json: { username: 'someone' } })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ errors: { password: 'Password is required' } })
  })

  it('upgrades a hash stored at a lower iteration count on a successful login', async () => {
    const username = freshUsername()
    const id = await createUser(username, PASSWORD, 1000)
    expect((await login(username, PASSWORD)).status).toBe(200)
    const row = await env.DB.prepare('select password_hash from users where id = ?')
      .bind(id)
      .first<{ password_hash: string }>()
    expect(row!.password_hash.split('$')[1]).toBe(String(PBKDF2_ITERATIONS))
    expect((await login(username, PASSWORD)).status).toBe(200)
  })

  it('replaces the session the browser already had', async () => {
    const username = freshUsername()
    await createUser(username, PASSWORD)
    const first = sessionToken(await login(username, PASSWORD))
    const second = sessionToken(await login(username, PASSWORD, { Cookie: `session=${first}` }))
    expect(second).not.toBe(first)
    expect((await me(`session=${first}`)).status).toBe(401)
    expect((await me(`session=${second}`)).status).toBe(200)
  })
})

describe('session cookie flags', () => {
  it('on plain-http localhost: "session", HttpOnly, SameSite=Lax, Path=/, not Secure', async () => {
    const username = freshUsername()
    await createUser(username, PASSWORD)
    const [cookie] = setCookies(await login(username, PASSWORD))
    expect(cookie!.name).toBe('session')
    expect(cookie!.attributes.has('httponly')).toBe(true)
    expect(cookie!.attributes.get('samesite')).toBe('Lax')
    expect(cookie!.attributes.get('path')).toBe('/')
    expect(cookie!.attributes.has('secure')).toBe(false)
    const expires = Date.parse(cookie!.attributes.get('expires')!)
    expect(expires).toBeGreaterThan(Date.now() + SESSION_TTL_MS - 60_000)
  })

  it('on https: "__Host-session", Secure, HttpOnly, SameSite=Lax, Path=/, no Domain', async () => {
    const username = freshUsername()
    await createUser(username, PASSWORD)
    const origin = 'https://portfolio.example.com'
    const res = await exports.default.fetch(
      new Request(`${origin}/api/auth/login`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Origin: origin,
          'Sec-Fetch-Site': 'same-origin',
          'cf-connecting-ip': freshIp(),
        },
        body: JSON.stringify({ username, password: PASSWORD }),
      }),
    )
    expect(res.status).toBe(200)
    const [cookie] = setCookies(res)
    expect(cookie!.name).toBe('__Host-session')
    expect(cookie!.attributes.has('secure')).toBe(true)
    expect(cookie!.attributes.has('httponly')).toBe(true)
    expect(cookie!.attributes.get('samesite')).toBe('Lax')
    expect(cookie!.attributes.get('path')).toBe('/')
    expect(cookie!.attributes.has('domain')).toBe(false)

    const meOn = (cookieHeader: string) =>
      exports.default.fetch(new Request(`${origin}/api/auth/me`, { headers: { Cookie: cookieHeader } }))
    expect((await meOn(`__Host-session=${cookie!.value}`)).status).toBe(200)
    // Without the prefix (a cookie a sibling subdomain could plant) it is not read.
    expect((await meOn(`session=${cookie!.value}`)).status).toBe(401)
  })
})

describe('GET /api/auth/me', () => {
  it('answers 401 without a session, never cached', async () => {
    const res = await me()
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ message: API_MESSAGES.unauthorized })
    expect(res.headers.get('cache-control')).toBe('private, no-store')
  })

  it('answers 401 for a forged token, well-formed or not', async () => {
    const forged = 'abcdefghijklmnopqrstuvwxyz234567'
    expect((await me(`session=${forged}`)).status).toBe(401)
    expect((await me('session=not-a-token')).status).toBe(401)
    expect((await me(`session=${'a'.repeat(5000)}`)).status).toBe(401)
  })

  it('answers 401 for an expired session and forgets it', async () => {
    const username = freshUsername()
    const id = await createUser(username, PASSWORD, 1000)
    const { token } = await createSession(env.SESSIONS, { id, username }, Date.now() - 31 * DAY_MS)
    expect(await env.SESSIONS.get(sessionKey(token))).not.toBeNull()
    expect((await me(`session=${token}`)).status).toBe(401)
    expect(await env.SESSIONS.get(sessionKey(token))).toBeNull()
  })

  it('renews a session past half its life, in KV and in the cookie', async () => {
    const username = freshUsername()
    const id = await createUser(username, PASSWORD, 1000)
    const { token } = await createSession(env.SESSIONS, { id, username }, Date.now() - 20 * DAY_MS)
    const res = await me(`session=${token}`)
    expect(res.status).toBe(200)
    const [cookie] = setCookies(res)
    expect(cookie!.value).toBe(token)
    expect(Date.parse(cookie!.attributes.get('expires')!)).toBeGreaterThan(Date.now() + 29 * DAY_MS)
    const stored = await env.SESSIONS.get<{ expiresAt: number }>(sessionKey(token), 'json')
    expect(stored!.expiresAt).toBeGreaterThan(Date.now() + 29 * DAY_MS)
  })

  it('does not renew a fresh session', async () => {
    const username = freshUsername()
    const id = await createUser(username, PASSWORD, 1000)
    const { token } = await createSession(env.SESSIONS, { id, username }, Date.now() - 5 * DAY_MS)
    const res = await me(`session=${token}`)
    expect(res.status).toBe(200)
    expect(res.headers.getSetCookie()).toEqual([])
  })
})

describe('POST /api/auth/logout', () => {
  it('deletes the session and expires the cookie; the old cookie then gets 401', async () => {
    const username = freshUsername()
    await createUser(username, PASSWORD)
    const token = sessionToken(await login(username, PASSWORD))

    const res = await call('/api/auth/logout', { method: 'POST', headers: { Cookie: `session=${token}` } })
    expect(res.status).toBe(204)
    const cleared = setCookies(res).at(-1)!
    expect(cleared.name).toBe('session')
    expect(cleared.value).toBe('')
    expect(cleared.attributes.get('max-age')).toBe('0')
    expect(await env.SESSIONS.get(sessionKey(token))).toBeNull()
    expect((await me(`session=${token}`)).status).toBe(401)
  })

  it('succeeds without a session (signing out twice is harmless)', async () => {
    const res = await call('/api/auth/logout', { method: 'POST' })
    expect(res.status).toBe(204)
  })

  it('is refused cross-origin, and the session survives', async () => {
    const username = freshUsername()
    await createUser(username, PASSWORD)
    const token = sessionToken(await login(username, PASSWORD))
    const res = await call('/api/auth/logout', {
      method: 'POST',
      headers: { Cookie: `session=${token}`, Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
    })
    expect(res.status).toBe(403)
    expect(await res.json()).toEqual({ message: API_MESSAGES.forbiddenOrigin })
    expect((await me(`session=${token}`)).status).toBe(200)
  })
})

describe('password hashing', () => {
  it('stores the parameters with a salted hash and verifies only the right password', async () => {
    const stored = await hashPassword(PASSWORD)
    const [algorithm, iterations, salt, hash] = stored.split('$')
    expect(algorithm).toBe('pbkdf2-sha256')
    expect(Number(iterations)).toBe(PBKDF2_ITERATIONS)
    expect(atob(salt!)).toHaveLength(16)
    expect(atob(hash!)).toHaveLength(32)
    expect(await hashPassword(PASSWORD)).not.toBe(stored) // a fresh salt each time
    expect(await verifyPassword(PASSWORD, stored)).toBe(true)
    expect(await verifyPassword(`${PASSWORD} `, stored)).toBe(false)
    expect(needsRehash(stored)).toBe(false)
    expect(needsRehash(await hashPassword(PASSWORD, 1000))).toBe(true)
  })

  it('never matches the dummy hash or a malformed value, but still pays the full cost', async () => {
    const derive = vi.spyOn(crypto.subtle, 'deriveBits')
    for (const stored of [DUMMY_PASSWORD_HASH, 'garbage', 'pbkdf2-sha256$100000$!!!$???', '']) {
      derive.mockClear()
      expect(await verifyPassword('', stored)).toBe(false)
      expect(await verifyPassword(PASSWORD, stored)).toBe(false)
      expect(derive.mock.calls.map(([p]) => (p as Pbkdf2Params).iterations)).toEqual([
        PBKDF2_ITERATIONS,
        PBKDF2_ITERATIONS,
      ])
    }
  })
})
