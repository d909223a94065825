// Sign-in throttling without lockout (docs/decisions/021-sign-in-throttling.md).
// Failures are counted per network (an IPv4 address, an IPv6 /64: one host can
// rotate through a whole /64, docs/decisions/080-sign-in-limits-by-network.md)
// and per (username, network), never per username alone: an attacker elsewhere can slow only their own attempts, so
// the owner's correct sign-in from their own address always goes through.
// Past a few free failures each further one doubles the wait (capped), and,
// when Turnstile is configured, a challenge is required too.
import { eq, inArray, lt } from 'drizzle-orm'
import { networkKey } from '../abuse/rate-limit'
import type { Db } from '../db'
import { tables } from '../db'

type Rule = { free: number }
/** Free failures per key before waits start; an address gets more (shared NATs, several accounts' worth). */
export const THROTTLE_RULES = {
  ip: { free: 20 },
  userIp: { free: 5 },
  // Second-factor tickets issued (a correct password each) per username and network:
  // counted like failures, so a stolen password cannot mint tickets without end.
  ticket: { free: 10 },
} satisfies Record<string, Rule>
/** Failures are forgotten this long after the first one of a run. */
export const FAILURE_WINDOW_MS = 60 * 60 * 1000
/** The longest wait between attempts. */
export const MAX_WAIT_MS = 15 * 60 * 1000

export type ThrottleKeys = { ip?: string; userIp?: string; ticket?: string }

/** The keys of an attempt from `ip` (counted by its network), for `username` when one is named. */
export const throttleKeys = (ip: string, username?: string): ThrottleKeys => {
  const net = networkKey(ip)
  return {
    ip: `ip:${net}`,
    ...(username === undefined ? {} : { userIp: `user-ip:${username.trim().toLowerCase()}|${net}` }),
  }
}

/** The key counting second-factor tickets issued to `username` from this network. */
export const ticketKeys = (ip: string, username: string): ThrottleKeys => ({
  ticket: `ticket:${username.trim().toLowerCase()}|${networkKey(ip)}`,
})

const rules = (keys: ThrottleKeys) =>
  (Object.keys(THROTTLE_RULES) as (keyof typeof THROTTLE_RULES)[]).flatMap((kind) => {
    const key = keys[kind]
    return key ? [[key, THROTTLE_RULES[kind]] as const] : []
  })

export type ThrottleState = {
  /** Seconds to wait before the next attempt is looked at (0: go ahead). */
  retryAfterS: number
  /** Past the free failures: a challenge (Turnstile) is due when configured. */
  challenge: boolean
}

export async function throttleState(db: Db, keys: ThrottleKeys, now = Date.now()): Promise<ThrottleState> {
  const list = rules(keys)
  const rows = await db
    .select()
    .from(tables.signInFailures)
    .where(
      inArray(
        tables.signInFailures.key,
        list.map(([k]) => k),
      ),
    )
  let waitMs = 0
  let challenge = false
  for (const row of rows) {
    if (row.firstFailureAt.getTime() + FAILURE_WINDOW_MS <= now) continue
    const rule = list.find(([k]) => k === row.key)?.[1]
    if (!rule) continue
    if (row.failures >= rule.free) challenge = true
    waitMs = Math.max(waitMs, row.blockedUntil.getTime() - now)
  }
  return { retryAfterS: waitMs > 0 ? Math.ceil(waitMs / 1000) : 0, challenge }
}

/** The wait after the n-th failure: none while free, then 1 s, 2 s, 4 s ... up to MAX_WAIT_MS. */
export const waitAfter = (failures: number, rule: Rule) =>
  failures <= rule.free ? 0 : Math.min(MAX_WAIT_MS, 1000 * 2 ** (failures - rule.free - 1))

export async function recordFailure(db: Db, keys: ThrottleKeys, now = Date.now()) {
  const list = rules(keys)
  const rows = await db
    .select()
    .from(tables.signInFailures)
    .where(
      inArray(
        tables.signInFailures.key,
        list.map(([k]) => k),
      ),
    )
  const [first, ...more] = list.map(([key, rule]) => {
    const row = rows.find((r) => r.key === key)
    const fresh = !row || row.firstFailureAt.getTime() + FAILURE_WINDOW_MS <= now
    const failures = fresh ? 1 : row.failures + 1
    const values = {
      key,
      failures,
      firstFailureAt: fresh ? new Date(now) : row.firstFailureAt,
      blockedUntil: new Date(now + waitAfter(failures, rule)),
    }
    return db.insert(tables.signInFailures).values(values).onConflictDoUpdate({
      target: tables.signInFailures.key,
      set: values,
    })
  })
  await db.batch([first!, ...more])
}

/** A success forgets the failures of that username at that address (not the address's own count). */
export async function recordSuccess(db: Db, keys: ThrottleKeys) {
  if (keys.userIp) await db.delete(tables.signInFailures).where(eq(tables.signInFailures.key, keys.userIp))
}

/** Drops runs that have aged out (the cron). */
export async function purgeFailures(db: Db, now = Date.now()) {
  await db
    .delete(tables.signInFailures)
    .where(lt(tables.signInFailures.firstFailureAt, new Date(now - FAILURE_WINDOW_MS)))
}
