// Second factors (docs/decisions/026-second-factors.md): an authenticator app
// (TOTP, RFC 6238, via @oslojs/otp), passkeys (WebAuthn, via
// @simplewebauthn/server) and one-time recovery codes.

import { sha256 } from '@oslojs/crypto/sha2'
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding'
import { generateHOTP } from '@oslojs/otp'
import { and, count, eq, isNull, sql } from 'drizzle-orm'
import type { Db } from '../db'
import { tables } from '../db'

export const TOTP_PERIOD_S = 30
export const TOTP_DIGITS = 6
export const RECOVERY_CODE_COUNT = 10

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))
export const fromBase64 = (text: string) => Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0))

export const newTotpKey = () => crypto.getRandomValues(new Uint8Array(20))
export const encodeTotpKey = toBase64

/**
 * Checks a code against the steps around `now` (one step of clock drift either
 * way) and returns the matching step, or null. A step at or before `lastStep`
 * never matches, so a code cannot be used twice.
 */
export function matchTotp(
  key: Uint8Array,
  code: string,
  lastStep: number | null,
  now = Date.now(),
): number | null {
  if (!/^\d{6}$/.test(code)) return null
  const current = Math.floor(now / 1000 / TOTP_PERIOD_S)
  for (const step of [current - 1, current, current + 1]) {
    if (lastStep !== null && step <= lastStep) continue
    if (generateHOTP(key, BigInt(step), TOTP_DIGITS) === code) return step
  }
  return null
}

/** Stores the last accepted step only if it is newer, so two requests racing with one code cannot both win. */
export async function consumeTotpStep(db: Db, userId: number, step: number) {
  // One conditional statement: D1 runs it atomically.
  const rows = await db.all<{ id: number }>(sql`
    update users set totp_last_step = ${step}
    where id = ${userId} and (totp_last_step is null or totp_last_step < ${step})
    returning id`)
  return rows.length > 0
}

// Recovery codes: 10 codes of 15 base32 characters (75 bits), shown once as "xxxxx-xxxxx-xxxxx".
const hashCode = (code: string) =>
  encodeHexLowerCase(sha256(new TextEncoder().encode(normaliseRecoveryCode(code))))
export const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z2-7]/g, '')
export const looksLikeRecoveryCode = (code: string) => normaliseRecoveryCode(code).length === 15

export async function replaceRecoveryCodes(db: Db, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(10))).slice(0, 15)
    return `${raw.slice(0, 5)}-${raw.slice(5, 10)}-${raw.slice(10, 15)}`
  })
  await db.batch([
    db.delete(tables.recoveryCodes).where(eq(tables.recoveryCodes.userId, userId)),
    db.insert(tables.recoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashCode(code) }))),
  ])
  return codes
}

/** Marks an unused code as used; true when it was one. One statement, so a code works once. */
export async function useRecoveryCode(db: Db, userId: number, code: string, now = Date.now()) {
  const rows = await db
    .update(tables.recoveryCodes)
    .set({ usedAt: new Date(now) })
    .where(
      and(
        eq(tables.recoveryCodes.userId, userId),
        eq(tables.recoveryCodes.codeHash, hashCode(code)),
        isNull(tables.recoveryCodes.usedAt),
      ),
    )
    .returning({ id: tables.recoveryCodes.id })
  return rows.length > 0
}

export async function recoveryCodesLeft(db: Db, userId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(tables.recoveryCodes)
    .where(and(eq(tables.recoveryCodes.userId, userId), isNull(tables.recoveryCodes.usedAt)))
  return row?.n ?? 0
}

export type FactorSummary = { totp: boolean; passkeys: number }

export async function factorsOf(db: Db, userId: number): Promise<FactorSummary> {
  const [[user], [keys]] = await db.batch([
    db.select({ totpKey: tables.users.totpKey }).from(tables.users).where(eq(tables.users.id, userId)),
    db.select({ n: count() }).from(tables.passkeys).where(eq(tables.passkeys.userId, userId)),
  ])
  return { totp: Boolean(user?.totpKey), passkeys: keys?.n ?? 0 }
}

export const hasSecondFactor = (f: FactorSummary) => f.totp || f.passkeys > 0
export const factorCount = (f: FactorSummary) => (f.totp ? 1 : 0) + f.passkeys
