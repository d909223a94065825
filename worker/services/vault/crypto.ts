// The vault's envelope encryption (docs/vault.md, ADR 152). Web Crypto only, so
// the same code runs in the Worker and in Node (scripts/vault-rotate.ts).
// - Each secret: AES-256-GCM under a random per-record data key.
// - Each data key: wrapped with AES-256-GCM under the key-encryption key (KEK),
//   derived by HKDF-SHA256 from the VAULT_KEY secret.
// - Both carry the credential's id as additional data, so neither the secret
//   nor the wrapped key opens when copied to another row.
// - key_id is a short fingerprint of the KEK, so a row says which key wrapped it
//   (VAULT_KEY or VAULT_KEY_PREVIOUS during a rotation) without revealing it.
// Rotation re-wraps data keys only: the secrets' ciphertexts are not touched.
import { decodeBase64, encodeBase64, encodeHexLowerCase } from '@oslojs/encoding'

/** A VAULT_KEY shorter than this is a placeholder, not a key. */
export const MIN_VAULT_KEY_LENGTH = 32
/** Serves a local deployment only (ADR 081), like the TOTP key's local default. */
export const LOCAL_VAULT_KEY = 'local-vault-key-not-for-production-0123456789'

export type Kek = { id: string; key: CryptoKey }

export type Sealed = {
  secretCiphertext: string
  secretIv: string
  wrappedKey: string
  wrapIv: string
  keyId: string
}

const text = new TextEncoder()
const aad = (part: 'secret' | 'key', credentialId: string) => text.encode(`vault:v1:${part}:${credentialId}`)

/** The key-encryption key of a VAULT_KEY value, with its fingerprint. */
export async function kekFrom(secret: string): Promise<Kek> {
  const material = await crypto.subtle.importKey('raw', text.encode(secret), 'HKDF', false, ['deriveKey'])
  const key = await crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: text.encode('vault-kek'), info: text.encode('v1') },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  )
  const digest = await crypto.subtle.digest('SHA-256', text.encode(`vault-key-id:${secret}`))
  return { id: encodeHexLowerCase(new Uint8Array(digest).slice(0, 6)), key }
}

const gcm = (iv: Uint8Array<ArrayBuffer>, additionalData: Uint8Array<ArrayBuffer>) => ({
  name: 'AES-GCM',
  iv,
  additionalData,
})
const randomIv = () => crypto.getRandomValues(new Uint8Array(12))

async function wrap(kek: Kek, credentialId: string, raw: Uint8Array<ArrayBuffer>) {
  const iv = randomIv()
  const wrapped = await crypto.subtle.encrypt(gcm(iv, aad('key', credentialId)), kek.key, raw)
  return { wrappedKey: encodeBase64(new Uint8Array(wrapped)), wrapIv: encodeBase64(iv), keyId: kek.id }
}

/** The raw data key of a row; throws when this KEK did not wrap it (or the row was tampered with). */
export async function unwrap(kek: Kek, credentialId: string, row: Pick<Sealed, 'wrappedKey' | 'wrapIv'>) {
  const raw = await crypto.subtle.decrypt(
    gcm(decodeBase64(row.wrapIv) as Uint8Array<ArrayBuffer>, aad('key', credentialId)),
    kek.key,
    decodeBase64(row.wrappedKey) as Uint8Array<ArrayBuffer>,
  )
  return new Uint8Array(raw)
}

/** Encrypts a secret for the credential `credentialId` under a fresh data key. */
export async function sealSecret(kek: Kek, credentialId: string, secret: string): Promise<Sealed> {
  const raw = crypto.getRandomValues(new Uint8Array(32))
  const dataKey = await crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt'])
  const iv = randomIv()
  const ciphertext = await crypto.subtle.encrypt(
    gcm(iv, aad('secret', credentialId)),
    dataKey,
    text.encode(secret),
  )
  const wrapped = await wrap(kek, credentialId, raw)
  raw.fill(0)
  return {
    secretCiphertext: encodeBase64(new Uint8Array(ciphertext)),
    secretIv: encodeBase64(iv),
    ...wrapped,
  }
}

/** The plain secret of a row; throws when it does not open. */
export async function openSecret(kek: Kek, credentialId: string, row: Sealed): Promise<string> {
  const raw = await unwrap(kek, credentialId, row)
  const dataKey = await crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['decrypt'])
  raw.fill(0)
  const plain = await crypto.subtle.decrypt(
    gcm(decodeBase64(row.secretIv) as Uint8Array<ArrayBuffer>, aad('secret', credentialId)),
    dataKey,
    decodeBase64(row.secretCiphertext) as Uint8Array<ArrayBuffer>,
  )
  return new TextDecoder().decode(plain)
}

export type WrappedRow = { id: string; wrappedKey: string; wrapIv: string; keyId: string }

/**
 * Every table whose rows are sealed with the vault's keys, with the additional
 * data each row's data key is bound to (its id, so a sealed value copied to
 * another row does not open). A rotation (rotateVault, `npm run vault:rotate`)
 * re-wraps them all: a table sealed with these keys is added here or is lost
 * when the previous key is removed.
 */
export const SEALED_TABLES = {
  credentials: (id: string | number) => String(id),
  // The owner's calendar addresses (issue 56).
  calendar_sources: (id: string | number) => `calendar-source:${id}`,
} as const

export type SealedTable = keyof typeof SEALED_TABLES

/**
 * The rotation: every data key not yet under `next` is unwrapped with `previous`
 * and wrapped again under `next`. Returns the rows' new wrapping; a row that
 * neither key opens is reported, not skipped silently.
 */
export async function rewrapAll(rows: WrappedRow[], next: Kek, previous: Kek) {
  const updates: WrappedRow[] = []
  const failed: string[] = []
  for (const row of rows) {
    if (row.keyId === next.id) continue
    try {
      const raw = await unwrap(previous, row.id, row)
      updates.push({ id: row.id, ...(await wrap(next, row.id, raw as Uint8Array<ArrayBuffer>)) })
      raw.fill(0)
    } catch {
      failed.push(row.id)
    }
  }
  return { updates, failed }
}
