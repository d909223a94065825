import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from 'cloudflare:test'
import { decodeBase32IgnorePadding } from '@oslojs/encoding'
import { generateHOTP } from '@oslojs/otp'
import { describe, expect, it } from 'vitest'
import { AUTH_MESSAGES } from '../../schema/messages'
import { createDb } from '../../worker/db'
import worker from '../../worker/index'
import { appendAudit } from '../../worker/services/audit'
import { createUser, freshIp, freshUsername, login, me, sessionToken } from './auth-helpers'
import { call } from './helpers'

const PASSWORD = 'the owners own passphrase'
const UA_A = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36'
const UA_B = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1'

const codeAt = (secret: string, at = Date.now()) =>
  generateHOTP(decodeBase32IgnorePadding(secret), BigInt(Math.floor(at / 30_000)), 6)

/** A fresh owner signed in twice (two "browsers"); returns both cookies. */
async function twoBrowsers() {
  const username = freshUsername('owner')
  const id = await createUser(username, PASSWORD, 1000)
  const a = `session=${sessionToken(await login(username, PASSWORD, { 'user-agent': UA_A }))}`
  const b = `session=${sessionToken(await login(username, PASSWORD, { 'user-agent': UA_B }))}`
  return { username, id, a, b }
}

const as = (cookie: string, path: string, init: RequestInit & { json?: unknown } = {}) =>
  call(path, { ...init, headers: { ...(init.headers as Record<string, string>), Cookie: cookie } })

async function auditEntries(cookie: string, query = '') {
  const res = await as(cookie, `/api/security/audit${query}`)
  expect(res.status).toBe(200)
  return (
    (await res.json()) as {
      entries: {
        action: string
        outcome: string
        record: string | null
        actor: string | null
        ip: string | null
        userAgent: string | null
      }[]
    }
  ).entries
}

describe('the Security area requires the owner', () => {
  it.each([
    ['GET', '/api/security'],
    ['GET', '/api/security/sessions'],
    ['GET', '/api/security/audit'],
    ['POST', '/api/security/sessions/end-others'],
    ['POST', '/api/security/password'],
    ['POST', '/api/security/totp/setup'],
    ['POST', '/api/security/passkeys/options'],
  ])('%s %s answers 401 without a session', async (method, path) => {
    const res = await call(path, { method, ...(method === 'GET' ? {} : { json: {} }) })
    expect(res.status).toBe(401)
  })
})

describe('sessions', () => {
  it('lists the active sessions with device and times, marking the current one', async () => {
    const { a } = await twoBrowsers()
    const res = await as(a, '/api/security/sessions')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    const list = (await res.json()) as {
      current: boolean
      userAgent: string
      createdAt: string
      lastSeenAt: string
    }[]
    expect(list).toHaveLength(2)
    expect(list.filter((s) => s.current)).toHaveLength(1)
    expect(list.find((s) => s.current)!.userAgent).toBe(UA_A)
    expect(list.map((s) => s.userAgent).sort()).toEqual([UA_A, UA_B].sort())
    expect(Date.parse(list[0]!.createdAt)).toBeGreaterThan(Date.now() - 60_000)
  })

  it('"sign out everywhere else" ends the other browser only', async () => {
    const { a, b } = await twoBrowsers()
    const res = await as(a, '/api/security/sessions/end-others', { method: 'POST' })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ ended: 1 })
    expect((await me(b)).status).toBe(401)
    expect((await me(a)).status).toBe(200)
    expect((await auditEntries(a, '?action=session'))[0]).toMatchObject({
      action: 'session.end-others',
      outcome: 'success',
    })
  })

  it("signs out one session by id; another owner's or an unknown id is 404", async () => {
    const { a, b } = await twoBrowsers()
    const list = (await (await as(a, '/api/security/sessions')).json()) as { id: string; current: boolean }[]
    const other = list.find((s) => !s.current)!
    expect((await as(a, `/api/security/sessions/${other.id}`, { method: 'DELETE' })).status).toBe(204)
    expect((await me(b)).status).toBe(401)
    expect((await as(a, `/api/security/sessions/${other.id}`, { method: 'DELETE' })).status).toBe(404)
    const stranger = await twoBrowsers()
    const theirs = (await (await as(stranger.a, '/api/security/sessions')).json()) as { id: string }[]
    expect((await as(a, `/api/security/sessions/${theirs[0]!.id}`, { method: 'DELETE' })).status).toBe(404)
    expect((await me(stranger.a)).status).toBe(200)
  })
})

