// Appends every owner write through REST or GraphQL to the audit trail
// (docs/decisions/025-audit-trail.md). Sign-in, factor and session changes are
// audited by their own routes with more specific actions, so /api/auth and
// /api/security are skipped here.
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../env'
import { log } from '../log'
import { audit } from './audit'
import type { GraphQLRequestBody } from './graphql-request'
import { WRITE_METHODS } from './validate'

const SELF_AUDITED = ['/api/auth/', '/api/security']

/** The called fields less one for each call that wrote its own entry ("updateProject, deleteSkill"), or null. */
function withoutSelfAudited(called: string[], audited: string[] = []) {
  const left = [...called]
  for (const field of audited) {
    const at = left.indexOf(field)
    if (at >= 0) left.splice(at, 1)
  }
  return left.length ? left.join(', ') : null
}

/** The record a GraphQL mutation names: its `id` or `key` variable, when it has one. */
function graphqlRecord(variables: unknown): string | null {
  if (!variables || typeof variables !== 'object') return null
  const vars = variables as Record<string, unknown>
  const input = vars.input && typeof vars.input === 'object' ? (vars.input as Record<string, unknown>) : {}
  const value = vars.id ?? vars.key ?? input.key
  return value === undefined || value === null ? null : String(value)
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

/** The first mutation result's record in a GraphQL answer's data. */
function graphqlAnswerRecord(result: { data?: unknown } | null): string | null {
  const data = result?.data
  if (!data || typeof data !== 'object') return null
  for (const value of Object.values(data as Record<string, unknown>)) {
    const record = answerRecord(value)
    if (record) return record
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
  if (c.req.path === '/graphql') {
    // Read by readGraphQLRequest (app.ts), which runs before this middleware.
    const { body, mutations: called } = c.get('graphqlRequest') ?? { body: undefined, mutations: null }
    const sent = body as GraphQLRequestBody | undefined
    await next()
    const fields = called && withoutSelfAudited(called, c.get('selfAudited'))
    if (!fields) return
    type Answer = { errors?: unknown[]; data?: unknown } | null
    const result: Answer = c.res.ok ? ((await jsonOf(c.res)) as Answer) : null
    const ok = c.res.ok && !result?.errors?.length
    const note = ok ? c.get('auditNote') : undefined
    await safely(() =>
      audit(c, {
        action: `graphql ${fields}`,
        record: note?.record ?? graphqlRecord(sent?.variables) ?? graphqlAnswerRecord(result),
        state: note?.state ?? null,
        outcome: ok ? 'success' : 'failure',
      }),
    )
    return
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
async function safely(write: () => Promise<void>) {
  try {
    await write()
  } catch (err) {
    log('error', 'audit append failed', { error: String(err) })
  }
}
