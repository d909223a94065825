import { validator } from 'hono/validator'
import { ID_MESSAGE, rowId } from '../../schema/ids'
import { contentKey } from '../../schema/payloads'
import { badRequest } from './errors'

/** A row id from a path segment (schema/ids.ts has the rule); 400 naming `id` when malformed. */
export function parseId(value: unknown): number {
  const id = rowId.safeParse(value)
  if (!id.success) throw badRequest({ id: ID_MESSAGE })
  return id.data
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
