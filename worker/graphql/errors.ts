// Service errors in GraphQL: an ApiError (the REST error) becomes a GraphQLError
// with the same message, the same field messages and the same HTTP status, so
// the admin sees one error vocabulary whichever API it calls. Anything else is
// rethrown untouched, and yoga masks it as "Unexpected error.".
import { GraphQLError } from 'graphql'
import { ApiError } from '../http/errors'

const CODES: Record<number, string> = {
  400: 'BAD_USER_INPUT',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'RATE_LIMITED',
}

export function toGraphQLError(err: unknown): unknown {
  if (!(err instanceof ApiError)) return err
  return new GraphQLError(err.message, {
    extensions: {
      code: CODES[err.status] ?? 'INTERNAL_SERVER_ERROR',
      ...(err.errors && Object.keys(err.errors).length ? { errors: err.errors } : {}),
      http: { status: err.status },
    },
  })
}

/** Wraps a resolver so the service's ApiErrors surface as GraphQLErrors. */
export const withApiErrors =
  <Args extends unknown[], Result>(resolve: (...args: Args) => Result | Promise<Result>) =>
  async (...args: Args): Promise<Result> => {
    try {
      return await resolve(...args)
    } catch (err) {
      throw toGraphQLError(err)
    }
  }
