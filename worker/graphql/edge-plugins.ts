// The GraphQL edge's own rules as yoga/envelop plugins, working on the document
// yoga parses (once) and the result it executes, instead of reading and parsing
// the body again before yoga and re-reading its JSON answer after it (issue 53):
// - a token limit applied while parsing (issue 52: a query nested 2,000 deep
//   overflowed the parser's stack, a 500, before any depth check could run);
// - request checks on the parameters (`variables` must be an object);
// - what the audit trail and the public-read purge need to know: the mutation
//   fields the document calls and the result of running it (the route writes the
//   entry: worker/graphql/index.ts);
// - the error shape of ADR 005: a request that could not run is a 400, every error
//   answer carries the API's top-level `message`, and graphql-js's "Did you mean"
//   hints (they name schema fields) are for local development only.
import {
  type DocumentNode,
  type ExecutionResult,
  GraphQLError,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql'
import { createGraphQLError, isAsyncIterable, type Plugin } from 'graphql-yoga'
import type { GraphQLContext } from './builder'

/** What the edge learns about one request while yoga runs it, read by the route after the answer. */
export type GraphQLEdge = {
  /** Local development: GraphiQL and "Did you mean" hints. */
  local: boolean
  /** The mutation fields the document calls ([] for a query); unset until a document is parsed. */
  mutations?: string[]
  /** The variables as sent, for the audit entry's record. */
  variables?: unknown
  /** The result of execution; unset when the request never got that far. */
  result?: ExecutionResult
  /** Errors and no data: nothing ran, so the answer is a client error (400). */
  notExecuted?: boolean
}

/** What the route hands yoga with each request (`yoga.fetch(request, serverContext)`). */
export type EdgeServerContext = { ctx: GraphQLContext; edge: GraphQLEdge }

type EdgePlugin = Plugin<EdgeServerContext, EdgeServerContext>

/**
 * The mutation fields a document calls (of the named operation, when one is
 * named), or [] for a query. Fields reached through a fragment count: they run as
 * any other.
 */
export function mutationFields(document: DocumentNode, operationName?: string | null): string[] {
  const fragments = new Map<string, SelectionSetNode>()
  for (const def of document.definitions)
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
  const chosen = (def: OperationDefinitionNode) => !operationName || def.name?.value === operationName
  for (const def of document.definitions)
    if (def.kind === Kind.OPERATION_DEFINITION && def.operation === 'mutation' && chosen(def))
      collect(def.selectionSet)
  return fields
}

// Errors made here are yoga's (`createGraphQLError`): yoga tells a GraphQL error from an
// unexpected one (a 500) with `instanceof` on the `graphql` copy it loads itself.

/** Refuses a document past `max` tokens while the parser reads it, before it nests deeper. */
export function useTokenLimit(max: number): EdgePlugin {
  return {
    onParse({ parseFn, setParseFn }) {
      setParseFn((source, options) => {
        try {
          return parseFn(source, { ...options, maxTokens: max })
        } catch (err) {
          // graphql-js words it "Syntax Error: Document contains more that N tokens" (sic).
          if (err instanceof Error && /Document contains more tha[nt] \d+ tokens/.test(err.message))
            throw createGraphQLError(`Query is longer than the limit of ${max} tokens.`, {
              extensions: { code: 'QUERY_TOO_LONG', http: { status: 400 } },
            })
          throw err
        }
      })
    },
  }
}

const badVariables = 'variables must be a JSON object'

/**
 * `variables` must be an object (or absent/null): yoga answered a string, a list
 * or a number there with a 500 (issue 27, audit finding 6).
 */
export function useRequestChecks(): EdgePlugin {
  return {
    onParams({ params, setResult }) {
      const { variables } = params as { variables?: unknown }
      if (variables === undefined || variables === null) return
      if (typeof variables === 'object' && !Array.isArray(variables)) return
      setResult({
        errors: [
          createGraphQLError(badVariables, {
            extensions: {
              code: 'BAD_USER_INPUT',
              errors: { variables: badVariables },
              http: { status: 400 },
            },
          }),
        ],
      })
    },
  }
}

/**
 * Notes on the request's edge what it writes and how that went: the mutation
 * fields of the parsed document (validated or not: a refused write is audited as
 * a failure), the variables sent, and the executed result.
 */
export function useWriteNotes(): EdgePlugin {
  return {
    onValidate({ context, params }) {
      const edge = context.edge
      if (!edge) return
      edge.mutations = mutationFields(params.documentAST, context.params?.operationName)
      edge.variables = context.params?.variables
    },
    onExecute({ args }) {
      const edge = (args.contextValue as Partial<EdgeServerContext>).edge
      return {
        onExecuteDone({ result }) {
          if (edge && !isAsyncIterable(result)) edge.result = result
        },
      }
    },
  }
}

/** graphql-js's "Did you mean ...?" hints name fields of the schema; they are for local development only. */
const withoutSuggestions = (message: string) => message.replace(/ ?Did you mean .+\?$/, '')

const statusOf = (error: GraphQLError) =>
  (error.extensions?.http as { status?: number } | undefined)?.status ?? 0

/**
 * The error shape of ADR 005 (docs/decisions/005-graphql-error-shape.md). Yoga
 * answers parse and validation errors with 200 for plain JSON clients; a request
 * that could not run is a client error, so it becomes a 400. Every error answer
 * also gets the API's top-level `message` (the first error's) beside the standard
 * `errors` list, added as yoga serialises the result: nothing is parsed again.
 */
export function useErrorShape(): EdgePlugin {
  return {
    onResultProcess({ result, setResult, serverContext }) {
      if (Array.isArray(result) || isAsyncIterable(result) || !result.errors?.length) return
      const edge = serverContext.edge
      const errors = edge?.local
        ? result.errors
        : result.errors.map((error) =>
            error instanceof GraphQLError && / ?Did you mean .+\?$/.test(error.message)
              ? createGraphQLError(withoutSuggestions(error.message), {
                  nodes: error.nodes,
                  source: error.source,
                  positions: error.positions,
                  path: error.path,
                  originalError: error.originalError,
                  extensions: error.extensions,
                })
              : error,
          )
      const notExecuted = result.data === undefined
      if (edge) edge.notExecuted = notExecuted
      // The answer is an error status when nothing ran (below) or an error carries one (a domain error's).
      const failed = notExecuted || errors.some((e) => e instanceof GraphQLError && statusOf(e) >= 400)
      const message = errors[0]?.message
      setResult({
        ...result,
        errors,
        ...(failed ? { stringify: (shaped: ExecutionResult) => JSON.stringify({ message, ...shaped }) } : {}),
      })
    },
    onResponse({ response, serverContext, setResponse }) {
      if (response.status !== 200 || !serverContext.edge?.notExecuted) return
      setResponse(new Response(response.body, { status: 400, headers: response.headers }))
    },
  }
}
