import { env } from 'cloudflare:test'
import { generateHOTP } from '@oslojs/otp'
import { securityConfig } from '../../worker/auth/config'
import { hashPassword } from '../../worker/auth/password'
import { createSession } from '../../worker/auth/session'
import { createDb } from '../../worker/db'
import { call } from './helpers'

/** Creates the owner row (if missing) and a session; returns the Cookie header value. */
export async function ownerCookie(username = 'owner'): Promise<string> {
  const hash = await hashPassword('test-owner-password', 1000)
  await env.DB.prepare('insert or ignore into users (username, password_hash) values (?, ?)')
    .bind(username, hash)
    .run()
  const row = await env.DB.prepare('select id from users where username = ?')
    .bind(username)
    .first<{ id: number }>()
  const { token } = await createSession(createDb(env.DB), { id: row!.id, username }, securityConfig(env))
  return `session=${token}`
}

/** A fixed authenticator key for tests (stored unsealed: openTotpKey reads such keys as they are). */
export const TEST_TOTP_KEY = new Uint8Array(20).map((_, i) => i + 1)

/** Gives the user an authenticator app (the vault needs a second factor, ADR 181). */
export async function enrolTotp(username = 'owner') {
  await env.DB.prepare('update users set totp_key = ?, totp_last_step = null where username = ?')
    .bind(btoa(String.fromCharCode(...TEST_TOTP_KEY)), username)
    .run()
}

/**
 * A code the server takes now: the step after the last one used, within the
 * one step of drift either way that matchTotp allows (each step is accepted once).
 */
export async function freshTotpCode(username = 'owner') {
  const row = await env.DB.prepare('select totp_last_step as last from users where username = ?')
    .bind(username)
    .first<{ last: number | null }>()
  const current = Math.floor(Date.now() / 30_000)
  // The current step first: a code of the step before could pass the server's window edge while the
  // request is on its way, at a 30-second boundary (seen as "Invalid code" once in a full run).
  const step = Math.max(current, (row?.last ?? -Infinity) + 1)
  if (step > current + 1) throw new Error('two codes used in this 30-second step; wait for the next')
  return generateHOTP(TEST_TOTP_KEY, BigInt(step), 6)
}

/** Enrols the authenticator app and proves it on the session, as the vault's dialog does. */
export async function proveSecondFactor(cookie: string, username = 'owner') {
  await enrolTotp(username)
  const res = await call('/api/security/reauth', {
    method: 'POST',
    headers: { Cookie: cookie },
    json: { code: await freshTotpCode(username) },
  })
  if (res.status !== 204) throw new Error(`second factor refused: ${res.status} ${await res.text()}`)
}
