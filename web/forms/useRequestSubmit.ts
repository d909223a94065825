// Submitting a public request form: pending state, the server's field
// messages (shown beside the fields by react-aria's Form), and the toasts.
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { type ToastContentValue, toast } from '../components/Toaster'
import { ApiRequestError, apiRequest } from '../lib/api'

type Options = {
  url: string
  /** Turns the form's values into the API payload. */
  payload: (values: Record<string, string>) => Record<string, unknown>
  success: ToastContentValue
  failure: ToastContentValue
  onSuccess?: () => void
}

/** The form's text values; empty optional fields are left out rather than sent as "". */
export function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {}
  for (const [key, value] of new FormData(form)) {
    if (typeof value === 'string' && value.trim() !== '') values[key] = value
  }
  return values
}

export function useRequestSubmit({ url, payload, success, failure, onSuccess }: Options) {
  const [isPending, setPending] = useState(false)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const formRef = useRef<HTMLFormElement>(null)
  const inFlight = useRef(false)

  // After the server refuses fields, move focus to the first one it named so
  // keyboard and screen-reader users land on the message.
  useEffect(() => {
    if (Object.keys(errors).length === 0) return
    const first = formRef.current?.querySelector<HTMLElement>(
      '[aria-invalid="true"], [data-invalid] input:not([hidden]), [data-invalid] button',
    )
    first?.focus()
  }, [errors])

  // A server message goes as soon as the visitor edits its field. (A React
  // handler, batched with the field's own change; a native listener re-rendered
  // the field with its old value in between.)
  function onInput(event: FormEvent<HTMLElement>) {
    const { name } = event.target as HTMLInputElement
    if (!name) return
    setErrors((current) => {
      if (!(name in current)) return current
      const { [name]: _edited, ...rest } = current
      return rest
    })
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (inFlight.current) return
    inFlight.current = true
    const form = event.currentTarget
    setPending(true)
    setErrors({})
    try {
      await apiRequest('POST', url, payload(formValues(form)))
      form.reset()
      toast(success)
      onSuccess?.()
    } catch (err) {
      if (err instanceof ApiRequestError) setErrors(err.fieldErrors)
      toast({ ...failure, variant: 'destructive' })
    } finally {
      inFlight.current = false
      setPending(false)
    }
  }

  return { formRef, onSubmit, onInput, isPending, errors }
}
