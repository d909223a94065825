import { costLimitPlugin } from '@escape.tech/graphql-armor-cost-limit'
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth'
import { useCSRFPrevention } from '@graphql-yoga/plugin-csrf-prevention'
import { createYoga } from 'graphql-yoga'
import { Hono } from 'hono'
import { requireOwner } from '../auth/middleware'
import { type AppEnv, isLocal } from '../env'
import type { GraphQLContext } from './builder'
import { schema } from './schema'

// Limits chosen for the admin's own queries, which are at most 4 levels deep.
export const GRAPHQL_MAX_DEPTH = 8
export const GRAPHQL_MAX_COST = 5000

type ServerContext = { ctx: GraphQLContext }

const yogaFor = (local: boolean) =>
  createYoga<ServerContext>({
    schema,
    graphqlEndpoint: '/graphql',
    // Unexpected errors reach the client as "Unexpected error." only; details go to the log.
    maskedErrors: true,
    graphiql: local,
    landingPage: false,
    logging: 'warn',
    context: ({ ctx }) => ctx,
    // Same-origin only: yoga's default CORS reflects any Origin with credentials.
    cors: false,
    plugins: [
      // Refuses "simple" cross-site requests: every call must carry this header
      // (urql sends it) or a JSON content type that forces a CORS preflight.
      useCSRFPrevention({ requestHeaders: ['x-graphql-yoga-csrf'] }),
      maxDepthPlugin({ n: GRAPHQL_MAX_DEPTH, exposeLimits: false }),
      costLimitPlugin({ maxCost: GRAPHQL_MAX_COST, exposeLimits: false }),
    ],
  })

// One yoga per isolate and mode; creating it parses the schema once.
const yogas = new Map<boolean, ReturnType<typeof yogaFor>>()
const getYoga = (local: boolean) => {
  const existing = yogas.get(local)
  if (existing) return existing
  const yoga = yogaFor(local)
  yogas.set(local, yoga)
  return yoga
}

// /graphql: the admin's API. The endpoint refuses anonymous calls with 401;
// the schema itself also requires the owner scope on every root field.
export const graphql = new Hono<AppEnv>().use(requireOwner).on(['GET', 'POST'], '/', async (c) => {
  const ctx: GraphQLContext = {
    db: c.var.db,
    env: c.env,
    user: c.var.user,
    waitUntil: (p) => c.executionCtx.waitUntil(p),
  }
  return getYoga(isLocal(c.env)).fetch(c.req.raw, { ctx })
})
