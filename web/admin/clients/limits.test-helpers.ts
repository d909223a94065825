// The HTML limits a control carries, side by side with what the schema says
// they must be (schema/form-constraints.ts): a literal that drifts from the
// schema shows as a difference.
import type { FieldConstraint } from '../../../schema/form-constraints'

export const limitsOf = (el: HTMLElement) => ({
  required: el.hasAttribute('required') || el.getAttribute('aria-required') === 'true',
  maxLength: el.getAttribute('maxlength'),
  minLength: el.getAttribute('minlength'),
  pattern: el.getAttribute('pattern'),
})

export const expected = (c: FieldConstraint) => ({
  required: c.required === true,
  maxLength: c.maxLength === undefined ? null : String(c.maxLength),
  minLength: c.minLength === undefined ? null : String(c.minLength),
  pattern: c.pattern ?? null,
})
