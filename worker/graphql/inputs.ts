import type { z } from 'zod'
import { parseWith } from '../http/validate'

/**
 * GraphQL inputs go through the same Zod payload schema as the REST body, so
 * both answer the same field messages. The GraphQL input types leave every
 * field nullable for that reason; null means "not given" (so defaults apply).
 */
export function parseInput<S extends z.ZodType>(schema: S, input: object): z.output<S> {
  const given = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== null && v !== undefined))
  return parseWith(schema, given)
}
