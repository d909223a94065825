import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { API_MESSAGES, AUTH_MESSAGES } from '../../schema/messages'
import { verifyTurnstile } from '../../worker/abuse/turnstile'
import {
  FAILURE_WINDOW_MS,
  MAX_WAIT_MS,
  recordFailure,
  THROTTLE_RULES,
  throttleKeys,
  throttleState,
  waitAfter,
} from '../../worker/auth/throttle'
import { createDb } from '../../worker/db'
import { enforceRateLimit } from '../../worker/middleware/rate-limit'
import { createUser, freshIp, freshUsername, login } from './auth-helpers'
import { call } from './helpers'

const db = () => createDb(env.DB)
const PASSWORD = 'the right password here'
const FREE = THROTTLE_RULES.userIp.free

describe('sign-in throttling without lockout', () => {
  it('ten wrong passwords from other addresses do not stop the correct sign-in from a fresh one', async () => {
    const username = freshUsername()
    await createUser(username, PASSWORD, 1000)
    for (let i = 0; i < 10; i++) {
      expect((await login(username, 'a wrong password', { 'cf-connecting-ip': freshIp() })).status).toBe(401)
    }
    // Even many more from one attacking address do not reach the owner.
    const attacker = freshIp()
    for (let i = 0; i < FREE + 2; i++)
      await login(username, 'a wrong password', { 'cf-connecting-ip': attacker })
    expect((await login(username, 'a wrong password', { 'cf-connecting-ip': attacker })).status).toBe(429)
    const res = await login(username, PASSWORD, { 'cf-connecting-ip': freshIp() })
    expect(res.status).toBe(200)
    expect(res.headers.getSetCookie()).not.toEqual([])
  })

  it('slows a (username, address) pair after a few failures: 429 with Retry-After, even for the right password', async () => {
    const username = freshUsername()
    await createUser(username, PASSWORD, 1000)
    const ip = freshIp()
    for (let i = 0; i < FREE; i++) {
      expect((await login(username, 'a wrong password', { 'cf-connecting-ip': ip })).status).toBe(401)
    }
    // The sixth failure is answered, and starts a wait.
    expect((await login(username, 'a wrong password', { 'cf-connecting-ip': ip })).status).toBe(401)
    const res = await login(username, PASSWORD, { 'cf-connecting-ip': ip })
    expect(res.status).toBe(429)
    expect(await res.json()).toEqual({ message: AUTH_MESSAGES.signInThrottled })
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect(res.headers.getSetCookie()).toEqual([])
  })

  it('treats usernames case-insensitively for the pair', async () => {
    const username = freshUsername()
    const ip = freshIp()
    for (let i = 0; i <= FREE; i++) {
      const name = i % 2 ? username.toUpperCase() : username
      expect((await login(name, 'a wrong password', { 'cf-connecting-ip': ip })).status).toBe(401)
    }
    expect((await login(username.toUpperCase(), 'a wrong password', { 'cf-connecting-ip': ip })).status).toBe(
      429,
    )
  })

  it('answers an unknown username exactly like a wrong password, throttled alike', async () => {
    const known = freshUsername()
    await createUser(known, PASSWORD, 1000)
    const unknown = freshUsername('nobody')
    const ipA = freshIp()
    const ipB = freshIp()
    const answers: [number, unknown][] = []
    for (let i = 0; i <= FREE + 1; i++) {
      const a = await login(known, 'a wrong password', { 'cf-connecting-ip': ipA })
      const b = await login(unknown, 'a wrong password', { 'cf-connecting-ip': ipB })
      expect(b.status).toBe(a.status)
      expect(b.headers.get('retry-after')).toBe(a.headers.get('retry-after'))
      answers.push([a.status, await a.json()])
      expect(await b.json()).toEqual(answers.at(-1)![1])
    }
    expect(answers.map(([s]) => s)).toEqual([...Array(FREE + 1).fill(401), 429])
  })

  it('doubles the wait per further failure, up to a cap, and forgets a run after the window', async () => {
    const rule = THROTTLE_RULES.userIp
    expect([FREE, FREE + 1, FREE + 2, FREE + 3].map((n) => waitAfter(n, rule))).toEqual([0, 1000, 2000, 4000])
    expect(waitAfter(FREE + 40, rule)).toBe(MAX_WAIT_MS)

    const keys = throttleKeys(freshIp(), freshUsername())
    const t0 = 1_700_000_000_000
    for (let i = 0; i < FREE + 3; i++) await recordFailure(db(), keys, t0)
    expect(await throttleState(db(), keys, t0)).toEqual({ retryAfterS: 4, challenge: true })
    expect(await throttleState(db(), keys, t0 + 4000)).toEqual({ retryAfterS: 0, challenge: true })
    expect(await throttleState(db(), keys, t0 + FAILURE_WINDOW_MS)).toEqual({
      retryAfterS: 0,
      challenge: false,
    })
    // A failure after the window starts a new run.
    await recordFailure(db(), keys, t0 + FAILURE_WINDOW_MS)
    expect(await throttleState(db(), keys, t0 + FAILURE_WINDOW_MS)).toEqual({
      retryAfterS: 0,
      challenge: false,
    })
  })

  it('gives one address more free failures than a pair, whatever the usernames', async () => {
    const ip = freshIp()
    const t0 = 1_700_000_000_000
    for (let i = 0; i < THROTTLE_RULES.ip.free; i++) {
      await recordFailure(db(), throttleKeys(ip, freshUsername()), t0)
    }
    expect((await throttleState(db(), throttleKeys(ip, freshUsername()), t0)).retryAfterS).toBe(0)
    await recordFailure(db(), throttleKeys(ip, freshUsername()), t0)
    expect((await throttleState(db(), throttleKeys(ip, freshUsername()), t0)).retryAfterS).toBe(1)
    // Another address is not affected.
    expect((await throttleState(db(), throttleKeys(freshIp(), freshUsername()), t0)).retryAfterS).toBe(0)
  })

  it('asks for the Turnstile challenge past the free failures when it is configured', async () => {
    const { app } = await import('../../worker/app')
    const username = freshUsername()
    await createUser(username, PASSWORD, 1000)
    const ip = freshIp()
    const t0 = Date.now() - 60_000 // failures a minute old: their waits are over
    for (let i = 0; i < FREE; i++) await recordFailure(db(), throttleKeys(ip, username), t0)
    const attempt = (vars: Record<string, string>) =>
      app.request(
        'http://localhost:8787/api/auth/login',
        {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Origin: 'http://localhost:8787',
            'cf-connecting-ip': ip,
          },
          body: JSON.stringify({ username, password: PASSWORD }),
        },
        { ...env, ...vars },
      )
    const challenged = await attempt({ TURNSTILE_SITE_KEY: 'site-key', TURNSTILE_SECRET_KEY: 'secret' })
    expect(challenged.status).toBe(400)
    expect(await challenged.json()).toMatchObject({
      message: AUTH_MESSAGES.challengeRequired,
      errors: { turnstileToken: AUTH_MESSAGES.challengeRequired },
      challenge: { turnstileSiteKey: 'site-key' },
    })
    // Without Turnstile keys the same attempt goes through.
    expect((await attempt({})).status).toBe(200)
  })

  it('verifies a Turnstile token with siteverify (the network call injected)', async () => {
    const withSecret = { ...env, TURNSTILE_SECRET_KEY: 's3cret' } as Env
    const seen: URLSearchParams[] = []
    const fetcher = (async (_url: string, init: RequestInit) => {
      const body = init.body as URLSearchParams
      seen.push(body)
      return Response.json({ success: body.get('response') === 'good' })
    }) as unknown as typeof fetch
    expect(await verifyTurnstile(withSecret, 'good', '192.0.2.1', fetcher)).toBe(true)
    expect(await verifyTurnstile(withSecret, 'bad', '192.0.2.1', fetcher)).toBe(false)
    expect(await verifyTurnstile(withSecret, undefined, '192.0.2.1', fetcher)).toBe(false)
    expect(seen[0]!.get('secret')).toBe('s3cret')
    expect(seen[0]!.get('remoteip')).toBe('192.0.2.1')
  })

  it('limits registration attempts per address; every 429 carries Retry-After', async () => {
    const ip = freshIp()
    const attempt = () =>
      call('/api/auth/register', {
        method: 'POST',
        json: { username: freshUsername(), password: 'a long enough password' },
        headers: { 'cf-connecting-ip': ip },
      })
    // wrangler.toml: LOGIN_LIMITER allows 10 calls a minute per key, in windows
    // aligned to the minute: 22 quick calls span at most two, so one is refused.
    const statuses: number[] = []
    let limited: Response | undefined
    for (let i = 0; i < 22 && !limited; i++) {
      const res = await attempt()
      statuses.push(res.status)
      if (res.status === 429) limited = res
    }
    expect(limited, `statuses: ${statuses}`).toBeDefined()
    expect(limited!.headers.get('retry-after')).toBe('60')
    expect(await limited!.json()).toEqual({ message: API_MESSAGES.rateLimited })
  })

  it('the binding is lifted by RATE_LIMITS=off (the e2e run only)', async () => {
    const calls: string[] = []
    const refusing = {
      limit: async ({ key }: { key: string }) => {
        calls.push(key)
        return { success: false }
      },
    } as RateLimit
    await expect(enforceRateLimit({ ...env, RATE_LIMITS: 'off' }, refusing, ['k'])).resolves.toBeUndefined()
    expect(calls).toEqual([])
    await expect(enforceRateLimit(env, refusing, ['k'])).rejects.toMatchObject({ status: 429 })
    expect(calls).toEqual(['k'])
  })
})
