// A form's HTML limits read from the Zod object schema the server checks it with
// (issue 35.6, ADR 148), as the Epic Stack's fieldset constraints do: `required`,
// `maxLength`, `minLength` and `pattern` per field, so a changed rule changes the
// form. It reads Zod's definitions, through pipes, optional,
// nullable and default wrappers. The public pages run it in their loaders, on the
// server, and send the result with the page: the browser never loads Zod for them.
// `required` is the one limit found by parsing: a missing value the server refuses.
import type { z } from 'zod'

export type FieldConstraint = {
  required?: true
  maxLength?: number
  minLength?: number
  /** For the `pattern` attribute, which the browser anchors itself. */
  pattern?: string
}

type Check = {
  _zod: { def: { check: string; maximum?: number; minimum?: number; format?: string; pattern?: RegExp } }
}
type Def = { type: string; checks?: Check[]; in?: Node; out?: Node; innerType?: Node }
type Node = { _zod: { def: Def } }

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional'])

/** `^(?:x)$` as the browser's `pattern` wants it: anchors dropped; an unanchored rule may match anywhere. */
function patternOf(re: RegExp): string {
  const s = re.source
  return s.startsWith('^') && s.endsWith('$') && !s.endsWith('\\$')
    ? s.slice(1, -1)
    : `[\\s\\S]*(?:${s})[\\s\\S]*`
}

function collect(node: Node, into: FieldConstraint): void {
  const def = node._zod.def
  for (const { _zod } of def.checks ?? []) {
    const c = _zod.def
    if (c.check === 'max_length' && c.maximum !== undefined)
      into.maxLength = Math.min(into.maxLength ?? c.maximum, c.maximum)
    else if (c.check === 'min_length' && c.minimum !== undefined)
      into.minLength = Math.max(into.minLength ?? c.minimum, c.minimum)
    else if (c.check === 'string_format' && c.format === 'regex' && c.pattern)
      into.pattern = patternOf(c.pattern)
  }
  if (def.type === 'pipe') {
    if (def.in) collect(def.in, into)
    if (def.out) collect(def.out, into)
  } else if (WRAPPERS.has(def.type) && def.innerType) collect(def.innerType, into)
}

/** A form's limits by field name, as a page's loader sends them. */
export type FormLimits = Record<string, FieldConstraint>

/** Each field's HTML limits, from the object schema the server parses the form with. */
export function formConstraints<S extends z.ZodObject>(
  schema: S,
): Record<keyof S['shape'] & string, FieldConstraint> {
  const out = {} as Record<string, FieldConstraint>
  for (const [name, field] of Object.entries(schema.shape) as [string, Node][]) {
    const c: FieldConstraint = {}
    // Required is what the server refuses when the field is missing.
    if (!(field as unknown as z.ZodType).safeParse(undefined).success) c.required = true
    collect(field, c)
    // A required text's minimum of one says what `required` says already.
    if (c.minLength !== undefined && c.minLength <= 1) delete c.minLength
    out[name] = c
  }
  return out as Record<keyof S['shape'] & string, FieldConstraint>
}
