import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { API_MESSAGES } from '../../schema/messages'
import { enforceRateLimit } from '../../worker/http/rate-limit'
import { createUser, freshIp, freshUsername, login } from './auth-helpers'
import { ORIGIN } from './helpers'

// wrangler.toml: LOGIN_LIMITER allows 10 calls a minute per key.
const LIMIT = 10

/**
 * The local limiter counts in fixed windows aligned to the wall-clock minute;
 * starting a burst just before a minute turns over would split it in two.
 */
async function awayFromWindowEdge() {
  const intoMinute = Date.now() % 60_000
  if (intoMinute > 50_000) await new Promise((r) => setTimeout(r, 60_000 - intoMinute + 100))
}

describe('sign-in rate limits', () => {
  it('limits attempts per username, whatever the IP: 429 with a clear message', async () => {
    const username = freshUsername()
    await createUser(username, 'the right password', 1000)
    await awayFromWindowEdge()
    for (let i = 0; i < LIMIT; i++) {
      expect((await login(username, 'a wrong password', { 'cf-connecting-ip': freshIp() })).status).toBe(401)
    }
    const res = await login(username, 'the right password', { 'cf-connecting-ip': freshIp() })
    expect(res.status).toBe(429)
    expect(await res.json()).toEqual({ message: API_MESSAGES.rateLimited })
    expect(res.headers.getSetCookie()).toEqual([])
  }, 30_000)

  it('treats usernames case-insensitively for the limit', async () => {
    const username = freshUsername()
    await awayFromWindowEdge()
    for (let i = 0; i < LIMIT; i++) {
      const name = i % 2 ? username.toUpperCase() : username
      expect((await login(name, 'a wrong password', { 'cf-connecting-ip': freshIp() })).status).toBe(401)
    }
    expect((await login(username.toUpperCase(), 'a wrong password')).status).toBe(429)
  }, 30_000)

  it('limits attempts per IP, whatever the username', async () => {
    const ip = freshIp()
    await awayFromWindowEdge()
    for (let i = 0; i < LIMIT; i++) {
      expect((await login(freshUsername(), 'a wrong password', { 'cf-connecting-ip': ip })).status).toBe(401)
    }
    const res = await login(freshUsername(), 'a wrong password', { 'cf-connecting-ip': ip })
    expect(res.status).toBe(429)
    // Another IP is not affected.
    expect((await login(freshUsername(), 'a wrong password')).status).toBe(401)
  }, 30_000)

  it('limits registration attempts per IP too', async () => {
    const { app } = await import('../../worker/app')
    const ip = freshIp()
    const attempt = () =>
      app.request(
        `${ORIGIN}/api/auth/register`,
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: ORIGIN, 'cf-connecting-ip': ip },
          body: JSON.stringify({ username: freshUsername(), password: 'a long enough password' }),
        },
        { ...env, ENVIRONMENT: 'production' },
      )
    await awayFromWindowEdge()
    for (let i = 0; i < LIMIT; i++) expect((await attempt()).status).toBe(403)
    expect((await attempt()).status).toBe(429)
  }, 30_000)

  it('are lifted by RATE_LIMITS=off (the e2e run only)', async () => {
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
