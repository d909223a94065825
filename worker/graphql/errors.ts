// How the service layer's errors reach GraphQL clients, for every resolver at
// once. A domain error (worker/services/errors.ts) or an edge ApiError becomes
// a GraphQLError with the same message, the same field messages and the same
// HTTP status as on REST, so the admin sees one error vocabulary whichever API
// it calls (docs/decisions/005-graphql-error-shape.md). Yoga masks everything
// else as "Unexpected error." (details only in the log). Resolvers therefore
// just call services; nothing wraps them.
import { GraphQLError } from 'graphql'
import { maskError } from 'graphql-yoga'
import { ApiError, DOMAIN_STATUS } from '../middleware/errors'
import { DomainError } from '../services/errors'

const CODES: Record<number, string> = {
  400: 'BAD_USER_INPUT',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'RATE_LIMITED',
  503: 'UNAVAILABLE',
}

type ServiceError = ApiError | DomainError
const isServiceError = (err: unknown): err is ServiceError =>
  err instanceof ApiError || err instanceof DomainError
const statusOf = (err: ServiceError) => (err instanceof ApiError ? err.status : DOMAIN_STATUS[err.kind])

const extensionsOf = (err: ServiceError) => ({
  code: CODES[statusOf(err)] ?? 'INTERNAL_SERVER_ERROR',
  // A domain reason the client acts on (e.g. 'reauth_required') rides beside the standard code.
  ...(err instanceof DomainError && err.code ? { reason: err.code } : {}),
  ...(err.errors && Object.keys(err.errors).length ? { errors: err.errors } : {}),
  http: { status: statusOf(err) },
})

export function toGraphQLError(err: ServiceError): GraphQLError {
  return new GraphQLError(err.message, { extensions: extensionsOf(err) })
}

/** Yoga's `maskedErrors.maskError`: domain and API errors pass through in the API's terms, everything else is masked. */
export function maskServiceError(error: unknown, message: string, isDev?: boolean): Error {
  if (error instanceof GraphQLError && isServiceError(error.originalError)) {
    // The located error already has the original error's message, path and locations.
    // Returning that same object (with the extensions added) also tells yoga
    // the error is expected, so a refused input is not logged as a failure.
    Object.assign(error.extensions, extensionsOf(error.originalError))
    return error
  }
  if (isServiceError(error)) return toGraphQLError(error)
  return maskError(error, message, isDev)
}
