// How service-layer errors reach GraphQL clients. Yoga masks every unexpected
// error ("Unexpected error.", details only in the log); an ApiError is not
// unexpected: it is the same refusal REST answers with, so it keeps its
// message, its field messages and its HTTP status (400 for invalid input, 404
// for a missing row). The lead may merge this with worker/graphql/errors.ts.
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

export function serviceErrorExtensions(err: ApiError) {
  return {
    code: CODES[err.status] ?? 'INTERNAL_SERVER_ERROR',
    ...(err.errors ? { errors: err.errors } : {}),
    http: { status: err.status },
  }
}

/** Yoga's `maskedErrors.maskError`: ApiErrors pass through in the API's terms, everything else is masked. */
export function maskServiceError(error: unknown, message: string, isDev?: boolean): Error {
  if (error instanceof GraphQLError && error.originalError instanceof ApiError) {
    // The located error already has the ApiError's message, path and locations.
    // Returning that same object (with the extensions added) also tells yoga
    // the error is expected, so a refused input is not logged as a failure.
    Object.assign(error.extensions, serviceErrorExtensions(error.originalError))
    return error
  }
  if (error instanceof ApiError)
    return new GraphQLError(error.message, { extensions: serviceErrorExtensions(error) })
  return maskError(error, message, isDev)
}
