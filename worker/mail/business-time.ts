// Due times of support requests in business hours (US Central). The zone's
// conversions are schema/slot-time.ts's, the one home of Central time.
import { businessInstant, businessParts } from '../../schema/slot-time'

// ---------- Due times of support requests (docs/decisions/053-support-statuses-and-due-times.md) ----------

const HOUR_MS = 60 * 60_000
/** Business hours (SPEC §1): Monday-Friday, 9am-5pm Central. */
const OPEN_HOUR = 9
const CLOSE_HOUR = 17

/**
 * The answer targets by urgency: critical runs around the clock (wall time);
 * the others count business hours only. "ASAP" = 4 business hours (half a
 * day), "24-48 hours" = 16 (two business days), "a few days" = 24 (three).
 */
export const DUE_TARGETS = {
  critical: { ms: 4 * HOUR_MS, businessHours: false },
  high: { ms: 4 * HOUR_MS, businessHours: true },
  medium: { ms: 16 * HOUR_MS, businessHours: true },
  low: { ms: 24 * HOUR_MS, businessHours: true },
} as const
export type Urgency = keyof typeof DUE_TARGETS

/** The instant of hour:00 Central on the Central calendar day y-m-d (DST-aware). */
const centralInstant = (y: number, m: number, d: number, hour: number) => businessInstant(y, m, d, hour)

/** Business-hour windows [open, close) from the Central day of `from` onwards. */
function* windowsFrom(from: number): Generator<[number, number]> {
  const p = businessParts(from)
  // Noon UTC of the Central date, stepped a day at a time, names each calendar day.
  let day = Date.UTC(p.y, p.m - 1, p.d, 12)
  for (;;) {
    const date = new Date(day)
    const weekday = date.getUTCDay()
    if (weekday !== 0 && weekday !== 6) {
      const [y, m, d] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()]
      yield [centralInstant(y, m, d, OPEN_HOUR), centralInstant(y, m, d, CLOSE_HOUR)]
    }
    day += 24 * HOUR_MS
  }
}

/** `from` plus `ms` of business time (Monday-Friday 9-5 Central). */
export function addBusinessTime(from: number, ms: number): number {
  let left = ms
  for (const [open, close] of windowsFrom(from)) {
    const start = Math.max(from, open)
    if (start >= close) continue
    if (left <= close - start) return start + left
    left -= close - start
  }
  return from // unreachable: the generator never ends
}

/** Business time between two instants (0 when `to` is not after `from`). */
export function businessTimeBetween(from: number, to: number): number {
  let total = 0
  for (const [open, close] of windowsFrom(from)) {
    if (open >= to) break
    const start = Math.max(from, open)
    const end = Math.min(to, close)
    if (end > start) total += end - start
  }
  return total
}

/** When a support request received at `from` with this urgency is due. */
export function dueAfter(urgency: string, from: number, ms?: number): number {
  const target = DUE_TARGETS[urgency as Urgency] ?? DUE_TARGETS.low
  const span = ms ?? target.ms
  return target.businessHours ? addBusinessTime(from, span) : from + span
}

/** What is left of the target at `now` (for pausing the clock); 0 once overdue. */
export function dueRemaining(urgency: string, dueAt: number, now: number): number {
  const target = DUE_TARGETS[urgency as Urgency] ?? DUE_TARGETS.low
  return Math.max(0, target.businessHours ? businessTimeBetween(now, dueAt) : dueAt - now)
}
