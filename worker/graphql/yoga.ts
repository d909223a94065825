// The GraphQL server: the Pothos schema and yoga with its plugins. Imported by
// the endpoint (index.ts) on the first GraphQL request, not at isolate start-up:
// building the schema costs tens of milliseconds that a public page, the REST
// API, the portal and the cron never need (issue 53, ADR 195).
import { costLimitPlugin } from '@escape.tech/graphql-armor-cost-limit'
import { maxAliasesPlugin } from '@escape.tech/graphql-armor-max-aliases'
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth'
import { useCSRFPrevention } from '@graphql-yoga/plugin-csrf-prevention'
import { GraphQLError, type ValidationContext } from 'graphql'
import { createYoga } from 'graphql-yoga'
import {
  type EdgeServerContext,
  useErrorShape,
  useRequestChecks,
  useTokenLimit,
  useWriteNotes,
} from './edge-plugins'
import { maskServiceError } from './errors'
import { GRAPHQL_MAX_ALIASES, GRAPHQL_MAX_COST, GRAPHQL_MAX_DEPTH, GRAPHQL_MAX_TOKENS } from './limits'
import { schema } from './schema'

/**
 * graphql-armor words a refusal "Syntax Error: Query Cost limit of ... exceeded";
 * the client gets the limit's own sentence, without the misleading prefix, and
 * a code naming the limit.
 */
const refuseAs = (code: string) => (context: ValidationContext | null, error: GraphQLError) =>
  context?.reportError(
    new GraphQLError(error.message.replace(/^Syntax Error: /, ''), { extensions: { code } }),
  )

/**
 * workerd's own fetch API. Left to itself, yoga takes it from @whatwg-node/fetch,
 * whose `main` build (the one the Worker's bundle gets) picks its Node ponyfill under
 * `nodejs_compat`: its Response is not workerd's, and workerd refuses it as an answer
 * ("the Promise did not resolve to 'Response'"). The error shape used to re-wrap every
 * answer, which hid this; now yoga's answer is the route's answer.
 */
const workerdFetchAPI = {
  fetch,
  Request,
  Response,
  Headers,
  FormData,
  Blob,
  File,
  ReadableStream,
  WritableStream,
  TransformStream,
  CompressionStream,
  DecompressionStream,
  TextEncoderStream,
  TextDecoderStream,
  TextEncoder,
  TextDecoder,
  URL,
  URLSearchParams,
  URLPattern,
  crypto,
  btoa,
}

export const yogaFor = (local: boolean) =>
  createYoga<EdgeServerContext>({
    schema,
    fetchAPI: workerdFetchAPI,
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
      useRequestChecks(),
      useTokenLimit(GRAPHQL_MAX_TOKENS),
      useWriteNotes(),
      useErrorShape(),
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

export type GraphQLServer = ReturnType<typeof yogaFor>
