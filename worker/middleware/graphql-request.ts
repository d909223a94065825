// What a POST to /graphql asks for, read once after the body guard: its JSON
// body and the mutation fields it calls. urql sends queries as POSTs too, so
// the method alone does not say whether a request writes: the audit trail
// (audit-writes.ts) and the public-read purge (cache-headers.ts) read it here.
import { Kind, parse } from 'graphql'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../env'

export type GraphQLRequestBody = { query?: string; variables?: Record<string, unknown> }

/** The mutation fields a GraphQL request calls, or null for a query (or a body yoga will refuse). */
export function mutationFields(body: unknown): string[] | null {
  // Any JSON may arrive here (null, a list, a string): yoga refuses it afterwards.
  if (!body || typeof body !== 'object' || typeof (body as GraphQLRequestBody).query !== 'string') return null
  try {
    const fields: string[] = []
    for (const def of parse((body as { query: string }).query).definitions) {
      if (def.kind !== Kind.OPERATION_DEFINITION || def.operation !== 'mutation') continue
      for (const sel of def.selectionSet.selections) if (sel.kind === Kind.FIELD) fields.push(sel.name.value)
    }
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
