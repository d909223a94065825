// Appends every owner write through REST to the audit trail
// (docs/decisions/025-audit-trail.md); GraphQL writes are audited by their route
// (worker/graphql/index.ts), from the document yoga parsed. Sign-in, factor and
// session changes are audited by their own routes with more specific actions, so
// /api/auth and /api/security are skipped here.
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../env'
import { log } from '../log'
import { audit } from './audit'
import { WRITE_METHODS } from './validate'

const SELF_AUDITED = ['/api/auth/', '/api/security']

/** The called fields less one for each call that wrote its own entry ("updateProject, deleteSkill"), or null. */
export function withoutSelfAudited(called: string[], audited: string[] = []) {
  const left = [...called]
  for (const field of audited) {
    const at = left.indexOf(field)
    if (at >= 0) left.splice(at, 1)
  }
  return left.length ? left.join(', ') : null
}

/**
 * The record a write's answer names (issue 27: every entry names its record):
 * a content block's key, a request's reference, else the row's id. Used when
 * the path or the variables name none, as when a write creates the record.
 */
export function answerRecord(value: unknown): string | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null
  const v = value as Record<string, unknown>
  for (const field of ['key', 'reference', 'id'] as const) {
    const found = v[field]
    if (typeof found === 'string' || typeof found === 'number') return String(found)
  }
  return null
}

const jsonOf = async (res: { headers: Headers; clone(): { json(): Promise<unknown> } }): Promise<unknown> =>
  (res.headers.get('content-type') ?? '').includes('json')
    ? res
        .clone()
        .json()
        .catch(() => null)
    : null

export const auditOwnerWrites = createMiddleware<AppEnv>(async (c, next) => {
  const user = c.get('user')
  if (!user || !WRITE_METHODS.has(c.req.method) || SELF_AUDITED.some((p) => c.req.path.startsWith(p))) {
    return next()
  }
  // A write that names no record in its path (a create, a save by key) is named by its body or answer.
  const [, , resource, id, ...rest] = c.req.path.split('/')
  const sent = id || !(c.req.header('content-type') ?? '').includes('json') ? null : await jsonOf(c.req.raw)
  await next()
  if (c.get('selfAudited')?.length) return
  // "/api/resumes/7/activate" is the action "PUT /api/resumes/:id/activate" on record "7".
  const note = c.res.ok ? c.get('auditNote') : undefined
  const record =
    note?.record ??
    (id
      ? decodeURIComponent(id)
      : ((c.res.ok ? answerRecord(await jsonOf(c.res)) : null) ?? answerRecord(sent)))
  await safely(() =>
    audit(c, {
      action: [`${c.req.method} /api/${resource ?? ''}`, ...(id ? [':id'] : []), ...rest].join('/'),
      record,
      state: note?.state ?? null,
      outcome: c.res.ok ? 'success' : 'failure',
    }),
  )
})

/** An audit write that fails is logged; it does not turn a done write into an error answer. */
export async function safely(write: () => Promise<void>) {
  try {
    await write()
  } catch (err) {
    log('error', 'audit append failed', { error: String(err) })
  }
}
