// The Pothos schema builder. Auth is declared on the schema: the builder's
// default is that every field requires the `owner` scope, so a field can only
// be public by opting out explicitly (none does: /graphql is the admin's API).
import SchemaBuilder from '@pothos/core'
import ScopeAuthPlugin from '@pothos/plugin-scope-auth'
import { GraphQLError } from 'graphql'
import type { Db } from '../db'
import type { SessionUser } from '../env'

export type GraphQLContext = {
  db: Db
  env: Env
  user: SessionUser | null
  /** Lets resolvers schedule work after the response (e.g. cache invalidation). */
  waitUntil: (promise: Promise<unknown>) => void
}

export const builder = new SchemaBuilder<{
  Context: GraphQLContext
  AuthScopes: { owner: boolean }
  DefaultFieldNullability: false
  Scalars: { DateTime: { Input: Date; Output: Date } }
}>({
  plugins: [ScopeAuthPlugin],
  defaultFieldNullability: false,
  scopeAuth: {
    authScopes: (ctx) => ({ owner: ctx.user !== null }),
    // A GraphQLError is never masked; yoga answers with its HTTP status.
    unauthorizedError: () =>
      new GraphQLError('Authentication required', {
        extensions: { code: 'UNAUTHENTICATED', http: { status: 401 } },
      }),
  },
})

builder.scalarType('DateTime', {
  serialize: (value) => value.toISOString(),
  parseValue: (value) => {
    const date = new Date(String(value))
    if (Number.isNaN(date.getTime())) throw new Error('Invalid DateTime')
    return date
  },
})

// Root types: every root field requires the owner's session.
builder.queryType({ authScopes: { owner: true } })

const SessionUserRef = builder.objectRef<SessionUser>('User').implement({
  fields: (t) => ({ id: t.exposeInt('id'), username: t.exposeString('username') }),
})

builder.queryField('me', (t) => t.field({ type: SessionUserRef, resolve: (_root, _args, ctx) => ctx.user! }))
