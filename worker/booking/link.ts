// The visitor's signed, expiring manage link (docs/decisions/060-booking-links.md):
// /booking/<uid>~<expiry>~<HMAC-SHA256 of both>. No dot: a path ending in ".xyz" is
// taken for a static file (worker/site-files.ts). It names one booking by its
// random uid and nothing else; without a usable BOOKING_LINK_KEY no link is
// made and none is accepted (fail closed, like worker/auth/config.ts's limits).

import { localDeployment } from '../auth/local'
import { log } from '../log'

/** The key must be long enough to be a secret, not a placeholder. */
export const MIN_LINK_KEY_LENGTH = 32
/**
 * The placeholder of .dev.vars.example: fine for a local deployment, refused
 * anywhere else (docs/decisions/081-keys-fail-closed.md), as are keys that say
 * they are examples.
 */
export const EXAMPLE_LINK_KEY = 'local-booking-link-key-change-me-0123456789'
const looksLikeExample = (key: string) =>
  key === EXAMPLE_LINK_KEY || /change-?me|example|not-for-production/i.test(key)

let warned = false
/** A link stays usable until a week after the meeting it was made for. */
export const LINK_GRACE_MS = 7 * 24 * 60 * 60 * 1000

export function linkKeyConfigured(env: Env): boolean {
  const key = (env as { BOOKING_LINK_KEY?: string }).BOOKING_LINK_KEY
  if (typeof key !== 'string' || key.length < MIN_LINK_KEY_LENGTH) return false
  if (looksLikeExample(key) && !localDeployment(env)) {
    if (!warned) {
      warned = true
      log('warn', 'booking links are off: BOOKING_LINK_KEY is the example key; set a random secret')
    }
    return false
  }
  return true
}

const b64url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')

async function sign(env: Env, payload: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(env.BOOKING_LINK_KEY),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  )
  return b64url(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(payload)))
}

/** The token for a booking, valid until `expiresAt`; null when no key is configured. */
export async function bookingToken(env: Env, uid: string, expiresAt: number): Promise<string | null> {
  if (!linkKeyConfigured(env)) return null
  const payload = `${uid}~${Math.floor(expiresAt / 1000)}`
  return `${payload}~${await sign(env, payload)}`
}

/** The manage page's address for a booking, or null without a key. */
export async function bookingUrl(env: Env, uid: string, slotStart: number): Promise<string | null> {
  const token = await bookingToken(env, uid, slotStart + LINK_GRACE_MS)
  return token ? new URL(`/booking/${token}`, env.SITE_URL).toString() : null
}

function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  let diff = 0
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i)
  return diff === 0
}

/** The uid a token names when its signature holds and it has not expired; otherwise null. */
export async function verifyBookingToken(env: Env, token: string, now: number): Promise<string | null> {
  if (!linkKeyConfigured(env)) return null
  const match = /^([0-9a-f-]{16,64})~(\d{1,12})~([A-Za-z0-9_-]{43})$/.exec(token)
  if (!match) return null
  const [, uid, exp, signature] = match as unknown as [string, string, string, string]
  const expected = await sign(env, `${uid}~${exp}`)
  // Compared in constant time: the signature must not be guessable byte by byte.
  if (!sameText(expected, signature)) return null
  if (Number(exp) * 1000 < now) return null
  return uid
}
