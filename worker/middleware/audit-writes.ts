// Appends every owner write through REST or GraphQL to the audit trail
// (docs/decisions/025-audit-trail.md). Sign-in, factor and session changes are
// audited by their own routes with more specific actions, so /api/auth and
// /api/security are skipped here.
import { Kind, parse } from 'graphql'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../env'
import { log } from '../log'
import { audit } from './audit'

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
const SELF_AUDITED = ['/api/auth/', '/api/security']

type GraphQLRequest = { query?: string; variables?: Record<string, unknown> }

/** The mutation fields a GraphQL request calls ("createProject, deleteSkill"), or null for a query. */
function mutationFields(body: GraphQLRequest | null): string | null {
  // Any JSON may arrive here (null, a list, a string): yoga refuses it afterwards.
  if (!body || typeof body !== 'object' || typeof body.query !== 'string') return null
  try {
    const fields: string[] = []
    for (const def of parse(body.query).definitions) {
      if (def.kind !== Kind.OPERATION_DEFINITION || def.operation !== 'mutation') continue
      for (const sel of def.selectionSet.selections) if (sel.kind === Kind.FIELD) fields.push(sel.name.value)
    }
    return fields.length ? fields.join(', ') : null
  } catch {
    return null
  }
}

/** The record a GraphQL mutation names: its `id` or `key` variable, when it has one. */
function graphqlRecord(variables: unknown): string | null {
  if (!variables || typeof variables !== 'object') return null
  const vars = variables as Record<string, unknown>
  const input = vars.input && typeof vars.input === 'object' ? (vars.input as Record<string, unknown>) : {}
  const value = vars.id ?? vars.key ?? input.key
  return value === undefined || value === null ? null : String(value)
}

export const auditOwnerWrites = createMiddleware<AppEnv>(async (c, next) => {
  const user = c.get('user')
  if (!user || !WRITE_METHODS.has(c.req.method) || SELF_AUDITED.some((p) => c.req.path.startsWith(p))) {
    return next()
  }
  if (c.req.path === '/graphql') {
    let body: GraphQLRequest | null = null
    if ((c.req.header('content-type') ?? '').includes('json')) {
      body = (await c.req.raw
        .clone()
        .json()
        .catch(() => null)) as GraphQLRequest | null
    }
    const fields = mutationFields(body)
    await next()
    if (!fields) return
    let ok = c.res.ok
    if (ok) {
      const result = (await c.res
        .clone()
        .json()
        .catch(() => null)) as { errors?: unknown[] } | null
      ok = !result?.errors?.length
    }
    await safely(() =>
      audit(c, {
        action: `graphql ${fields}`,
        record: graphqlRecord(body?.variables),
        outcome: ok ? 'success' : 'failure',
      }),
    )
    return
  }
  await next()
  // "/api/resumes/7/activate" is the action "PUT /api/resumes/:id/activate" on record "7".
  const [, , resource, id, ...rest] = c.req.path.split('/')
  await safely(() =>
    audit(c, {
      action: [`${c.req.method} /api/${resource ?? ''}`, ...(id ? [':id'] : []), ...rest].join('/'),
      record: id ? decodeURIComponent(id) : null,
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
