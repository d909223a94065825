import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { API_MESSAGES, AUTH_MESSAGES } from '../../schema/messages'
import { hashPassword } from '../../worker/auth/password'
import { sessionIdOf } from '../../worker/auth/session'
import { createDb } from '../../worker/db'
import { createFirstOwner } from '../../worker/services/users'
import { freshIp, freshUsername, me, sessionToken } from './auth-helpers'
import { ORIGIN } from './helpers'

const PASSWORD = 'a long enough password'

// Each test states the users table it needs: storage is shared by the tests of this file.
const clearUsers = () => env.DB.prepare('delete from users').run()
const userCount = async () =>
  (await env.DB.prepare('select count(*) as n from users').first<{ n: number }>())!.n

/** POST /api/auth/register as the site's own page would, optionally as a deployed (non-local) Worker. */
async function register(body: Record<string, unknown>, environment: 'local' | 'production' = 'local') {
  const { app } = await import('../../worker/app')
  return app.request(
    `${ORIGIN}/api/auth/register`,
    {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Origin: ORIGIN,
        'Sec-Fetch-Site': 'same-origin',
        'cf-connecting-ip': freshIp(),
      },
      body: JSON.stringify(body),
    },
    { ...env, ENVIRONMENT: environment },
  )
}

describe('POST /api/auth/register', () => {
  it('creates the owner while no user exists: 201, the user, a session cookie, a stored hash', async () => {
    await clearUsers()
    const username = freshUsername('owner')
    const res = await register({ username, password: PASSWORD })
    expect(res.status).toBe(201)
    const body = await res.json<{ user: { id: number; username: string } }>()
    expect(body).toEqual({ user: { id: expect.any(Number), username } })

    const token = sessionToken(res)
    expect(
      await env.DB.prepare('select id from sessions where id = ?').bind(sessionIdOf(token)).first(),
    ).not.toBeNull()
    expect(await (await me(`session=${token}`)).json()).toEqual(body)
    const row = await env.DB.prepare('select password_hash from users where username = ?')
      .bind(username)
      .first<{ password_hash: string }>()
    expect(row!.password_hash).toMatch(/^pbkdf2-sha256\$100000\$/)
    expect(row!.password_hash).not.toContain(PASSWORD)
  })

  it('is closed with 403 once an owner exists', async () => {
    await clearUsers()
    expect((await register({ username: freshUsername(), password: PASSWORD })).status).toBe(201)
    const res = await register({ username: freshUsername(), password: PASSWORD })
    expect(res.status).toBe(403)
    expect(await res.json()).toEqual({ message: AUTH_MESSAGES.registrationUnavailable })
    expect(res.headers.getSetCookie()).toEqual([])
    expect(await userCount()).toBe(1)
  })

  it('lets only one of two concurrent registrations succeed', async () => {
    await clearUsers()
    const results = await Promise.all([
      register({ username: freshUsername('a'), password: PASSWORD }),
      register({ username: freshUsername('b'), password: PASSWORD }),
    ])
    expect(results.map((r) => r.status).sort()).toEqual([201, 403])
    expect(await userCount()).toBe(1)
  })

  it('decides a race in the insert itself, not in the earlier count', async () => {
    await clearUsers()
    const db = createDb(env.DB)
    const hash = await hashPassword(PASSWORD, 1000)
    const [first, second] = await Promise.all([
      createFirstOwner(db, freshUsername('a'), hash),
      createFirstOwner(db, freshUsername('b'), hash),
    ])
    expect([first, second].filter(Boolean)).toHaveLength(1)
    expect(await createFirstOwner(db, freshUsername('c'), hash)).toBeNull()
    expect(await userCount()).toBe(1)
  })

  it.each([
    ['short', 'Password must be at least 12 characters'],
    [' '.repeat(12), 'Password cannot be only spaces'],
    ['\t \n'.repeat(5), 'Password cannot be only spaces'],
    ['x'.repeat(129), 'Password must be at most 128 characters'],
    // Both on the shipped list of common passwords (the second in any case).
    ['1qaz2wsx3edc', 'This password is too common; choose another'],
    ['PasswordPassword', 'This password is too common; choose another'],
  ])('refuses the password %j: 400 "%s", nothing stored', async (password, message) => {
    await clearUsers()
    const res = await register({ username: freshUsername(), password })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ message: API_MESSAGES.validation, errors: { password: message } })
    expect(await userCount()).toBe(0)
  })

  it('accepts 128 characters', async () => {
    await clearUsers()
    // Not a repeated pattern: zxcvbn (issue 27) refuses 'ab1ab1...' as guessable.
    const password =
      'The quick brown fox jumps over the lazy dog while seven wizards quietly judge boxing matches near Zanzibar at midnight in June!!'
    expect(password).toHaveLength(128)
    expect((await register({ username: freshUsername(), password })).status).toBe(201)
  })

  describe('under the committed configuration (production)', () => {
    it('wrangler.toml itself is production: ENVIRONMENT is not local', async () => {
      // The Workers test runtime adds ENVIRONMENT=local like .dev.vars does, so
      // read the committed file's value through the setting it would give.
      const { localConveniences } = await import('../../worker/auth/local')
      expect(localConveniences({ ...env, ENVIRONMENT: 'production' }, ORIGIN)).toBe(false)
      // And the local setting applies to localhost requests only.
      expect(localConveniences(env, 'https://portfolio.example.com/api/auth/register')).toBe(false)
      expect(localConveniences(env, ORIGIN)).toBe(true)
    })

    it('refuses registration without the token even on localhost, on a fresh database', async () => {
      await clearUsers()
      const res = await register({ username: freshUsername(), password: PASSWORD }, 'production')
      expect(res.status).toBe(403)
      expect(await userCount()).toBe(0)
    })

    it('under the local setting, still refuses without the token on a non-localhost host', async () => {
      await clearUsers()
      const { app } = await import('../../worker/app')
      const origin = 'https://portfolio.example.com'
      const res = await app.request(
        `${origin}/api/auth/register`,
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: origin, 'cf-connecting-ip': freshIp() },
          body: JSON.stringify({ username: freshUsername(), password: PASSWORD }),
        },
        env,
      )
      expect(res.status).toBe(403)
      expect(await res.json()).toEqual({ message: AUTH_MESSAGES.registrationUnavailable })
      expect(await userCount()).toBe(0)
    })

    it('answers the same for a wrong token and an existing owner (no token oracle)', async () => {
      await clearUsers()
      const wrong = await register(
        { username: freshUsername(), password: PASSWORD, setupToken: 'guess' },
        'production',
      )
      expect(
        (
          await register(
            { username: freshUsername(), password: PASSWORD, setupToken: 'test-setup-token' },
            'production',
          )
        ).status,
      ).toBe(201)
      const right = await register(
        { username: freshUsername(), password: PASSWORD, setupToken: 'test-setup-token' },
        'production',
      )
      const wrongAfter = await register(
        { username: freshUsername(), password: PASSWORD, setupToken: 'guess' },
        'production',
      )
      for (const res of [wrong, right, wrongAfter]) {
        expect(res.status).toBe(403)
        expect(await res.json()).toEqual({ message: AUTH_MESSAGES.registrationUnavailable })
      }
    })

    it('refuses 403 without the setup token', async () => {
      await clearUsers()
      const res = await register({ username: freshUsername(), password: PASSWORD }, 'production')
      expect(res.status).toBe(403)
      expect(await res.json()).toEqual({ message: AUTH_MESSAGES.registrationUnavailable })
      expect(await userCount()).toBe(0)
    })

    it('refuses 403 with a wrong setup token', async () => {
      await clearUsers()
      const res = await register(
        { username: freshUsername(), password: PASSWORD, setupToken: 'test-setup-tokeN' },
        'production',
      )
      expect(res.status).toBe(403)
      expect(await res.json()).toEqual({ message: AUTH_MESSAGES.registrationUnavailable })
      expect(await userCount()).toBe(0)
    })

    it('creates the owner with the OWNER_SETUP_TOKEN secret', async () => {
      await clearUsers()
      const res = await register(
        { username: freshUsername(), password: PASSWORD, setupToken: 'test-setup-token' },
        'production',
      )
      expect(res.status).toBe(201)
      expect(await userCount()).toBe(1)
    })

    it('refuses even a valid token once the owner exists', async () => {
      await clearUsers()
      const body = { username: freshUsername(), password: PASSWORD, setupToken: 'test-setup-token' }
      expect((await register(body, 'production')).status).toBe(201)
      const res = await register({ ...body, username: freshUsername() }, 'production')
      expect(res.status).toBe(403)
      expect(await res.json()).toEqual({ message: AUTH_MESSAGES.registrationUnavailable })
    })

    it('refuses when no setup token is configured at all', async () => {
      await clearUsers()
      const { app } = await import('../../worker/app')
      const res = await app.request(
        `${ORIGIN}/api/auth/register`,
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: ORIGIN, 'cf-connecting-ip': freshIp() },
          body: JSON.stringify({ username: freshUsername(), password: PASSWORD, setupToken: '' }),
        },
        { ...env, ENVIRONMENT: 'production', OWNER_SETUP_TOKEN: '' },
      )
      expect(res.status).toBe(403)
      expect(await userCount()).toBe(0)
    })
  })
})
