// Password hashing with PBKDF2-HMAC-SHA-256 through WebCrypto, which both the
// Workers runtime and Node (for scripts/owner.ts) provide.
// workerd caps PBKDF2 at 100,000 iterations, so that is the cost used; the
// parameters are stored with the hash so it can be raised later
// (`needsRehash` tells the login to upgrade an older hash).

const ALGORITHM = 'pbkdf2-sha256'
export const PBKDF2_ITERATIONS = 100_000
const SALT_BYTES = 16
const HASH_BYTES = 32

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))
const fromBase64 = (text: string): Uint8Array | null => {
  try {
    return Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0))
  } catch {
    return null
  }
}

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, [
    'deriveBits',
  ])
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations },
    key,
    HASH_BYTES * 8,
  )
  return new Uint8Array(bits)
}

type ParsedHash = { iterations: number; salt: Uint8Array; hash: Uint8Array }

function parse(stored: string): ParsedHash | null {
  const [algorithm, iterationText, saltText, hashText, ...rest] = stored.split('$')
  if (algorithm !== ALGORITHM || rest.length > 0 || !saltText || !hashText) return null
  const iterations = Number(iterationText)
  if (!Number.isInteger(iterations) || iterations < 1 || iterations > PBKDF2_ITERATIONS) return null
  const salt = fromBase64(saltText)
  const hash = fromBase64(hashText)
  if (!salt || salt.length === 0 || !hash || hash.length !== HASH_BYTES) return null
  return { iterations, salt, hash }
}

/** Returns "pbkdf2-sha256$<iterations>$<salt>$<hash>" (base64 parts). */
export async function hashPassword(password: string, iterations = PBKDF2_ITERATIONS): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES))
  const hash = await derive(password, salt, iterations)
  return [ALGORITHM, iterations, toBase64(salt), toBase64(hash)].join('$')
}

/**
 * Compares in constant time. A malformed stored hash never matches, but still
 * costs a full derivation, so no stored value answers faster than a real one.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored)
  const actual = await derive(
    password,
    parsed?.salt ?? new Uint8Array(SALT_BYTES),
    parsed?.iterations ?? PBKDF2_ITERATIONS,
  )
  return parsed !== null && constantTimeEqual(actual, parsed.hash)
}

/** True when the stored hash uses fewer iterations than today's cost (or cannot be read). */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored)
  return parsed === null || parsed.iterations < PBKDF2_ITERATIONS
}

export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false
  let diff = 0
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!
  return diff === 0
}

/**
 * A well-formed hash at full cost to verify against when the user does not
 * exist, so a wrong username costs the same PBKDF2 work as a wrong password
 * (no enumeration by timing). Its all-zero digest is not the output of any
 * known password.
 */
export const DUMMY_PASSWORD_HASH = [
  ALGORITHM,
  PBKDF2_ITERATIONS,
  toBase64(new Uint8Array(SALT_BYTES)),
  toBase64(new Uint8Array(HASH_BYTES)),
].join('$')
