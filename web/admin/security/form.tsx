// What the Security panels share: the text field, the date format and how a
// failed call is told to the owner (one wording for every panel).
import { FieldError, Input, Label, TextField } from 'react-aria-components'
import { toast } from '../../components/Toaster'
import { ApiRequestError } from '../../lib/api'

export const fieldInput =
  'w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 outline-none data-[focused]:border-blue-600 data-[focused]:ring-2 data-[focused]:ring-blue-200 data-[invalid]:border-red-600'

export const dateTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })

export function errorText(error: unknown, fallback: string) {
  if (error instanceof ApiRequestError) return error.serverMessage ?? fallback
  if (error instanceof Error && /NotAllowedError|AbortError/.test(error.name))
    return 'The request was cancelled.'
  return fallback
}

export function fail(title: string, error: unknown) {
  toast({ title, description: errorText(error, 'Please try again.'), variant: 'destructive' })
}

export function Field({
  name,
  label,
  type = 'text',
  autoComplete,
  error,
  onChange,
}: {
  name: string
  label: string
  type?: 'text' | 'password'
  autoComplete?: string
  error?: string
  /** Typing again should clear a server's error: an invalid field blocks the form's next submit. */
  onChange?: (value: string) => void
}) {
  return (
    <TextField
      name={name}
      type={type}
      isRequired
      autoComplete={autoComplete}
      isInvalid={!!error}
      onChange={onChange}
      className="flex flex-col gap-1"
    >
      <Label className="text-sm font-medium text-slate-800">{label}</Label>
      <Input className={fieldInput} />
      <FieldError className="text-sm text-red-700">{error}</FieldError>
    </TextField>
  )
}
