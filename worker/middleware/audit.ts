import type { Context } from 'hono'
import { clientIp } from '../abuse/rate-limit'
import type { AppEnv } from '../env'
import { type AuditInput, appendAudit } from '../services/audit'

/** Appends an entry for this request: its address, user agent and (unless told) the signed-in owner. */
export function audit(c: Context<AppEnv>, entry: AuditInput) {
  const user = c.get('user')
  // A write through a personal access token names the token (issue 24).
  const token = c.get('apiToken')
  const actor = user && token ? `${user.username} (token "${token.name}")` : user?.username
  return appendAudit(c.var.db, {
    ...entry,
    userId: entry.userId === undefined ? (user?.id ?? null) : entry.userId,
    actor: entry.actor === undefined ? (actor ?? null) : entry.actor,
    ip: clientIp(c.req.raw),
    userAgent: c.req.header('user-agent') ?? null,
  })
}

/** Where a request came from, for an audit entry written further down (the vault's reveal in GraphQL). */
export const requestOrigin = (c: Context<AppEnv>) => ({
  ip: clientIp(c.req.raw),
  userAgent: c.req.header('user-agent') ?? null,
})

/** Says that a write of this request has appended its own audit entry (see `selfAudited` in worker/env.ts). */
export const auditedBelow = (c: Context<AppEnv>, what: string) =>
  c.set('selfAudited', [...(c.get('selfAudited') ?? []), what])
