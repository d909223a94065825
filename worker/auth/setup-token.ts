import { sha256 } from '@oslojs/crypto/sha2'
import { isLocal } from '../env'
import { constantTimeEqual } from './password'

const digest = (text: string) => sha256(new TextEncoder().encode(text))

/**
 * Whether a registration may create the owner account: always in local
 * development, otherwise only with the OWNER_SETUP_TOKEN secret. Comparing the
 * digests keeps the comparison constant-time whatever the lengths.
 */
export function setupTokenAccepted(env: Env, presented: string | undefined): boolean {
  if (isLocal(env)) return true
  const expected = env.OWNER_SETUP_TOKEN
  if (!expected || !presented) return false
  return constantTimeEqual(digest(presented), digest(expected))
}
