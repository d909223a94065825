// TODO(lead, issue 24 merge): a stand-in with the exact signature of
// `createSignInLink` in worker/services/portal-links.ts, which the portal
// helper's branch adds. Once that is on main, delete this file and import
// from './portal-links' in portal-invite.ts. It stores the link the same way
// (SHA-256 of a random token, 15 minutes, used once by the portal).
import { sha256 } from '@oslojs/crypto/sha2'
import { encodeBase64urlNoPadding, encodeHexLowerCase } from '@oslojs/encoding'
import type { Db } from '../db'
import { tables } from '../db'

export const SIGN_IN_LINK_TTL_MS = 15 * 60_000

export async function createSignInLink(
  db: Db,
  env: Pick<Env, 'SITE_URL'>,
  { contactId, next }: { contactId: number; next?: string | null },
  now = Date.now(),
): Promise<string> {
  const token = encodeBase64urlNoPadding(crypto.getRandomValues(new Uint8Array(32)))
  await db.insert(tables.portalLinks).values({
    tokenHash: encodeHexLowerCase(sha256(new TextEncoder().encode(token))),
    contactId,
    next: next ?? null,
    expiresAt: new Date(now + SIGN_IN_LINK_TTL_MS),
    createdAt: new Date(now),
  })
  return new URL(`/portal/sign-in/${token}`, env.SITE_URL).toString()
}
