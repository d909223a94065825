import { sha256 } from '@oslojs/crypto/sha2'
import { constantTimeEqual } from './password'

const digest = (text: string) => sha256(new TextEncoder().encode(text))

/**
 * Whether a registration presents the OWNER_SETUP_TOKEN secret. `local` is
 * true only under the explicit local setting on a localhost request
 * (docs/decisions/024-fail-closed.md). Comparing the digests keeps the
 * comparison constant-time whatever the lengths.
 */
export function setupTokenAccepted(env: Env, presented: string | undefined, local: boolean): boolean {
  if (local) return true
  const expected = env.OWNER_SETUP_TOKEN
  if (!expected || !presented) return false
  return constantTimeEqual(digest(presented), digest(expected))
}
