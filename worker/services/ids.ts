import { ID_MESSAGE, rowId } from '../../schema/ids'
import { contentKey } from '../../schema/payloads'
import { Invalid } from './errors'

// Ids and keys as both APIs and the services receive them (a path segment, a
// GraphQL argument): parsed here so a service can take the raw value.

/** A row id (schema/ids.ts has the rule); Invalid naming `id` when malformed. */
export function parseId(value: unknown): number {
  const id = rowId.safeParse(value)
  if (!id.success) throw new Invalid({ id: ID_MESSAGE })
  return id.data
}

/** A content block key from a path segment or a GraphQL argument; Invalid naming `key` when malformed. */
export function parseContentKey(value: unknown): string {
  const key = contentKey.safeParse(value)
  if (!key.success) throw new Invalid({ key: key.error.issues[0]!.message })
  return key.data
}
