// Passkeys with @simplewebauthn/server (docs/decisions/026-second-factors.md).
// The relying party is the site itself: its id is SITE_URL's hostname
// ("localhost" locally) and responses must come from SITE_URL's origin.
// Challenges are single-use and live 5 minutes in KV (SESSIONS).
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server'
import { eq } from 'drizzle-orm'
import type { Db } from '../db'
import { tables } from '../db'

// Loaded on first use: the library and its ASN.1 dependencies are only
// needed by passkey requests, not by every request an isolate serves (and the
// Workers test runtime cannot ship them to every test file in one message).
// @simplewebauthn/server's certificate parsing (tsyringe) needs the Reflect
// metadata polyfill loaded first; its own side-effect import does not survive
// the Vite build's tree-shaking, so it is loaded here, explicitly, before it.
const webauthn = () => import('reflect-metadata').then(() => import('@simplewebauthn/server'))
const base64url = async () => (await import('@simplewebauthn/server/helpers')).isoBase64URL

const CHALLENGE_TTL_S = 300
const RP_NAME = 'Portfolio Admin'

export const relyingParty = (env: Env) => {
  const url = new URL(env.SITE_URL)
  return { id: url.hostname, origin: url.origin }
}

const challengeKey = (id: string) => `webauthn:${id}`

async function storeChallenge(kv: KVNamespace, id: string, value: { challenge: string; userId?: number }) {
  await kv.put(challengeKey(id), JSON.stringify(value), { expirationTtl: CHALLENGE_TTL_S })
}

/** Reads and deletes a challenge (single use). */
async function takeChallenge(kv: KVNamespace, id: string) {
  if (!/^[A-Za-z0-9_-]{10,100}$/.test(id)) return null
  const raw = await kv.get(challengeKey(id))
  if (!raw) return null
  await kv.delete(challengeKey(id))
  return JSON.parse(raw) as { challenge: string; userId?: number }
}

async function webauthnUserId(db: Db, userId: number) {
  const [row] = await db
    .select({ handle: tables.users.webauthnUserId })
    .from(tables.users)
    .where(eq(tables.users.id, userId))
  if (row?.handle) return row.handle
  const handle = (await base64url()).fromBuffer(crypto.getRandomValues(new Uint8Array(32)))
  await db.update(tables.users).set({ webauthnUserId: handle }).where(eq(tables.users.id, userId))
  return handle
}

/** Options for navigator.credentials.create(); the challenge is kept under the session's id. */
export async function registrationOptions(
  env: Env,
  db: Db,
  user: { id: number; username: string },
  sessionId: string,
) {
  const existing = await db
    .select({ id: tables.passkeys.id, transports: tables.passkeys.transports })
    .from(tables.passkeys)
    .where(eq(tables.passkeys.userId, user.id))
  const { generateRegistrationOptions } = await webauthn()
  const isoBase64URL = await base64url()
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: relyingParty(env).id,
    userName: user.username,
    userID: isoBase64URL.toBuffer(await webauthnUserId(db, user.id)),
    attestationType: 'none',
    excludeCredentials: existing.map((k) => ({ id: k.id, transports: k.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  })
  await storeChallenge(env.SESSIONS, `reg-${sessionId}`, { challenge: options.challenge, userId: user.id })
  return options
}

/** Verifies a new passkey and stores it; null when the response does not verify. */
export async function registerPasskey(
  env: Env,
  db: Db,
  userId: number,
  sessionId: string,
  response: RegistrationResponseJSON,
  name: string,
) {
  const stored = await takeChallenge(env.SESSIONS, `reg-${sessionId}`)
  if (!stored || stored.userId !== userId) return null
  const rp = relyingParty(env)
  const { verifyRegistrationResponse } = await webauthn()
  const isoBase64URL = await base64url()
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>
  try {
    verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: stored.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    })
  } catch {
    return null
  }
  if (!verification.verified || !verification.registrationInfo) return null
  const { credential } = verification.registrationInfo
  const [row] = await db
    .insert(tables.passkeys)
    .values({
      id: credential.id,
      userId,
      name,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? [],
    })
    .onConflictDoNothing()
    .returning()
  return row ?? null
}

/** Options for navigator.credentials.get(): discoverable, so no username is needed. */
export async function authenticationOptions(env: Env) {
  const { generateAuthenticationOptions } = await webauthn()
  const isoBase64URL = await base64url()
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(env).id,
    userVerification: 'required',
  })
  const challengeId = isoBase64URL.fromBuffer(crypto.getRandomValues(new Uint8Array(18)))
  await storeChallenge(env.SESSIONS, `auth-${challengeId}`, { challenge: options.challenge })
  return { challengeId, options }
}

/** The user a passkey assertion signs in, or null when it does not verify. */
export async function verifyPasskey(
  env: Env,
  db: Db,
  challengeId: string,
  response: AuthenticationResponseJSON,
) {
  const stored = await takeChallenge(env.SESSIONS, `auth-${challengeId}`)
  if (!stored) return null
  const [row] = await db
    .select({ passkey: tables.passkeys, username: tables.users.username })
    .from(tables.passkeys)
    .innerJoin(tables.users, eq(tables.users.id, tables.passkeys.userId))
    .where(eq(tables.passkeys.id, String(response.id)))
    .limit(1)
  if (!row) return null
  const rp = relyingParty(env)
  const { verifyAuthenticationResponse } = await webauthn()
  const isoBase64URL = await base64url()
  let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: stored.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      credential: {
        id: row.passkey.id,
        publicKey: isoBase64URL.toBuffer(row.passkey.publicKey),
        counter: row.passkey.counter,
        transports: row.passkey.transports as never,
      },
    })
  } catch {
    return null
  }
  if (!verification.verified) return null
  await db
    .update(tables.passkeys)
    .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: new Date() })
    .where(eq(tables.passkeys.id, row.passkey.id))
  return { user: { id: row.passkey.userId, username: row.username }, passkey: row.passkey }
}
