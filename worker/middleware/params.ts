import { validator } from 'hono/validator'
import { parseContentKey, parseId } from '../services/ids'

/** Validator middleware for `/:id` routes: the handler reads `c.req.valid('param').id`, a number. */
export const idParam = validator('param', (value: Record<string, string>) => ({ id: parseId(value.id) }))

/** Validator middleware for `/:key` routes. */
export const keyParam = validator('param', (value: Record<string, string>) => ({
  key: parseContentKey(value.key),
}))
