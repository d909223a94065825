import { env } from 'cloudflare:test'
import { sha256 } from '@oslojs/crypto/sha2'
import { encodeHexLowerCase } from '@oslojs/encoding'
import { hashPassword } from '../../worker/auth/password'
import { call, freshIp } from './helpers'

// The auth tests import freshIp with the other auth helpers; it is defined once, in helpers.ts.
export { freshIp }

/** A fresh username per use (the limiter keys and D1 rows stay apart between tests). */
export const freshUsername = (prefix = 'user') => `${prefix}-${crypto.randomUUID().slice(0, 8)}`

/** Inserts a user with a real (full-cost unless told) password hash; returns its id. */
export async function createUser(username: string, password: string, iterations?: number) {
  const hash = await hashPassword(password, iterations)
  const row = await env.DB.prepare('insert into users (username, password_hash) values (?, ?) returning id')
    .bind(username, hash)
    .first<{ id: number }>()
  return row!.id
}

export function login(username: string, password: string, headers: Record<string, string> = {}) {
  return call('/api/auth/login', {
    method: 'POST',
    json: { username, password },
    headers: { 'cf-connecting-ip': freshIp(), ...headers },
  })
}

export type ParsedCookie = { name: string; value: string; attributes: Map<string, string> }

/** Parses the response's Set-Cookie headers (attribute names lower-cased). */
export function setCookies(res: Response): ParsedCookie[] {
  return res.headers.getSetCookie().map((header) => {
    const [pair, ...attrs] = header.split(';').map((part) => part.trim())
    const eq = pair!.indexOf('=')
    const attributes = new Map<string, string>()
    for (const attr of attrs) {
      const i = attr.indexOf('=')
      attributes.set((i < 0 ? attr : attr.slice(0, i)).toLowerCase(), i < 0 ? '' : attr.slice(i + 1))
    }
    return { name: pair!.slice(0, eq), value: pair!.slice(eq + 1), attributes }
  })
}

/** The session token a login or register answer set (throws when there is none). */
export function sessionToken(res: Response, name = 'session'): string {
  const cookie = setCookies(res).find((c) => c.name === name)
  if (!cookie) throw new Error(`no ${name} cookie in ${res.headers.getSetCookie().join(' | ')}`)
  return cookie.value
}

/** The KV key a token is stored under (its SHA-256, never the token). */
export const sessionKey = (token: string) =>
  `session:${encodeHexLowerCase(sha256(new TextEncoder().encode(token)))}`

export const me = (cookie?: string) => call('/api/auth/me', { headers: cookie ? { Cookie: cookie } : {} })
