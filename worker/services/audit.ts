// The audit trail (docs/decisions/025-audit-trail.md): append, list, purge.
// Nothing here updates or deletes a single entry; only the retention purge
// (the cron) removes rows, and only whole days past the configured period.
import { and, desc, eq, lt, type SQL } from 'drizzle-orm'
import type { Db } from '../db'
import { tables } from '../db'
import { containsText } from './search-text'

export type AuditOutcome = 'success' | 'failure'
export const AUDIT_OUTCOMES = ['success', 'failure'] as const

export type AuditInput = {
  action: string
  outcome: AuditOutcome
  record?: string | null
  /** The record's state after the write ("confirmed"), when it set one (issue 28). */
  state?: string | null
  /** Defaults to the signed-in owner. */
  userId?: number | null
  actor?: string | null
}

/** Appends one entry; the HTTP edge (worker/middleware/audit.ts) fills in the request's address and agent. */
export async function appendAudit(
  db: Db,
  entry: AuditInput & { ip: string | null; userAgent: string | null; at?: Date },
) {
  await db.insert(tables.auditLog).values({
    at: entry.at ?? new Date(),
    userId: entry.userId ?? null,
    actor: entry.actor?.slice(0, 100) ?? null,
    action: entry.action.slice(0, 200),
    record: entry.record?.slice(0, 500) ?? null,
    state: entry.state?.slice(0, 100) ?? null,
    outcome: entry.outcome,
    ip: entry.ip,
    userAgent: entry.userAgent?.slice(0, 500) ?? null,
  })
}

export type AuditFilters = { action?: string; outcome?: AuditOutcome; before?: number; limit: number }

/** Newest first; `action` matches a part of the action, `before` pages by id. */
export async function listAudit(db: Db, filters: AuditFilters) {
  const where: SQL[] = []
  if (filters.action) where.push(containsText(tables.auditLog.action, filters.action))
  if (filters.outcome) where.push(eq(tables.auditLog.outcome, filters.outcome))
  if (filters.before !== undefined) where.push(lt(tables.auditLog.id, filters.before))
  return db
    .select()
    .from(tables.auditLog)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(tables.auditLog.id))
    .limit(filters.limit)
}

/** Removes entries older than the retention period (the cron). */
export async function purgeAudit(db: Db, retentionMs: number, now = Date.now()) {
  const rows = await db
    .delete(tables.auditLog)
    .where(lt(tables.auditLog.at, new Date(now - retentionMs)))
    .returning({ id: tables.auditLog.id })
  return rows.length
}
