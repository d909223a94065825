// The service layer's errors, in the domain's terms. Services throw these and
// never an HTTP status; each API maps them at its edge: REST in
// worker/middleware/errors.ts (handleError), GraphQL in worker/graphql/errors.ts.
import { API_MESSAGES } from '../../schema/messages'

export type FieldErrors = Record<string, string>

export abstract class DomainError extends Error {
  abstract readonly kind: 'invalid' | 'not-found' | 'conflict' | 'forbidden' | 'too-large' | 'unavailable'
  /** Field messages (`{ field: message }`), the same map on both APIs. */
  readonly errors?: FieldErrors
  /** A machine-readable reason a client acts on (e.g. 'reauth_required'), on both APIs. */
  readonly code?: string
}

/** The input breaks a rule; `errors` names each field. */
export class Invalid extends DomainError {
  readonly kind = 'invalid'
  constructor(
    override readonly errors: FieldErrors,
    message: string = API_MESSAGES.validation,
  ) {
    super(message)
    this.name = 'Invalid'
  }
}

/** The row the caller named does not exist. */
export class NotFound extends DomainError {
  readonly kind = 'not-found'
  constructor(message: string = API_MESSAGES.notFound) {
    super(message)
    this.name = 'NotFound'
  }
}

/** The change conflicts with the current state. */
export class Conflict extends DomainError {
  readonly kind = 'conflict'
  constructor(
    message: string,
    override readonly errors?: FieldErrors,
    /** Extra public detail for the answer (e.g. the free slots of a day whose slot was taken). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message)
    this.name = 'Conflict'
  }
}

/** The caller may not do this. */
export class Forbidden extends DomainError {
  readonly kind = 'forbidden'
  constructor(message: string) {
    super(message)
    this.name = 'Forbidden'
  }
}

/** The input is larger than the rule allows (an uploaded file over its limit); `errors` names the field. */
export class TooLarge extends DomainError {
  readonly kind = 'too-large'
  constructor(
    message: string,
    override readonly errors?: FieldErrors,
  ) {
    super(message)
    this.name = 'TooLarge'
  }
}

/** A needed part is not configured (a missing secret): the request may succeed once it is. */
export class Unavailable extends DomainError {
  readonly kind = 'unavailable'
  constructor(
    message: string,
    override readonly code?: string,
  ) {
    super(message)
    this.name = 'Unavailable'
  }
}
