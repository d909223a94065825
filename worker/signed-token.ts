// Signed tokens, one module for every kind (issue 53, ADR 196): a token names
// something (a booking, a request to rate, a request to reply to) and carries an
// HMAC-SHA256 of that name under a secret, so the Worker can tell a real token
// from a guessed or forged one without storing anything. Each kind signs its
// name under its own context ("rating~", "request:"), so a token of one kind
// never passes as another even under the same key. Signatures are compared with
// workerd's `crypto.subtle.timingSafeEqual`: the time taken says nothing of how
// much of a forged signature was right.
//
// The formats are those the links already sent use, so they keep working:
// - an expiring link: `<subject>~<expiry, Unix seconds>~<base64url MAC, 43 chars>`
//   (booking links, ADR 060: context ""; rating links, ADR 160: context "rating~");
// - a mail address's token: the first 96 bits of the MAC as lower-case hex
//   (mail systems may change the case of a local part; ADR 054, context "request:").

const encoder = new TextEncoder()

/** workerd's `crypto.subtle`, with its `timingSafeEqual`: the Node types in the same program hide that method. */
export type WorkerdSubtle = SubtleCrypto & {
  timingSafeEqual(a: ArrayBuffer | ArrayBufferView, b: ArrayBuffer | ArrayBufferView): boolean
}

/** HMAC-SHA256 of `message` under `secret`. */
async function mac(secret: string, message: string): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  )
  return new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(message)))
}

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')

const hex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')

/** How a signature is written into a token. */
export type SignatureEncoding = 'base64url' | 'hex96'

/** The signature of `message` under `secret`, as a token carries it. */
export async function signature(
  secret: string,
  message: string,
  encoding: SignatureEncoding = 'base64url',
): Promise<string> {
  const bytes = await mac(secret, message)
  return encoding === 'hex96' ? hex(bytes.slice(0, 12)) : base64url(bytes)
}

/**
 * Whether two strings are equal, in time that depends on their length only
 * (`crypto.subtle.timingSafeEqual`, which refuses buffers of different lengths:
 * a presented signature of the wrong length is simply not equal).
 */
export function sameSecret(a: string, b: string): boolean {
  const left = encoder.encode(a)
  const right = encoder.encode(b)
  if (left.byteLength !== right.byteLength) return false
  return (crypto.subtle as WorkerdSubtle).timingSafeEqual(left, right)
}

/** Whether `presented` is the signature of `message` under `secret`. */
export async function signatureMatches(
  secret: string,
  message: string,
  presented: string,
  encoding: SignatureEncoding = 'base64url',
): Promise<boolean> {
  return sameSecret(await signature(secret, message, encoding), presented)
}

/** An expiring token for `subject` (no "~" in it): `subject~expiry~signature`. */
export async function signExpiring(
  secret: string,
  context: string,
  subject: string,
  expiresAt: number,
): Promise<string> {
  const payload = `${subject}~${Math.floor(expiresAt / 1000)}`
  return `${payload}~${await signature(secret, `${context}${payload}`)}`
}

/**
 * The subject of an expiring token when it is well formed (its subject matching
 * `subjectPattern`, a regular expression source without anchors), signed under
 * `secret` in `context`, and not expired at `now`; otherwise null.
 */
export async function verifyExpiring(
  secret: string,
  context: string,
  token: string,
  subjectPattern: string,
  now: number,
): Promise<string | null> {
  const match = new RegExp(`^(${subjectPattern})~(\\d{1,12})~([A-Za-z0-9_-]{43})$`).exec(token)
  if (!match) return null
  const [, subject, exp, presented] = match as unknown as [string, string, string, string]
  if (!(await signatureMatches(secret, `${context}${subject}~${exp}`, presented))) return null
  if (Number(exp) * 1000 < now) return null
  return subject
}
