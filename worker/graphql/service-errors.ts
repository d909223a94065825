// How service-layer errors reach GraphQL clients, for every resolver at once.
// Yoga masks every unexpected error ("Unexpected error.", details only in the
// log); an ApiError is not unexpected: it is the same refusal REST answers
// with, so it keeps its message, field messages and HTTP status, in the shape
// errors.ts defines (`toGraphQLError`). Resolvers therefore just call services;
// `withApiErrors` wrappers (errors.ts) are no longer needed but stay harmless.
import { GraphQLError } from 'graphql'
import { maskError } from 'graphql-yoga'
import { ApiError } from '../http/errors'
import { toGraphQLError } from './errors'

/** Yoga's `maskedErrors.maskError`: ApiErrors pass through in the API's terms, everything else is masked. */
export function maskServiceError(error: unknown, message: string, isDev?: boolean): Error {
  if (error instanceof GraphQLError && error.originalError instanceof ApiError) {
    // The located error already has the ApiError's message, path and locations.
    // Returning that same object (with the extensions added) also tells yoga
    // the error is expected, so a refused input is not logged as a failure.
    Object.assign(error.extensions, (toGraphQLError(error.originalError) as GraphQLError).extensions)
    return error
  }
  if (error instanceof ApiError) return toGraphQLError(error) as GraphQLError
  return maskError(error, message, isDev)
}
