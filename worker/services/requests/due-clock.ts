// The support due clock: a plan's target, and the clock paused, resumed or stopped by a status change.
import { eq } from 'drizzle-orm'
import { CLOSED_STATUSES } from '../../../schema/request-statuses'
import type { SupportRequest } from '../../../schema/tables'
import type { Db } from '../../db'
import { tables } from '../../db'
import { dueAfter, dueRemaining } from '../../mail/business-time'
import { planTargetMs } from '../plans'

// ---------- The due clock (docs/decisions/053-support-statuses-and-due-times.md) ----------

/** Sets a new support request's due time from its client's plan target, when the plan sets one (ADR 137). */
export async function applyPlanTarget(db: Db, id: number, now: Date) {
  const s = tables.supportRequests
  const [row] = await db.select({ clientId: s.clientId, urgency: s.urgency }).from(s).where(eq(s.id, id))
  const targetMs = row ? await planTargetMs(db, row.clientId, row.urgency) : undefined
  if (targetMs === undefined) return
  await db
    .update(s)
    .set({ dueAt: new Date(dueAfter(row!.urgency, now.getTime(), targetMs)) })
    .where(eq(s.id, id))
}

type ClockState = Pick<SupportRequest, 'status' | 'urgency' | 'dueAt' | 'dueRemainingMs'>

/**
 * The due-time columns after a status change: entering "waiting" pauses the
 * clock (keeps what was left), leaving it resumes from now; closing stops it;
 * reopening a closed request starts a fresh target.
 */
export function dueClock(current: ClockState, status: string, now: number, targetMs?: number) {
  const closed = (s: string) => (CLOSED_STATUSES as readonly string[]).includes(s)
  if (status === current.status) return {}
  if (closed(status)) return { dueAt: null, dueRemainingMs: null }
  if (status === 'waiting') {
    const left = current.dueAt ? dueRemaining(current.urgency, current.dueAt.getTime(), now) : null
    return { dueAt: null, dueRemainingMs: left }
  }
  if (current.status === 'waiting') {
    const left = current.dueRemainingMs
    return {
      dueAt: left === null ? null : new Date(dueAfter(current.urgency, now, left)),
      dueRemainingMs: null,
    }
  }
  if (closed(current.status))
    return { dueAt: new Date(dueAfter(current.urgency, now, targetMs)), dueRemainingMs: null }
  return {}
}
