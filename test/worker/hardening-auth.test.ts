// Issue 27 (audit findings 1, 2, 4, 5, 9): sudo mode for changes to the sign-in
// methods, sign-in limits by /64 and per ticket, password strength, e-mail
// notices to the owner, and the TOTP key sealed at rest.
import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from 'cloudflare:test'
import { generateHOTP } from '@oslojs/otp'
import { describe, expect, it } from 'vitest'
import { AUTH_MESSAGES } from '../../schema/messages'
import { replaceRecoveryCodes } from '../../worker/auth/factors'
import { REAUTH_WINDOW_MS } from '../../worker/auth/reauth'
import { MAX_TICKET_ATTEMPTS } from '../../worker/auth/sign-in'
import { openTotpKey, sealTotpKey } from '../../worker/auth/totp-seal'
import { createDb } from '../../worker/db'
import worker from '../../worker/index'
import { createUser, freshUsername, login, sessionToken, setCookies } from './auth-helpers'
import { call } from './helpers'

const PASSWORD = 'the owners own passphrase'
const db = () => createDb(env.DB)

/** A fresh /64 (2001:db8:<random>:<random>::/64) and an address in it per call. */
function freshNet() {
  const r = () => Math.floor(Math.random() * 0xffff).toString(16)
  const prefix = `2001:db8:${r()}:${r()}`
  return () => `${prefix}:${r()}:${r()}:${r()}:${r()}`
}

const as = (cookie: string, path: string, init: RequestInit & { json?: unknown } = {}) =>
  call(path, { ...init, headers: { ...(init.headers as Record<string, string>), Cookie: cookie } })

async function signedIn(headers: Record<string, string> = {}) {
  const username = freshUsername('owner')
  const id = await createUser(username, PASSWORD, 1000)
  const res = await login(username, PASSWORD, headers)
  expect(res.status).toBe(200)
  return { username, id, cookie: `session=${sessionToken(res)}`, res }
}

/** Makes the session's last proof (sign-in or re-authentication) `ms` old. */
async function ageProof(cookie: string, ms: number) {
  const { sessionIdOf } = await import('../../worker/auth/session')
  await env.DB.prepare('update sessions set reauth_at = ? where id = ?')
    .bind(Date.now() - ms, sessionIdOf(cookie.split('=')[1]!))
    .run()
}

const outboxFor = async (subjectPart: string) =>
  (
    await env.DB.prepare('select subject, text_body from mail_outbox where kind = ? and subject like ?')
      .bind('security', `%${subjectPart}%`)
      .all<{ subject: string; text_body: string }>()
  ).results

describe('sign-in limits by network (audit finding 2)', () => {
  it('14 wrong passwords from one /64, each from another address in it, meet a 429', async () => {
    const username = freshUsername()
    await createUser(username, PASSWORD, 1000)
    const next = freshNet()
    const statuses: number[] = []
    for (let i = 0; i < 14; i++)
      statuses.push((await login(username, 'not the password at all', { 'cf-connecting-ip': next() })).status)
    expect(statuses).toContain(429)
    // The owner elsewhere is not affected.
    expect((await login(username, PASSWORD)).status).toBe(200)
  })

  it('a ticket takes at most 5 wrong codes, even from rotating networks; then not even a recovery code', async () => {
    const { id, username } = await signedIn()
    const key = crypto.getRandomValues(new Uint8Array(20))
    await env.DB.prepare('update users set totp_key = ? where id = ?')
      .bind(await sealTotpKey(env, id, key), id)
      .run()
    const [recovery] = await replaceRecoveryCodes(db(), id)
    const first = (await (await login(username, PASSWORD)).json()) as { secondFactor: { ticket: string } }
    const ticket = first.secondFactor.ticket
    const attempt = (code: string) =>
      call('/api/auth/login/second-factor', {
        method: 'POST',
        json: { ticket, code },
        headers: { 'cf-connecting-ip': freshNet()() },
      })
    for (let i = 0; i < MAX_TICKET_ATTEMPTS; i++) {
      const res = await attempt('000000')
      expect(res.status).toBe(401)
      expect(await res.json()).toMatchObject({ message: AUTH_MESSAGES.invalidCode })
    }
    const after = await attempt(recovery!)
    expect(after.status).toBe(401)
    expect(await after.json()).toMatchObject({ message: AUTH_MESSAGES.signInExpired })
    // The recovery code was not spent: a new ticket takes it.
    const again = (await (await login(username, PASSWORD)).json()) as { secondFactor: { ticket: string } }
    const ok = await call('/api/auth/login/second-factor', {
      method: 'POST',
      json: { ticket: again.secondFactor.ticket, code: recovery },
    })
    expect(ok.status).toBe(200)
  })

  it('issuing tickets is limited per user and network', async () => {
    const { app } = await import('../../worker/app')
    const { id, username } = await signedIn()
    await env.DB.prepare('update users set totp_key = ? where id = ?')
      .bind(await sealTotpKey(env, id, crypto.getRandomValues(new Uint8Array(20))), id)
      .run()
    const next = freshNet()
    const statuses: number[] = []
    for (let i = 0; i < 12; i++) {
      const res = await app.request(
        'http://localhost:8787/api/auth/login',
        {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Origin: 'http://localhost:8787',
            'cf-connecting-ip': next(),
          },
          body: JSON.stringify({ username, password: PASSWORD }),
        },
        // The binding's flood guard off, so only the ticket count can refuse.
        { ...env, RATE_LIMITS: 'off' },
      )
      statuses.push(res.status)
    }
    expect(statuses.slice(0, 10)).toEqual(new Array(10).fill(200))
    expect(statuses).toContain(429)
  })
})

