import { validator } from 'hono/validator'
import { contentKey } from '../../schema/payloads'
import { badRequest } from './errors'

export const ID_MESSAGE = 'Id must be a positive whole number'

/**
 * A row id from a path segment or a GraphQL `ID`: digits only (no sign,
 * fraction or exponent), at least 1 and a safe integer. Anything else is a 400
 * naming `id`, so a malformed id is never confused with a missing row (404).
 */
export function parseId(value: unknown, message?: string): number {
  // The requests API words the refusal its own way (services/requests.ts): the rule is the same.
  const refuse = () => badRequest({ id: message ?? ID_MESSAGE }, message)
  const text = typeof value === 'number' ? String(value) : value
  if (typeof text !== 'string' || !/^[0-9]{1,16}$/.test(text)) throw refuse()
  const id = Number(text)
  if (id < 1 || !Number.isSafeInteger(id)) throw refuse()
  return id
}

/** Validator middleware for `/:id` routes: the handler reads `c.req.valid('param').id`, a number. */
export const idParam = validator('param', (value: Record<string, string>) => ({ id: parseId(value.id) }))

/** A content block key from a path segment or a GraphQL argument; 400 naming `key` when malformed. */
export function parseContentKey(value: unknown): string {
  const key = contentKey.safeParse(value)
  if (!key.success) throw badRequest({ key: key.error.issues[0]!.message })
  return key.data
}

/** Validator middleware for `/:key` routes. */
export const keyParam = validator('param', (value: Record<string, string>) => ({
  key: parseContentKey(value.key),
}))
