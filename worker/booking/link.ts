// The visitor's signed, expiring manage link (docs/decisions/060-booking-links.md):
// /booking/<uid>~<expiry>~<HMAC-SHA256 of both> (worker/signed-token.ts). No dot: a path ending in ".xyz" is
// taken for a static file (worker/site-files.ts). It names one booking by its
// random uid and nothing else; without a usable BOOKING_LINK_KEY no link is
// made and none is accepted (fail closed, like worker/auth/config.ts's limits).

import { localDeployment } from '../auth/local'
import { log } from '../log'
import { signExpiring, verifyExpiring } from '../signed-token'

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

/** The token for a booking, valid until `expiresAt`; null when no key is configured. */
export async function bookingToken(env: Env, uid: string, expiresAt: number): Promise<string | null> {
  if (!linkKeyConfigured(env)) return null
  return signExpiring(env.BOOKING_LINK_KEY, '', uid, expiresAt)
}

/** The manage page's address for a booking, or null without a key. */
export async function bookingUrl(env: Env, uid: string, slotStart: number): Promise<string | null> {
  const token = await bookingToken(env, uid, slotStart + LINK_GRACE_MS)
  return token ? new URL(`/booking/${token}`, env.SITE_URL).toString() : null
}

/** The uid a token names when its signature holds and it has not expired; otherwise null. */
export async function verifyBookingToken(env: Env, token: string, now: number): Promise<string | null> {
  if (!linkKeyConfigured(env)) return null
  // Signed under the key with no context; compared in constant time (worker/signed-token.ts).
  return verifyExpiring(env.BOOKING_LINK_KEY, '', token, '[0-9a-f-]{16,64}', now)
}
