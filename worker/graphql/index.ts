// /graphql: the admin's API. The endpoint refuses anonymous calls with 401; the
// schema itself also requires the owner scope on every root field. This module
// is loaded at start-up, so it holds only the route: the schema and yoga (yoga.ts)
// are imported on the first GraphQL request (issue 53, ADR 195), and the edge's
// rules (limits, error shape, what a request writes) are yoga plugins
// (edge-plugins.ts) working on the one parse yoga makes.
import type { Context } from 'hono'
import { Hono } from 'hono'
import { localConveniences } from '../auth/local'
import { requireOwner } from '../auth/middleware'
import type { AppEnv } from '../env'
import { audit, auditedBelow, requestOrigin } from '../middleware/audit'
import { answerRecord, safely, withoutSelfAudited } from '../middleware/audit-writes'
import { inBackground } from '../middleware/background'
import { WRITE_METHODS } from '../middleware/validate'
import type { GraphQLContext } from './builder'
import type { GraphQLEdge } from './edge-plugins'
import type { GraphQLServer } from './yoga'

export { GRAPHQL_MAX_ALIASES, GRAPHQL_MAX_COST, GRAPHQL_MAX_DEPTH, GRAPHQL_MAX_TOKENS } from './limits'

// One server per isolate and mode, made on the first request that needs it;
// making it builds the schema (once: yoga.ts's module is evaluated once). Only
// a made server is shared: a pending import belongs to the request that started
// it, and the Workers runtime refuses to let another request wait on its I/O
// ("Cannot perform I/O on behalf of a different request"; two first requests at
// once each import, and the module is still evaluated once).
const servers = new Map<boolean, GraphQLServer>()
async function serverFor(local: boolean): Promise<GraphQLServer> {
  const ready = servers.get(local)
  if (ready) return ready
  const { yogaFor } = await import('./yoga')
  const made = servers.get(local) ?? yogaFor(local)
  servers.set(local, made)
  return made
}

export const graphql = new Hono<AppEnv>().use(requireOwner).on(['GET', 'POST'], '/', async (c) => {
  const ctx: GraphQLContext = {
    db: c.var.db,
    env: c.env,
    user: c.var.user,
    sessionId: c.var.sessionId,
    origin: requestOrigin(c),
    later: (work) => inBackground(c, work),
    noteAudit: (note) => c.set('auditNote', note),
    auditedBelow: (field) => auditedBelow(c, field),
  }
  const local = localConveniences(c.env, c.req.url)
  const edge: GraphQLEdge = { local }
  const res = await (await serverFor(local)).fetch(c.req.raw, { ctx, edge })
  // For the public-read purge (worker/middleware/cache-headers.ts): a query writes nothing.
  c.set('graphqlMutations', edge.mutations)
  if (WRITE_METHODS.has(c.req.method)) await auditWrites(c, edge, res)
  return res
})

/** The record a GraphQL mutation names: its `id` or `key` variable, when it has one. */
function variablesRecord(variables: unknown): string | null {
  if (!variables || typeof variables !== 'object') return null
  const vars = variables as Record<string, unknown>
  const input = vars.input && typeof vars.input === 'object' ? (vars.input as Record<string, unknown>) : {}
  const value = vars.id ?? vars.key ?? input.key
  return value === undefined || value === null ? null : String(value)
}

/** The first mutation result's record in the executed result's data. */
function resultRecord(data: unknown): string | null {
  if (!data || typeof data !== 'object') return null
  for (const value of Object.values(data as Record<string, unknown>)) {
    const record = answerRecord(value)
    if (record) return record
  }
  return null
}

/**
 * Appends the owner's GraphQL write to the audit trail (docs/decisions/025-audit-trail.md):
 * "graphql createSkill, deleteSkill", less the fields that wrote their own entry (the
 * vault's reveal). A write refused before it ran (validation, limits) is a failure.
 */
async function auditWrites(c: Context<AppEnv>, edge: GraphQLEdge, res: Response) {
  const fields = edge.mutations?.length ? withoutSelfAudited(edge.mutations, c.get('selfAudited')) : null
  if (!fields) return
  const ok = res.ok && edge.result !== undefined && !edge.result.errors?.length
  const note = ok ? c.get('auditNote') : undefined
  await safely(() =>
    audit(c, {
      action: `graphql ${fields}`,
      record: note?.record ?? variablesRecord(edge.variables) ?? resultRecord(edge.result?.data),
      state: note?.state ?? null,
      outcome: ok ? 'success' : 'failure',
    }),
  )
}
