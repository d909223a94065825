// What a POST to /graphql asks for, read once after the body guard: its JSON
// body and the mutation fields it calls. urql sends queries as POSTs too, so
// the method alone does not say whether a request writes: the audit trail
// (audit-writes.ts) and the public-read purge (cache-headers.ts) read it here.
import { Kind, parse, type SelectionSetNode } from 'graphql'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../env'

export type GraphQLRequestBody = { query?: string; variables?: Record<string, unknown> }

/**
 * The mutation fields a GraphQL request calls, or null for a query (or a body
 * yoga will refuse). Fields reached through a fragment on Mutation count: they
 * run as any other.
 */
export function mutationFields(body: unknown): string[] | null {
  // Any JSON may arrive here (null, a list, a string): yoga refuses it afterwards.
  if (!body || typeof body !== 'object' || typeof (body as GraphQLRequestBody).query !== 'string') return null
  try {
    const definitions = parse((body as { query: string }).query).definitions
    const fragments = new Map<string, SelectionSetNode>()
    for (const def of definitions)
      if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def.selectionSet)
    const fields: string[] = []
    const seen = new Set<string>()
    const collect = (set: SelectionSetNode) => {
      for (const sel of set.selections) {
        if (sel.kind === Kind.FIELD) fields.push(sel.name.value)
        else if (sel.kind === Kind.INLINE_FRAGMENT) collect(sel.selectionSet)
        else if (!seen.has(sel.name.value)) {
          seen.add(sel.name.value)
          const fragment = fragments.get(sel.name.value)
          if (fragment) collect(fragment)
        }
      }
    }
    for (const def of definitions)
      if (def.kind === Kind.OPERATION_DEFINITION && def.operation === 'mutation') collect(def.selectionSet)
    return fields.length ? fields : null
  } catch {
    return null
  }
}

/**
 * Sets `graphqlRequest` for the owner's POST with a JSON body (a clone is read;
 * yoga reads the original). Placed after `bodyGuard`, so no body past its limit
 * is read, and nothing is parsed for a caller the endpoint refuses anyway.
 */
export const readGraphQLRequest = createMiddleware<AppEnv>(async (c, next) => {
  if (c.get('user') && c.req.method === 'POST' && (c.req.header('content-type') ?? '').includes('json')) {
    const body: unknown = await c.req.raw
      .clone()
      .json()
      .catch(() => undefined)
    c.set('graphqlRequest', { body, mutations: mutationFields(body) })
  }
  await next()
})
