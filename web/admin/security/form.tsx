// What the Security panels share: the text field, the date format and how a
// failed call is told to the owner (one wording for every panel). A server's
// field message goes to the field through its Form's `validationErrors`, which
// react-aria clears once the field is edited: a field marked invalid by a prop
// would keep the browser from sending the form again.
import { FieldError, Input, Label, Text, TextField } from 'react-aria-components'
import { toast } from '../../components/Toaster'
import { ApiRequestError } from '../../lib/api'
import { RequiredMark } from '../ui'
import { ReauthCancelled } from './api'

export const fieldInput =
  'w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 outline-none data-[focused]:border-blue-600 data-[focused]:ring-2 data-[focused]:ring-blue-200 data-[invalid]:border-red-600'

export const dateTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })

export function errorText(error: unknown, fallback: string) {
  if (error instanceof ReauthCancelled) return 'Not changed: it needs your password or a passkey first.'
  if (error instanceof ApiRequestError) return error.serverMessage ?? fallback
  if (error instanceof Error && /NotAllowedError|AbortError/.test(error.name))
    return 'The request was cancelled.'
  return fallback
}

export function fail(title: string, error: unknown) {
  // The owner chose to cancel the "confirm it is you" step: nothing to report.
  if (error instanceof ReauthCancelled) return
  toast({ title, description: errorText(error, 'Please try again.'), variant: 'destructive' })
}

export function Field({
  name,
  label,
  type = 'text',
  autoComplete,
  description,
  autoFocus,
  onChange,
}: {
  name: string
  label: string
  type?: 'text' | 'password'
  autoComplete?: string
  /** A hint under the field. */
  description?: string
  autoFocus?: boolean
  onChange?: (value: string) => void
}) {
  return (
    <TextField
      name={name}
      type={type}
      isRequired
      autoComplete={autoComplete}
      autoFocus={autoFocus}
      onChange={onChange}
      className="flex flex-col gap-1"
    >
      <Label className="text-sm font-medium text-slate-800">
        {label}
        {/* Every field here is required (issue 28: the passkey name was not marked as such). */}
        <RequiredMark isRequired />
      </Label>
      <Input className={fieldInput} />
      {description && (
        <Text slot="description" className="text-xs text-slate-600">
          {description}
        </Text>
      )}
      <FieldError className="text-sm text-red-700" />
    </TextField>
  )
}
