// "A browser not seen before" (docs/decisions/079-owner-security-notices.md): each
// browser the owner signs in from gets a long-lived random cookie; only its
// SHA-256 is kept, per user, in known_devices. A sign-in without that cookie, or
// with one this user has not signed in with, is from a new browser. Clearing
// cookies makes a browser new again, which is the safe side to err on.
import { sha256 } from '@oslojs/crypto/sha2'
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding'
import { and, eq } from 'drizzle-orm'
import type { Context } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import type { Db } from '../db'
import { tables } from '../db'
import { localConveniences } from './local'

const DEVICE_MAX_AGE_S = 400 * 24 * 60 * 60

const plainHttpLocal = (c: Context) =>
  new URL(c.req.url).protocol === 'http:' && localConveniences(c.env as Env, c.req.url)
export const deviceCookieName = (c: Context) => (plainHttpLocal(c) ? 'device' : '__Host-device')

const hashOf = (token: string) => encodeHexLowerCase(sha256(new TextEncoder().encode(token)))

/**
 * Remembers this browser for the user; true when it was not known before.
 * Sets (or renews) the device cookie on the response.
 */
export async function rememberDevice(c: Context, db: Db, userId: number, now = Date.now()) {
  const existing = getCookie(c, deviceCookieName(c))
  const token =
    existing && /^[a-z2-7]{32}$/.test(existing)
      ? existing
      : encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(20)))
  const deviceHash = hashOf(token)
  const d = tables.knownDevices
  const [known] = await db
    .select({ userId: d.userId })
    .from(d)
    .where(and(eq(d.userId, userId), eq(d.deviceHash, deviceHash)))
  if (known) {
    await db
      .update(d)
      .set({ lastSeenAt: new Date(now) })
      .where(and(eq(d.userId, userId), eq(d.deviceHash, deviceHash)))
  } else {
    await db.insert(d).values({ userId, deviceHash, createdAt: new Date(now), lastSeenAt: new Date(now) })
  }
  setCookie(c, deviceCookieName(c), token, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure: !plainHttpLocal(c),
    maxAge: DEVICE_MAX_AGE_S,
  })
  return !known
}
