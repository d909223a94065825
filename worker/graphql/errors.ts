// How service-layer errors reach GraphQL clients, for every resolver at once.
// An ApiError (the REST error) becomes a GraphQLError with the same message,
// the same field messages and the same HTTP status, so the admin sees one error
// vocabulary whichever API it calls (docs/decisions/005-graphql-error-shape.md).
// Yoga masks everything else as "Unexpected error." (details only in the log).
// Resolvers therefore just call services; nothing wraps them.
import { GraphQLError } from 'graphql'
import { maskError } from 'graphql-yoga'
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

const extensionsOf = (err: ApiError) => ({
  code: CODES[err.status] ?? 'INTERNAL_SERVER_ERROR',
  ...(err.errors && Object.keys(err.errors).length ? { errors: err.errors } : {}),
  http: { status: err.status },
})

export function toGraphQLError(err: ApiError): GraphQLError {
  return new GraphQLError(err.message, { extensions: extensionsOf(err) })
}

/** Yoga's `maskedErrors.maskError`: ApiErrors pass through in the API's terms, everything else is masked. */
export function maskServiceError(error: unknown, message: string, isDev?: boolean): Error {
  if (error instanceof GraphQLError && error.originalError instanceof ApiError) {
    // The located error already has the ApiError's message, path and locations.
    // Returning that same object (with the extensions added) also tells yoga
    // the error is expected, so a refused input is not logged as a failure.
    Object.assign(error.extensions, extensionsOf(error.originalError))
    return error
  }
  if (error instanceof ApiError) return toGraphQLError(error)
  return maskError(error, message, isDev)
}