describe('changing the password', () => {
  it('needs the current password, applies the rule, then ends the other sessions', async () => {
    const { username, a, b } = await twoBrowsers()
    const change = (json: unknown) => as(a, '/api/security/password', { method: 'POST', json })

    const wrong = await change({ currentPassword: 'not my password', newPassword: 'a brand new passphrase' })
    expect(wrong.status).toBe(400)
    expect(await wrong.json()).toEqual({
      message: AUTH_MESSAGES.wrongPassword,
      errors: { currentPassword: AUTH_MESSAGES.wrongPassword },
    })
    const weak = await change({ currentPassword: PASSWORD, newPassword: ' '.repeat(14) })
    expect(weak.status).toBe(400)
    expect(await weak.json()).toMatchObject({ errors: { newPassword: 'Password cannot be only spaces' } })
    expect((await me(b)).status).toBe(200)

    const ok = await change({ currentPassword: PASSWORD, newPassword: 'a brand new passphrase' })
    expect(ok.status).toBe(200)
    expect(await ok.json()).toEqual({ endedSessions: 1 })
    expect((await me(b)).status).toBe(401)
    expect((await me(a)).status).toBe(200)
    expect((await login(username, PASSWORD)).status).toBe(401)
    expect((await login(username, 'a brand new passphrase')).status).toBe(200)
    const actions = (await auditEntries(a, '?action=password')).map((e) => `${e.action} ${e.outcome}`)
    expect(actions).toEqual(['password.change success', 'password.change failure'])
  })
})

