// GraphQL input fields read from a payload schema (ADR 102): the payload is
// derived from the table, so a new column reaches the GraphQL input with no
// edit here. Every field is nullable on purpose: the payload schema decides
// what is required, so a missing title is "Title is required" on both APIs
// (ADR 040), and its `.meta({ description })` is the field's description.
import type { InputFieldRef, InputType, SchemaTypes } from '@pothos/core'
import type { z } from 'zod'

type Scalar = 'String' | 'Int' | 'Float' | 'Boolean'

/** The scalar a rule accepts, read through its wrappers; undefined for enums and objects (given by name). */
function scalarOf(rule: z.core.$ZodType): Scalar | [Scalar] | undefined {
  const def = rule._zod.def as z.core.$ZodTypeDef & Record<string, unknown>
  const inner = (key: string) => scalarOf(def[key] as z.core.$ZodType)
  switch (def.type) {
    case 'string':
      return 'String'
    case 'boolean':
      return 'Boolean'
    case 'number':
      return (rule as z.ZodNumber).isInt ? 'Int' : 'Float'
    case 'literal':
      return (def.values as unknown[]).every((v) => typeof v === 'string') ? 'String' : undefined
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
      return inner('innerType')
    case 'pipe':
      // A transform reads what its input accepted; a preprocess step accepts what follows it.
      return (def.in as z.core.$ZodType)._zod.def.type === 'transform' ? inner('out') : inner('in')
    case 'union': {
      const each = (def.options as z.core.$ZodType[]).map(scalarOf)
      return each.every((s) => s !== undefined && String(s) === String(each[0])) ? each[0] : undefined
    }
    case 'array': {
      const element = inner('element')
      return typeof element === 'string' ? [element] : undefined
    }
    default:
      return undefined
  }
}

type FieldBuilder<Types extends SchemaTypes> = PothosSchemaTypes.InputFieldBuilder<Types, 'InputObject'>

/**
 * One nullable input field per key of `payload`, typed from its rule; `named` gives the type of the
 * fields no scalar describes (enums, nested inputs). A rule it cannot read is an error at start-up.
 */
export function payloadFields<Types extends SchemaTypes>(
  t: FieldBuilder<Types>,
  payload: z.ZodObject,
  named: Record<string, InputType<Types> | [InputType<Types>]> = {},
): Record<string, InputFieldRef<Types, unknown>> {
  return Object.fromEntries(
    Object.entries(payload.shape).map(([name, rule]) => {
      const type = named[name] ?? scalarOf(rule)
      if (type === undefined) throw new Error(`GraphQL input field ${name}: name its type`)
      const description = rule.meta()?.description
      return [name, t.field({ type: type as InputType<Types>, required: false, description })]
    }),
  )
}
