import type { Context } from 'hono'
import { clientIp } from '../abuse/rate-limit'
import type { AppEnv } from '../env'
import { type AuditInput, appendAudit } from '../services/audit'

/** Appends an entry for this request: its address, user agent and (unless told) the signed-in owner. */
export function audit(c: Context<AppEnv>, entry: AuditInput) {
  const user = c.get('user')
  return appendAudit(c.var.db, {
    ...entry,
    userId: entry.userId === undefined ? (user?.id ?? null) : entry.userId,
    actor: entry.actor === undefined ? (user?.username ?? null) : entry.actor,
    ip: clientIp(c.req.raw),
    userAgent: c.req.header('user-agent') ?? null,
  })
}
