import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { API_MESSAGES } from '../../schema/messages'
import type { AppEnv } from '../env'
import { log } from '../log'
import { Conflict, DomainError, Invalid, NotFound } from '../services/errors'

/** The one error shape of the API: `{ message, errors?: { field: message } }`. */
export type ErrorBody = { message: string; errors?: Record<string, string>; code?: string }

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

/** A refused input at the edge is the same domain error a service throws for one. */
export const badRequest = (errors: Record<string, string>, message: string = API_MESSAGES.validation) =>
  new Invalid(errors, message)
export const notFound = (message: string = API_MESSAGES.notFound) => new NotFound(message)
export const unauthorized = () => new ApiError(401, API_MESSAGES.unauthorized)

/** The HTTP status of each domain error (worker/services/errors.ts). */
export const DOMAIN_STATUS = {
  invalid: 400,
  'not-found': 404,
  conflict: 409,
  forbidden: 403,
  'too-large': 413,
  unavailable: 503,
} as const satisfies Record<DomainError['kind'], ContentfulStatusCode>

export function errorBody(err: ApiError | DomainError): ErrorBody {
  if (err instanceof DomainError && err.code) {
    return { message: err.message, code: err.code, ...(err.errors ? { errors: err.errors } : {}) }
  }
  if (err instanceof Conflict && err.details)
    return { message: err.message, ...(err.errors ? { errors: err.errors } : {}), ...err.details }
  return err.errors && Object.keys(err.errors).length
    ? { message: err.message, errors: err.errors }
    : { message: err.message }
}

/** App-wide error handler: known errors keep their status, anything else is a logged 500 without internals. */
export function handleError(err: Error, c: Context<AppEnv>) {
  if (err instanceof ApiError) return c.json(errorBody(err), err.status)
  if (err instanceof DomainError) return c.json(errorBody(err), DOMAIN_STATUS[err.kind])
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode
    // Hono's own messages (e.g. "Malformed JSON in request body") are safe to show.
    return c.json({ message: err.message || API_MESSAGES.internal }, status)
  }
  log('error', 'unhandled error', {
    requestId: c.get('requestId'),
    path: c.req.path,
    error: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
    stack: err instanceof Error ? err.stack : undefined,
    // Drizzle wraps D1's own error ("no such table", constraint failures) as the cause.
    cause: err.cause === undefined ? undefined : String(err.cause),
  })
  return c.json({ message: API_MESSAGES.internal }, 500)
}
