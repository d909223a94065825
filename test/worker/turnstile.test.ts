// Issue 14: Turnstile guards both forms when its keys are configured; the
// only thing stubbed is its network call (siteverify). Off, the forms work as before.
import { env } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SITEVERIFY_URL } from '../../worker/abuse/turnstile'
import { call } from './helpers'
import { consultation, countRows, send, supportRequest } from './requests-fixtures'

const KEYS = {
  TURNSTILE_SITE_KEY: '0x4AAAAAAAtest',
  TURNSTILE_SECRET_KEY: '0x4AAAAAAAsecret',
} as Partial<Env>

/** Stubs fetch to siteverify only: `success` for the token "good-token". */
function stubSiteverify(answer?: (token: string) => Response | Promise<Response>) {
  const realFetch = globalThis.fetch
  const calls: FormData[] = []
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input)
    if (url !== SITEVERIFY_URL) return realFetch(input, init)
    const form = init?.body as FormData
    calls.push(form)
    const token = String(form.get('response'))
    if (answer) return answer(token)
    return Response.json({ success: token === 'good-token', 'error-codes': [] })
  })
  return calls
}

afterEach(() => vi.restoreAllMocks())

describe('Turnstile on', () => {
  it.each([
    ['/api/consultations', consultation, 'consultations'],
    ['/api/consultation', supportRequest, 'support_requests'],
  ] as const)(
    '%s: a missing or bad token is a 400 with a field error and nothing is stored',
    async (path, payload, table) => {
      const calls = stubSiteverify()
      vi.spyOn(env.MAIL, 'send').mockImplementation(async () => ({ messageId: 'x' }))
      const before = await countRows(table)
      const missing = await send(path, { json: payload() }, KEYS)
      expect(missing.status).toBe(400)
      expect(await missing.json()).toEqual({
        message: expect.any(String),
        errors: { 'cf-turnstile-response': 'Please confirm you are human, then send the form again.' },
      })
      const bad = await send(path, { json: { ...payload(), 'cf-turnstile-response': 'bad-token' } }, KEYS)
      expect(bad.status).toBe(400)
      expect(await countRows(table)).toBe(before)

      const good = await send(
        path,
        { json: { ...payload(), 'cf-turnstile-response': 'good-token' }, ip: '198.51.100.7' },
        KEYS,
      )
      expect(good.status).toBe(201)
      expect(await countRows(table)).toBe(before + 1)
      // The secret and the visitor's address go to siteverify; the token is not stored.
      const last = calls.at(-1)!
      expect(last.get('secret')).toBe('0x4AAAAAAAsecret')
      expect(last.get('remoteip')).toBe('198.51.100.7')
      const stored = JSON.stringify(await env.DB.prepare(`select * from ${table}`).all())
      expect(stored).not.toContain('good-token')
    },
  )

  it("a Turnstile outage does not lose the visitor's request", async () => {
    stubSiteverify(() => {
      throw new TypeError('network down')
    })
    vi.spyOn(env.MAIL, 'send').mockImplementation(async () => ({ messageId: 'x' }))
    const res = await send(
      '/api/consultation',
      { json: { ...supportRequest(), 'cf-turnstile-response': 'any' } },
      KEYS,
    )
    expect(res.status).toBe(201)
  })

  // The first page render transforms every page module: longer than 5 s on a busy machine (as in pages.test.ts).
  it('the page policy lets the widget load only when it is on', { timeout: 30_000 }, async () => {
    const on = await (await import('../../worker/app')).app.fetch(new Request('http://localhost:8787/'), {
      ...env,
      ...KEYS,
    })
    expect(on.headers.get('content-security-policy')).toContain('https://challenges.cloudflare.com')
    const off = await call('/')
    expect(off.headers.get('content-security-policy')).not.toContain('challenges.cloudflare.com')
  })
})

describe('Turnstile off (no keys, as locally)', () => {
  it('the forms work without a token and siteverify is never called', async () => {
    const calls = stubSiteverify()
    vi.spyOn(env.MAIL, 'send').mockImplementation(async () => ({ messageId: 'x' }))
    expect((await send('/api/consultations', { json: consultation() })).status).toBe(201)
    expect(
      (
        await send('/api/consultation', { json: supportRequest() }, {
          TURNSTILE_SITE_KEY: 'only-one-key',
        } as Partial<Env>)
      ).status,
    ).toBe(201)
    expect(calls).toHaveLength(0)
  })
})
