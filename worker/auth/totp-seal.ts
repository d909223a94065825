// The authenticator app's key at rest (docs/decisions/082-totp-key-encryption.md):
// AES-256-GCM under a key derived from the TOTP_KEY_SECRET secret, with the
// user's id as additional data (a sealed key copied to another row does not
// open). Stored as "v1:<iv b64>:<ciphertext b64>". A built-in secret serves
// local deployments only (localDeployment); without a usable secret elsewhere
// no key is sealed (enrolment is refused) and sealed keys cannot be opened.
// Keys stored in plain base64 before migration 0010 are still read, and sealed
// by the cron (sealPlainTotpKeys) or on their next use.
import { and, eq, isNotNull, notLike } from 'drizzle-orm'
import type { Db } from '../db'
import { tables } from '../db'
import { log } from '../log'
import { localDeployment } from './local'

const LOCAL_TOTP_SECRET = 'local-totp-key-secret-not-for-production'
/** The secret must be long enough to be a secret rather than a placeholder. */
export const MIN_TOTP_SECRET_LENGTH = 32
const PREFIX = 'v1:'

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0))

function totpSecret(env: Env): string | null {
  const secret = (env as Env & { TOTP_KEY_SECRET?: string }).TOTP_KEY_SECRET?.trim()
  if (secret && secret.length >= MIN_TOTP_SECRET_LENGTH && secret !== LOCAL_TOTP_SECRET) return secret
  return localDeployment(env) ? LOCAL_TOTP_SECRET : null
}

export const totpSealingConfigured = (env: Env) => totpSecret(env) !== null

async function aesKey(secret: string) {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`totp-key:${secret}`))
  return crypto.subtle.importKey('raw', digest, 'AES-GCM', false, ['encrypt', 'decrypt'])
}

const aad = (userId: number) => new TextEncoder().encode(`totp:${userId}`)

export const isSealed = (stored: string) => stored.startsWith(PREFIX)

/** The sealed form of a raw key, or null when no secret is configured. */
export async function sealTotpKey(
  env: Env,
  userId: number,
  key: Uint8Array<ArrayBuffer>,
): Promise<string | null> {
  const secret = totpSecret(env)
  if (!secret) return null
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: aad(userId) },
    await aesKey(secret),
    key,
  )
  return `${PREFIX}${toBase64(iv)}:${toBase64(new Uint8Array(sealed))}`
}

/** The raw key of a stored value (sealed or legacy plain base64), or null when it cannot be opened. */
export async function openTotpKey(
  env: Env,
  userId: number,
  stored: string,
): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!isSealed(stored)) return fromBase64(stored)
  const secret = totpSecret(env)
  if (!secret) {
    log('error', 'TOTP_KEY_SECRET is not set: authenticator codes cannot be checked')
    return null
  }
  const [iv, data] = stored.slice(PREFIX.length).split(':')
  try {
    const key = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64(iv ?? ''), additionalData: aad(userId) },
      await aesKey(secret),
      fromBase64(data ?? ''),
    )
    return new Uint8Array(key)
  } catch {
    log('error', 'a stored TOTP key did not open (wrong TOTP_KEY_SECRET?)', { userId })
    return null
  }
}

/** Seals every key still stored in plain base64 (the cron; a no-op without a secret). */
export async function sealPlainTotpKeys(db: Db, env: Env) {
  if (!totpSealingConfigured(env)) return 0
  const u = tables.users
  const rows = await db
    .select({ id: u.id, totpKey: u.totpKey })
    .from(u)
    .where(and(isNotNull(u.totpKey), notLike(u.totpKey, `${PREFIX}%`)))
  for (const row of rows) {
    const sealed = await sealTotpKey(env, row.id, fromBase64(row.totpKey!))
    // Only if unchanged meanwhile (a concurrent re-enrolment wins).
    if (sealed) {
      await db
        .update(u)
        .set({ totpKey: sealed })
        .where(and(eq(u.id, row.id), eq(u.totpKey, row.totpKey!)))
    }
  }
  return rows.length
}