describe('authenticator app (TOTP) and recovery codes', () => {
  async function enrol(cookie: string) {
    const setup = await as(cookie, '/api/security/totp/setup', { method: 'POST' })
    expect(setup.status).toBe(200)
    const { secret, uri } = (await setup.json()) as { secret: string; uri: string }
    expect(uri).toMatch(/^otpauth:\/\/totp\//)
    expect(uri).toContain(`secret=${secret}`)
    const bad = await as(cookie, '/api/security/totp', { method: 'POST', json: { code: '000000' } })
    expect(bad.status).toBe(400)
    const ok = await as(cookie, '/api/security/totp', { method: 'POST', json: { code: codeAt(secret) } })
    expect(ok.status).toBe(201)
    const { recoveryCodes } = (await ok.json()) as { recoveryCodes: string[] }
    return { secret, recoveryCodes }
  }

  const secondStep = (ticket: string, code: string, ip = freshIp()) =>
    call('/api/auth/login/second-factor', {
      method: 'POST',
      json: { ticket, code },
      headers: { 'cf-connecting-ip': ip },
    })

  it('once enrolled, the password alone gives no session; a valid code does, once', async () => {
    const { username, a } = await twoBrowsers()
    const { secret, recoveryCodes } = await enrol(a)
    expect(recoveryCodes).toHaveLength(10)
    expect(new Set(recoveryCodes).size).toBe(10)

    const first = await login(username, PASSWORD)
    expect(first.status).toBe(200)
    expect(first.headers.getSetCookie()).toEqual([])
    const { secondFactor } = (await first.json()) as { secondFactor: { ticket: string; methods: string[] } }
    expect(secondFactor.methods).toEqual(['totp', 'recovery'])

    const wrong = await secondStep(secondFactor.ticket, '123456')
    expect(wrong.status).toBe(401)
    expect(await wrong.json()).toEqual({ message: AUTH_MESSAGES.invalidCode })
    expect(wrong.headers.getSetCookie()).toEqual([])
    // The code used at enrolment (this 30-second step) cannot be replayed; the next step's code works.
    const next = codeAt(secret, Date.now() + 30_000)
    const ok = await secondStep(secondFactor.ticket, next)
    expect(ok.status).toBe(200)
    expect((await me(`session=${sessionToken(ok)}`)).status).toBe(200)
    // The ticket is spent.
    expect((await secondStep(secondFactor.ticket, next)).status).toBe(401)
  })

  it('starting the setup again (after a Cancel) shows the same key; a wrong code leaves it good', async () => {
    const { a } = await twoBrowsers()
    const secretOf = async () =>
      ((await (await as(a, '/api/security/totp/setup', { method: 'POST' })).json()) as { secret: string })
        .secret
    const first = await secretOf()
    expect(await secretOf()).toBe(first)
    const bad = await as(a, '/api/security/totp', { method: 'POST', json: { code: '000000' } })
    expect(bad.status).toBe(400)
    const ok = await as(a, '/api/security/totp', { method: 'POST', json: { code: codeAt(first) } })
    expect(ok.status).toBe(201)
    // Once enrolled, a new setup is a new key.
    expect(await secretOf()).not.toBe(first)
  })

  it('a recovery code signs in once; a forged ticket is refused', async () => {
    const { username, a } = await twoBrowsers()
    const { recoveryCodes } = await enrol(a)
    const ticketOf = async () =>
      ((await (await login(username, PASSWORD)).json()) as { secondFactor: { ticket: string } }).secondFactor
        .ticket
    const code = recoveryCodes[3]!
    const ok = await secondStep(await ticketOf(), code.toUpperCase())
    expect(ok.status).toBe(200)
    const again = await secondStep(await ticketOf(), code)
    expect(again.status).toBe(401)
    expect((await secondStep('abcdefghijklmnopqrstuvwxyz234567', recoveryCodes[4]!)).status).toBe(401)
    const state = (await (await as(a, '/api/security')).json()) as {
      recoveryCodesLeft: number
      totp: boolean
    }
    expect(state).toMatchObject({ totp: true, recoveryCodesLeft: 9 })
  })

  it('removing the last factor needs the password, and takes the recovery codes with it', async () => {
    const { username, a } = await twoBrowsers()
    await enrol(a)
    const without = await as(a, '/api/security/totp', { method: 'DELETE', json: {} })
    expect(without.status).toBe(400)
    expect(await without.json()).toMatchObject({ errors: { password: AUTH_MESSAGES.passwordForLastFactor } })
    const wrong = await as(a, '/api/security/totp', { method: 'DELETE', json: { password: 'wrong one' } })
    expect(wrong.status).toBe(400)
    expect(
      await as(a, '/api/security/totp', { method: 'DELETE', json: { password: PASSWORD } }),
    ).toHaveProperty('status', 204)
    expect(await (await as(a, '/api/security')).json()).toMatchObject({ totp: false, recoveryCodesLeft: 0 })
    const res = await login(username, PASSWORD)
    expect(await res.json()).toHaveProperty('user')
  })

  it('a passkey response that does not verify is a 400, and nothing is stored', async () => {
    const { a } = await twoBrowsers()
    expect((await as(a, '/api/security/passkeys/options', { method: 'POST' })).status).toBe(200)
    const res = await as(a, '/api/security/passkeys', {
      method: 'POST',
      json: { name: 'Laptop', response: { id: 'abc', rawId: 'abc', type: 'public-key', response: {} } },
    })
    expect(res.status).toBe(400)
    expect(await (await as(a, '/api/security')).json()).toMatchObject({ passkeys: [] })
    const signIn = await call('/api/auth/passkey', {
      method: 'POST',
      json: {
        challengeId: 'not-a-real-challenge',
        response: { id: 'abc', rawId: 'abc', type: 'public-key' },
      },
    })
    expect(signIn.status).toBe(401)
    expect(await signIn.json()).toEqual({ message: AUTH_MESSAGES.passkeyFailed })
    // The first passkey request loads the WebAuthn library (slow on a busy test machine).
  }, 30_000)

  it('passkey sign-in options name the site as relying party', async () => {
    const res = await call('/api/auth/passkey/options', { method: 'POST' })
    const body = (await res.json()) as {
      challengeId: string
      options: { rpId: string; userVerification: string }
    }
    expect(body.options).toMatchObject({ rpId: 'localhost', userVerification: 'required' })
    expect(body.challengeId).toMatch(/^[A-Za-z0-9_-]+$/)
  }, 30_000)
})

describe('the audit trail', () => {
  it('records sign-ins, failed sign-ins and every admin write (REST and GraphQL), newest first', async () => {
    const { username, a } = await twoBrowsers()
    await login(username, 'a wrong password', {
      'user-agent': 'Attacker/1.0',
      'cf-connecting-ip': '203.0.113.9',
    })
    const created = await as(a, '/api/skills', { method: 'POST', json: { category: 'Tools', name: 'Audit' } })
    const skillId = ((await created.json()) as { id: number }).id
    const gql = await as(a, '/graphql', {
      method: 'POST',
      json: { query: 'mutation ($id: ID!) { deleteSkill(id: $id) }', variables: { id: String(skillId) } },
      headers: { 'x-graphql-yoga-csrf': '1' },
    })
    expect(gql.status).toBe(200)
    await as(a, '/api/projects/999999', { method: 'DELETE' })

    const entries = await auditEntries(a)
    const mine = entries.filter((e) => e.actor === username)
    expect(mine.slice(0, 4).map((e) => [e.action, e.record, e.outcome])).toEqual([
      ['DELETE /api/projects/:id', '999999', 'failure'],
      ['graphql deleteSkill', String(skillId), 'success'],
      // Issue 27 (audit finding 11): a create names the record it made (was null).
      ['POST /api/skills', String(skillId), 'success'],
      ['sign-in', null, 'failure'],
    ])
    expect(mine[3]).toMatchObject({ ip: '203.0.113.9', userAgent: 'Attacker/1.0' })
    expect(mine.filter((e) => e.action === 'sign-in' && e.outcome === 'success')).toHaveLength(2)
    // Filters.
    const failures = await auditEntries(a, '?outcome=failure&action=sign-in')
    expect(failures.every((e) => e.outcome === 'failure' && e.action.includes('sign-in'))).toBe(true)
    expect((await as(a, '/api/security/audit?outcome=maybe')).status).toBe(400)
  })

  it('cannot be changed through any API', async () => {
    const { a } = await twoBrowsers()
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const res = await as(a, '/api/security/audit', { method, json: {} })
      expect(res.status).toBe(404)
    }
    const gql = await as(a, '/graphql', {
      method: 'POST',
      json: { query: '{ __schema { mutationType { fields { name } } } }' },
      headers: { 'x-graphql-yoga-csrf': '1' },
    })
    const fields = (
      (await gql.json()) as { data: { __schema: { mutationType: { fields: { name: string }[] } } } }
    ).data.__schema.mutationType.fields
    expect(fields.filter((f) => /audit/i.test(f.name))).toEqual([])
  })

  it('is purged by the cron after the retention period (400 days by default)', async () => {
    const db = createDb(env.DB)
    const now = Date.now()
    const day = 24 * 60 * 60 * 1000
    const entry = (ageDays: number, action: string) =>
      appendAudit(db, {
        action,
        outcome: 'success',
        ip: null,
        userAgent: null,
        at: new Date(now - ageDays * day),
      })
    await entry(401, 'test.old')
    await entry(399, 'test.recent')
    const ctx = createExecutionContext()
    await worker.scheduled(createScheduledController({ scheduledTime: now }), env, ctx)
    await waitOnExecutionContext(ctx)
    const rows = await env.DB.prepare("select action from audit_log where action like 'test.%'").all<{
      action: string
    }>()
    expect(rows.results.map((r) => r.action)).toEqual(['test.recent'])
  })
})

describe('cookies and caches', () => {
  it('a response that sets a cookie is never cacheable', async () => {
    const username = freshUsername()
    await createUser(username, PASSWORD, 1000)
    const res = await login(username, PASSWORD)
    expect(res.headers.getSetCookie()).not.toEqual([])
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    const out = await call('/api/auth/logout', {
      method: 'POST',
      headers: { Cookie: `session=${sessionToken(res)}` },
    })
    expect(out.headers.getSetCookie()).not.toEqual([])
    expect(out.headers.get('cache-control')).toBe('private, no-store')
  })

  it('a signed-in public read sets no cookie, so the edge copy cannot drop one', async () => {
    const { a } = await twoBrowsers()
    const res = await as(a, '/api/projects')
    expect(res.status).toBe(200)
    expect(res.headers.getSetCookie()).toEqual([])
  })
})
