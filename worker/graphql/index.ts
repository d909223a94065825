import { costLimitPlugin } from '@escape.tech/graphql-armor-cost-limit'
import { maxAliasesPlugin } from '@escape.tech/graphql-armor-max-aliases'
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth'
import { useCSRFPrevention } from '@graphql-yoga/plugin-csrf-prevention'
import { GraphQLError, type ValidationContext } from 'graphql'
import { createYoga } from 'graphql-yoga'
import { Hono } from 'hono'
import { localConveniences } from '../auth/local'
import { requireOwner } from '../auth/middleware'
import type { AppEnv } from '../env'
import { auditedBelow, requestOrigin } from '../middleware/audit'
import { inBackground } from '../middleware/background'
import type { GraphQLContext } from './builder'
import { maskServiceError } from './errors'
import { schema } from './schema'

// Limits on what one request may ask for. Fragments are counted flattened (as
// the executor runs them), which puts the standard introspection query
// (graphql's getIntrospectionQuery(), what GraphiQL and code generators send)
// at depth 15 and cost about 15,500; the admin's own queries are at most depth
// 4 and cost a few hundred. Anything deeper or costlier than introspection is
// refused. test/worker/graphql-schema.test.ts measures both.
export const GRAPHQL_MAX_DEPTH = 15
export const GRAPHQL_MAX_COST = 20_000
/**
 * Aliases per operation: each alias of a field is another resolver run (another
 * D1 read), so 1,000 aliases were 1,000 reads in one request (issue 27). The
 * admin's own operations use none; introspection uses a handful.
 */
export const GRAPHQL_MAX_ALIASES = 30

/**
 * graphql-armor words a refusal "Syntax Error: Query Cost limit of ... exceeded";
 * the client gets the limit's own sentence, without the misleading prefix, and
 * a code naming the limit.
 */
const refuseAs = (code: string) => (context: ValidationContext | null, error: GraphQLError) =>
  context?.reportError(
    new GraphQLError(error.message.replace(/^Syntax Error: /, ''), { extensions: { code } }),
  )

type ServerContext = { ctx: GraphQLContext }

const yogaFor = (local: boolean) =>
  createYoga<ServerContext>({
    schema,
    graphqlEndpoint: '/graphql',
    // Unexpected errors reach the client as "Unexpected error." only; details go to the log.
    // Domain errors from the services keep their message, field map and status (errors.ts).
    maskedErrors: { maskError: maskServiceError },
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
      maxDepthPlugin({
        n: GRAPHQL_MAX_DEPTH,
        flattenFragments: true,
        ignoreIntrospection: false,
        exposeLimits: true,
        propagateOnRejection: false,
        onReject: [refuseAs('QUERY_TOO_DEEP')],
      }),
      costLimitPlugin({
        maxCost: GRAPHQL_MAX_COST,
        flattenFragments: true,
        ignoreIntrospection: false,
        exposeLimits: true,
        propagateOnRejection: false,
        onReject: [refuseAs('QUERY_TOO_COSTLY')],
      }),
      // After the cost limit, so a costly query still names the cost first.
      maxAliasesPlugin({
        n: GRAPHQL_MAX_ALIASES,
        exposeLimits: true,
        propagateOnRejection: false,
        onReject: [refuseAs('TOO_MANY_ALIASES')],
      }),
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
    sessionId: c.var.sessionId,
    origin: requestOrigin(c),
    later: (work) => inBackground(c, work),
    noteAudit: (note) => c.set('auditNote', note),
    auditedBelow: (field) => auditedBelow(c, field),
  }
  const local = localConveniences(c.env, c.req.url)
  // The body as readGraphQLRequest read it (worker/middleware/graphql-request.ts).
  const refused = malformedVariables(
    c.req.method,
    c.req.header('content-type'),
    c.get('graphqlRequest')?.body,
  )
  if (refused) return c.json({ message: refused, errors: { variables: refused } }, 400)
  return withErrorShape(await getYoga(local).fetch(c.req.raw, { ctx }), local)
})

/**
 * `variables` must be an object (or absent/null): yoga answered a string, a list
 * or a number there with a 500 (issue 27, audit finding 6). GET carries them
 * in the query string, which yoga parses itself.
 */
function malformedVariables(method: string, type: string | undefined, body: unknown): string | null {
  if (method !== 'POST' || !(type ?? '').includes('json')) return null
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null
  const variables = (body as { variables?: unknown }).variables
  if (variables === undefined || variables === null) return null
  if (typeof variables !== 'object' || Array.isArray(variables)) return 'variables must be a JSON object'
  return null
}

/** graphql-js's "Did you mean ...?" hints name fields of the schema; they are for local development only. */
const withoutSuggestions = (message: string) => message.replace(/ ?Did you mean .+\?$/, '')

type GraphQLBody = { data?: unknown; errors?: { message: string; extensions?: { code?: string } }[] }

/**
 * Yoga answers parse and validation errors with 200 for plain JSON clients;
 * a request that could not run is a client error, so those become 400. Every
 * error answer also gets the API's top-level `message` beside the standard
 * GraphQL `errors` list (docs/decisions/005-graphql-error-shape.md).
 */
async function withErrorShape(res: Response, local: boolean): Promise<Response> {
  if (!(res.headers.get('content-type') ?? '').includes('json')) return res
  let text = await res.text()
  let body: GraphQLBody
  try {
    body = JSON.parse(text) as GraphQLBody
  } catch {
    return new Response(text, res)
  }
  if (!local && body.errors?.some((e) => /Did you mean /.test(e.message))) {
    body = { ...body, errors: body.errors.map((e) => ({ ...e, message: withoutSuggestions(e.message) })) }
    text = JSON.stringify(body)
  }
  const first = body.errors?.[0]
  const notExecuted = body.data === undefined && first !== undefined
  const status = res.status === 200 && notExecuted ? 400 : res.status
  if (status < 400 || !first) return new Response(text, { status, headers: res.headers })
  return new Response(JSON.stringify({ message: first.message, ...body }), { status, headers: res.headers })
}
