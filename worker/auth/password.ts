// Password hashing with PBKDF2-HMAC-SHA-256 through WebCrypto, which both the
// Workers runtime and Node (for scripts/owner.ts) provide.
// workerd caps PBKDF2 at 100,000 iterations, so that is the cost used; the
// parameters are stored with the hash so it can be raised later.

const ALGORITHM = 'pbkdf2-sha256'
export const PBKDF2_ITERATIONS = 100_000
const SALT_BYTES = 16
const HASH_BITS = 256

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0))

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, [
    'deriveBits',
  ])
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations },
    key,
    HASH_BITS,
  )
  return new Uint8Array(bits)
}

/** Returns "pbkdf2-sha256$<iterations>$<salt>$<hash>" (base64 parts). */
export async function hashPassword(password: string, iterations = PBKDF2_ITERATIONS): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES))
  const hash = await derive(password, salt, iterations)
  return [ALGORITHM, iterations, toBase64(salt), toBase64(hash)].join('$')
}

/** Compares in constant time; a malformed stored hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [algorithm, iterationText, saltText, hashText] = stored.split('$')
  const iterations = Number(iterationText)
  if (algorithm !== ALGORITHM || !Number.isInteger(iterations) || !saltText || !hashText) return false
  if (iterations < 1 || iterations > PBKDF2_ITERATIONS) return false
  const expected = fromBase64(hashText)
  const actual = await derive(password, fromBase64(saltText), iterations)
  return constantTimeEqual(actual, expected)
}

export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false
  let diff = 0
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!
  return diff === 0
}

/**
 * A fixed hash to verify against when the user does not exist, so a wrong
 * username costs the same PBKDF2 work as a wrong password (no enumeration by timing).
 */
export const DUMMY_PASSWORD_HASH =
  'pbkdf2-sha256$100000$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA='
