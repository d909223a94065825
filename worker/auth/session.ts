// Sessions in KV. The cookie holds a random token; KV holds only its SHA-256,
// so a leaked KV listing cannot be replayed as a cookie.
// https://lucia-auth.com/sessions/basic (the pattern this follows)
import { sha256 } from '@oslojs/crypto/sha2'
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding'
import { SESSION_TTL_MS } from '../../schema/constants'
import type { SessionUser } from '../env'

type StoredSession = { userId: number; username: string; expiresAt: number }

const keyFor = (token: string) => `session:${encodeHexLowerCase(sha256(new TextEncoder().encode(token)))}`

export function generateSessionToken(): string {
  // 20 random bytes = 160 bits of entropy.
  return encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(20)))
}

export async function createSession(kv: KVNamespace, user: SessionUser, now = Date.now()) {
  const token = generateSessionToken()
  const expiresAt = now + SESSION_TTL_MS
  await put(kv, token, { userId: user.id, username: user.username, expiresAt })
  return { token, expiresAt }
}

// KV drops the entry itself at expiry; KV refuses expirations less than 60 s
// ahead, and `validateSession` checks `expiresAt` anyway, so it is clamped.
const KV_MIN_TTL_S = 60

async function put(kv: KVNamespace, token: string, session: StoredSession) {
  const expiration = Math.max(
    Math.floor(session.expiresAt / 1000),
    Math.ceil(Date.now() / 1000) + KV_MIN_TTL_S,
  )
  await kv.put(keyFor(token), JSON.stringify(session), { expiration })
}

export type ValidatedSession = { user: SessionUser; expiresAt: number; renewed: boolean }

/** Returns the session's user, renewing the expiry when less than half of it is left. */
export async function validateSession(
  kv: KVNamespace,
  token: string,
  now = Date.now(),
): Promise<ValidatedSession | null> {
  if (!/^[a-z2-7]{32}$/.test(token)) return null
  const raw = await kv.get(keyFor(token))
  if (!raw) return null
  let session: StoredSession
  try {
    session = JSON.parse(raw) as StoredSession
  } catch {
    return null
  }
  if (
    typeof session?.expiresAt !== 'number' ||
    typeof session.userId !== 'number' ||
    typeof session.username !== 'string' ||
    session.expiresAt <= now
  ) {
    await kv.delete(keyFor(token))
    return null
  }
  let renewed = false
  if (session.expiresAt - now < SESSION_TTL_MS / 2) {
    session = { ...session, expiresAt: now + SESSION_TTL_MS }
    await put(kv, token, session)
    renewed = true
  }
  return { user: { id: session.userId, username: session.username }, expiresAt: session.expiresAt, renewed }
}

export async function invalidateSession(kv: KVNamespace, token: string) {
  await kv.delete(keyFor(token))
}
