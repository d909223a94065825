// Form fields of the public request forms: native controls, so the forms work
// before and without JavaScript and cost no widget code. Every field has a
// visible label, a hint when it needs one, and its error (the browser's
// check, or the server's, matched by `name`) on a line right below it, tied to
// the control by aria-describedby. Limits (`required`, `maxLength`, `pattern`)
// are not written here: each form spreads its field's FieldConstraint, read by
// the page's loader from the Zod schema the server checks (ADR 148).
import type { Option } from '../../schema/constants'
import type { FieldConstraint, FormLimits } from '../../schema/form-constraints'
import { HONEYPOT_FIELD } from '../../schema/request-options'
import { controlClass, fieldClass, hintClass, labelClass, submitClass, twoColumns } from './layout'

type Common = {
  name: string
  label: string
  required?: boolean
  /** The value to show: what the visitor sent when the form comes back with errors. */
  defaultValue?: string
  error?: string
  description?: string
}

const errorId = (name: string) => `${name}-error`
const hintId = (name: string) => `${name}-hint`

/** The ids that describe a control: its hint, then its error line. */
const describedBy = ({ name, description }: Common) =>
  [description && hintId(name), errorId(name)].filter(Boolean).join(' ')

function Label({ name, label, required }: Common) {
  return (
    <label htmlFor={name} className={labelClass}>
      {label}
      {required && (
        <span aria-hidden="true" className="text-red-700">
          {' '}
          *
        </span>
      )}
    </label>
  )
}

/**
 * The hint, then the error in a line reserved whether or not there is one, so
 * the form does not move under the pointer when a message appears.
 */
function HintAndError({ name, description, error }: Common) {
  return (
    <>
      {description && (
        <p id={hintId(name)} className={hintClass}>
          {description}
        </p>
      )}
      <p id={errorId(name)} className="min-h-5 text-sm font-medium text-red-700">
        {error}
      </p>
    </>
  )
}

const invalid = (error?: string) => (error ? { 'aria-invalid': true as const } : {})

export function TextInput(
  props: Common & FieldConstraint & { type?: 'text' | 'email' | 'tel'; autoComplete?: string },
) {
  const {
    name,
    required,
    defaultValue,
    error,
    type = 'text',
    autoComplete,
    maxLength,
    minLength,
    pattern,
  } = props
  return (
    <div className={fieldClass}>
      <Label {...props} />
      <input
        id={name}
        name={name}
        type={type}
        required={required}
        autoComplete={autoComplete}
        maxLength={maxLength}
        minLength={minLength}
        pattern={pattern}
        defaultValue={defaultValue}
        aria-describedby={describedBy(props)}
        {...invalid(error)}
        className={controlClass}
      />
      <HintAndError {...props} />
    </div>
  )
}

export function TextAreaInput(props: Common & FieldConstraint & { placeholder?: string }) {
  const { name, required, defaultValue, error, maxLength, minLength, placeholder } = props
  return (
    <div className={fieldClass}>
      <Label {...props} />
      <textarea
        id={name}
        name={name}
        rows={5}
        required={required}
        maxLength={maxLength}
        minLength={minLength}
        placeholder={placeholder}
        defaultValue={defaultValue}
        aria-describedby={describedBy(props)}
        {...invalid(error)}
        className={`${controlClass} min-h-32`}
      />
      <HintAndError {...props} />
    </div>
  )
}

export function SelectInput(
  props: Common & { options: readonly Option[]; placeholder: string; onChange?: (value: string) => void },
) {
  const { name, required, defaultValue, error, options, placeholder, onChange } = props
  return (
    <div className={fieldClass}>
      <Label {...props} />
      <select
        id={name}
        name={name}
        required={required}
        defaultValue={defaultValue ?? ''}
        onChange={onChange ? (e) => onChange(e.currentTarget.value) : undefined}
        aria-describedby={describedBy(props)}
        {...invalid(error)}
        className={`${controlClass} appearance-auto`}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <HintAndError {...props} />
    </div>
  )
}

/** A choice of a few options shown at once (a fieldset of radio buttons). */
export function RadioInput(
  props: Common & { options: readonly (Option & { readonly description?: string })[]; columns: 3 | 4 },
) {
  const { name, label, required, defaultValue, error, options, columns } = props
  return (
    <fieldset className={fieldClass} aria-describedby={describedBy(props)} {...invalid(error)}>
      <legend className={labelClass}>
        {label}
        {required && (
          <span aria-hidden="true" className="text-red-700">
            {' '}
            *
          </span>
        )}
      </legend>
      <div
        className={`mt-1 grid gap-2 ${columns === 4 ? 'sm:grid-cols-2 md:grid-cols-4' : 'sm:grid-cols-3'}`}
      >
        {options.map((option) => (
          <label
            key={option.value}
            className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 bg-white p-3 text-slate-900 has-[:checked]:border-blue-700 has-[:checked]:bg-blue-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-700"
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              required={required}
              defaultChecked={defaultValue === option.value}
              className="mt-1 h-4 w-4 shrink-0 accent-blue-700"
            />
            <span className="flex flex-col">
              <span className="font-medium">{option.label}</span>
              {option.description && <span className="text-sm text-slate-600">{option.description}</span>}
            </span>
          </label>
        ))}
      </div>
      <HintAndError {...props} />
    </fieldset>
  )
}

/**
 * Who is asking, the first fields of both request forms: name, e-mail, phone
 * and their organisation, which each form names its own way (a consultation's
 * `company`, a support request's `businessName`).
 */
export function ContactFields({
  organisation,
  limits,
  values,
  errors,
}: {
  organisation: { name: 'company' | 'businessName'; label: string }
  /** The limits of the schema the server checks the request with (ADR 148). */
  limits: FormLimits
  values: Record<string, string | undefined>
  errors: Record<string, string | undefined>
}) {
  return (
    <div className={twoColumns}>
      <TextInput
        name="name"
        label="Full Name"
        {...limits.name}
        autoComplete="name"
        defaultValue={values.name}
        error={errors.name}
      />
      <TextInput
        name="email"
        label="Email Address"
        type="email"
        {...limits.email}
        autoComplete="email"
        defaultValue={values.email}
        error={errors.email}
      />
      <TextInput
        name="phone"
        label="Phone Number"
        type="tel"
        {...limits.phone}
        autoComplete="tel"
        defaultValue={values.phone}
        error={errors.phone}
      />
      <TextInput
        name={organisation.name}
        label={organisation.label}
        {...limits[organisation.name]}
        autoComplete="organization"
        defaultValue={values[organisation.name]}
        error={errors[organisation.name]}
      />
    </div>
  )
}

/**
 * The honeypot: off screen and out of the tab order, so people never fill it;
 * form-filling bots do, and the server then quietly drops the submission.
 */
export function Honeypot() {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        Leave this field empty
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  )
}

export function SubmitButton({
  isPending,
  idle,
  pending,
}: {
  isPending: boolean
  idle: string
  pending: string
}) {
  return (
    <button
      type="submit"
      aria-disabled={isPending || undefined}
      data-pending={isPending || undefined}
      className={submitClass}
    >
      {isPending ? pending : idle}
    </button>
  )
}