describe('sudo mode (audit finding 1)', () => {
  const guarded: [string, string, unknown?][] = [
    ['POST', '/api/security/passkeys/options'],
    ['POST', '/api/security/totp/setup'],
    ['POST', '/api/security/totp', { code: '123456' }],
    ['DELETE', '/api/security/totp', {}],
    ['POST', '/api/security/recovery-codes'],
    ['DELETE', '/api/security/passkeys/some-id', {}],
  ]
  it.each(guarded)(
    '%s %s with a proof older than 10 minutes: 403 reauth_required',
    async (method, path, json) => {
      const { cookie } = await signedIn()
      await ageProof(cookie, REAUTH_WINDOW_MS + 1000)
      const res = await as(cookie, path, { method, ...(json === undefined ? {} : { json }) })
      expect(res.status).toBe(403)
      expect(await res.json()).toEqual({ message: AUTH_MESSAGES.reauthRequired, code: 'reauth_required' })
    },
  )

  it('the password renews the proof; a wrong one does not', async () => {
    const { cookie } = await signedIn()
    await ageProof(cookie, REAUTH_WINDOW_MS + 1000)
    const wrong = await as(cookie, '/api/security/reauth', {
      method: 'POST',
      json: { password: 'nope nope nope' },
    })
    expect(wrong.status).toBe(400)
    expect((await as(cookie, '/api/security/passkeys/options', { method: 'POST' })).status).toBe(403)
    const right = await as(cookie, '/api/security/reauth', { method: 'POST', json: { password: PASSWORD } })
    expect(right.status).toBe(204)
    expect((await as(cookie, '/api/security/passkeys/options', { method: 'POST' })).status).toBe(200)
  })

  it('a fresh sign-in is itself the proof', async () => {
    const { cookie } = await signedIn()
    expect((await as(cookie, '/api/security/totp/setup', { method: 'POST' })).status).toBe(200)
  })

  it('removing a factor ends every other session and e-mails the owner', async () => {
    const { id, username, cookie } = await signedIn()
    const other = `session=${sessionToken(await login(username, PASSWORD))}`
    // Two factors: a TOTP key and a passkey row, so no password is needed for the removal.
    await env.DB.prepare('update users set totp_key = ? where id = ?')
      .bind(await sealTotpKey(env, id, crypto.getRandomValues(new Uint8Array(20))), id)
      .run()
    await env.DB.prepare("insert into passkeys (id, user_id, name, public_key) values (?, ?, 'Laptop', 'x')")
      .bind(`pk-${crypto.randomUUID()}`, id)
      .run()
    const res = await as(cookie, '/api/security/totp', { method: 'DELETE', json: {} })
    expect(res.status).toBe(204)
    expect((await as(other, '/api/auth/me')).status).toBe(401)
    expect((await as(cookie, '/api/auth/me')).status).toBe(200)
    const mails = await outboxFor('authenticator app was removed')
    expect(mails.length).toBeGreaterThan(0)
    expect(mails.at(-1)!.text_body).toMatch(/From address: /)
  })
})

describe('notices to the owner (audit finding 5)', () => {
  it('a password change is e-mailed, saying what, when and from which address', async () => {
    const { cookie } = await signedIn()
    const res = await as(cookie, '/api/security/password', {
      method: 'POST',
      json: { currentPassword: PASSWORD, newPassword: 'another long passphrase here' },
      headers: { 'cf-connecting-ip': '198.51.100.77' },
    })
    expect(res.status).toBe(200)
    const mail = (await outboxFor('Your password was changed')).at(-1)!
    expect(mail.text_body).toContain('From address: 198.51.100.77')
    expect(mail.text_body).toMatch(/When: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/)
  })

  it('new recovery codes are e-mailed', async () => {
    const { cookie, id } = await signedIn()
    await env.DB.prepare('update users set totp_key = ? where id = ?')
      .bind(await sealTotpKey(env, id, crypto.getRandomValues(new Uint8Array(20))), id)
      .run()
    const before = (await outboxFor('New recovery codes')).length
    expect((await as(cookie, '/api/security/recovery-codes', { method: 'POST' })).status).toBe(201)
    expect((await outboxFor('New recovery codes')).length).toBe(before + 1)
  })

  it('a sign-in from a new browser is e-mailed; from a known one it is not', async () => {
    const { username, res } = await signedIn({ 'cf-connecting-ip': '203.0.113.9' })
    const device = setCookies(res).find((c) => c.name === 'device')
    expect(device?.attributes.get('httponly')).toBe('')
    const count = async () => (await outboxFor('browser not seen before')).length
    const n = await count()
    expect(n).toBeGreaterThan(0)
    expect((await login(username, PASSWORD, { Cookie: `device=${device!.value}` })).status).toBe(200)
    expect(await count()).toBe(n)
    expect((await login(username, PASSWORD)).status).toBe(200)
    expect(await count()).toBe(n + 1)
  })
})

describe('password strength (audit finding 4)', () => {
  it.each(['aaaaaaaaaaaa', 'abcdefghijkl', '111111111111'])(
    '%s is refused with zxcvbn feedback',
    async (weak) => {
      const { cookie } = await signedIn()
      const res = await as(cookie, '/api/security/password', {
        method: 'POST',
        json: { currentPassword: PASSWORD, newPassword: weak },
      })
      expect(res.status).toBe(400)
      const body = (await res.json()) as { errors: { newPassword: string } }
      expect(body.errors.newPassword).toMatch(/^This password is too easy to guess\. .*(Repeated|sequences)/)
    },
  )
})

describe('the TOTP key at rest (audit finding 9)', () => {
  it('an enrolled key is stored sealed (AES-GCM), and a plain legacy key is sealed by the cron', async () => {
    const { id } = await signedIn()
    const raw = crypto.getRandomValues(new Uint8Array(20))
    const plain = btoa(String.fromCharCode(...raw))
    await env.DB.prepare('update users set totp_key = ? where id = ?').bind(plain, id).run()
    const ctrl = createScheduledController({ scheduledTime: Date.now(), cron: '*/5 * * * *' })
    const ctx = createExecutionContext()
    await worker.scheduled!(ctrl, env, ctx)
    await waitOnExecutionContext(ctx)
    const row = await env.DB.prepare('select totp_key from users where id = ?')
      .bind(id)
      .first<{ totp_key: string }>()
    expect(row!.totp_key).toMatch(/^v1:/)
    expect(row!.totp_key).not.toContain(plain)
    expect(await openTotpKey(env, id, row!.totp_key)).toEqual(raw)
    // Bound to its user: the same value under another id does not open.
    expect(await openTotpKey(env, id + 1, row!.totp_key)).toBeNull()
  })

  it('a code from a sealed key signs in', async () => {
    const { id, username } = await signedIn()
    const raw = crypto.getRandomValues(new Uint8Array(20))
    await env.DB.prepare('update users set totp_key = ? where id = ?')
      .bind(await sealTotpKey(env, id, raw), id)
      .run()
    const { secondFactor } = (await (await login(username, PASSWORD)).json()) as {
      secondFactor: { ticket: string }
    }
    const code = generateHOTP(raw, BigInt(Math.floor(Date.now() / 30_000)), 6)
    const res = await call('/api/auth/login/second-factor', {
      method: 'POST',
      json: { ticket: secondFactor.ticket, code },
    })
    expect(res.status).toBe(200)
  })

  it('outside a local deployment, without TOTP_KEY_SECRET, no key is sealed', async () => {
    const prod = { ...env, ENVIRONMENT: 'production' } as Env
    expect(await sealTotpKey(prod, 1, new Uint8Array(20))).toBeNull()
    const secret = { ...prod, TOTP_KEY_SECRET: 'a-real-secret-of-at-least-32-characters!' } as Env
    const sealed = await sealTotpKey(secret, 1, new Uint8Array(20))
    expect(sealed).toMatch(/^v1:/)
    expect(await openTotpKey(env, 1, sealed!)).toBeNull()
  })
})
