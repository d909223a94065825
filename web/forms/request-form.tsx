// A public request form, HTML first: it posts to its page, whose action sends
// it through the REST intake and answers with a confirmation or with the form
// again (each field's error, the values entered). With JavaScript the same
// form checks its fields in place, posts JSON to the REST API itself (SPEC §7),
// shows the spec's pending text and toasts, and keeps an inline confirmation
// on screen.
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react'
import type { InsightForm } from '../../schema/insights'
import { type ToastContentValue, toast } from '../components/toast'
import { button } from '../components/ui'
import { isBooted, track } from '../insights/beacon'
import { ApiRequestError, apiRequest } from '../lib/api'
import type { FormOutcome } from './outcome'

export type { FormOutcome } from './outcome'

/** The form's text values; empty optional fields are left out rather than sent as "". */
export function formValues(data: FormData): Record<string, string> {
  const values: Record<string, string> = {}
  for (const [key, value] of data) {
    if (typeof value === 'string' && value.trim() !== '') values[key] = value
  }
  return values
}

/** The browser's own check of every named control, as field messages. */
function browserErrors(form: HTMLFormElement): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const el of Array.from(form.elements) as HTMLInputElement[]) {
    if (el.name && el.willValidate && !el.validity.valid && !errors[el.name])
      errors[el.name] = el.validationMessage
  }
  return errors
}

type Options = {
  url: string
  /** Which form's funnel it counts in (issue 18). */
  insight: InsightForm
  /** Turns the form's values into the API payload. */
  payload: (values: Record<string, string>) => Record<string, unknown>
  success: ToastContentValue
  failure: ToastContentValue
  /** The page action's answer when the form was posted without JavaScript. */
  outcome: FormOutcome | undefined
  /**
   * The form came with the page and is only hydrated late, after the page booted (its code is
   * fetched when the visitor reaches for it, ADR 170): the Worker counted it with the page.
   */
  shownWithPage?: boolean
}

export function useRequestForm({ url, insight, payload, success, failure, outcome, shownWithPage }: Options) {
  const [sent, setSent] = useState(outcome?.sent === true)
  // The reference the server gave the request (C-1042), shown on the confirmation.
  const [reference, setReference] = useState<string | null>(
    outcome?.sent === true ? (outcome.reference ?? null) : null,
  )
  const [errors, setErrors] = useState<Record<string, string>>(outcome?.sent === false ? outcome.errors : {})
  const [isPending, setPending] = useState(false)
  // A new key mounts a fresh, empty form (the values of a sent request are not kept).
  const [formKey, setFormKey] = useState(0)
  const formRef = useRef<HTMLFormElement>(null)
  const inFlight = useRef(false)
  const values = outcome?.sent === false && formKey === 0 ? outcome.values : {}
  // The page came back from a refused post (no JavaScript): say so above the form.
  const [refused, setRefused] = useState(
    outcome?.sent === false ? (outcome.unreadable ? outcome.message : failure.description) : null,
  )
  const [when, setWhen] = useState<string | null>(outcome?.sent === true ? (outcome.when ?? null) : null)
  // The latest free slots of a day the server named when a chosen slot was taken (409).
  const [freeSlots, setFreeSlots] = useState(outcome?.sent === false ? (outcome.freeSlots ?? null) : null)

  // The funnel (issue 18): the Worker counted the form as shown with the page
  // it came in, and counts each submission at the intake; the browser reports
  // only a form opened after the page had loaded, the first interaction, a
  // refusal by its own check and a send that never reached the Worker.
  const started = useRef(false)
  useEffect(() => {
    if (isBooted() && !shownWithPage) track({ t: 'form', k: `${insight}:shown` })
  }, [])
  function onFocus() {
    if (started.current) return
    started.current = true
    track({ t: 'form', k: `${insight}:started` })
  }

  // Checked in place from now on, with messages beside the fields (the browser's
  // bubbles stay the check when JavaScript is off).
  useEffect(() => {
    if (formRef.current) formRef.current.noValidate = true
  })

  // When fields are refused, focus moves to the first one, so keyboard and
  // screen-reader users land on its message.
  useEffect(() => {
    if (Object.keys(errors).length === 0) return
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"] input, [aria-invalid="true"]')?.focus()
  }, [errors])

  /** A message goes as soon as the visitor edits its field. */
  function onInput(event: FormEvent<HTMLFormElement>) {
    const { name } = event.target as HTMLInputElement
    if (!name || !(name in errors)) return
    const { [name]: _edited, ...rest } = errors
    setErrors(rest)
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (inFlight.current) return
    const form = event.currentTarget
    const invalid = browserErrors(form)
    if (Object.keys(invalid).length > 0) {
      track({ t: 'form', k: `${insight}:rejected`, f: Object.keys(invalid) })
      return setErrors(invalid)
    }
    inFlight.current = true
    setRefused(null)
    setPending(true)
    setErrors({})
    try {
      const res = await apiRequest('POST', url, payload(formValues(new FormData(form))))
      const body = (await res.json().catch(() => ({}))) as { reference?: unknown; when?: unknown }
      setReference(typeof body.reference === 'string' ? body.reference : null)
      setWhen(typeof body.when === 'string' ? body.when : null)
      toast(success)
      setFormKey((k) => k + 1)
      setSent(true)
    } catch (err) {
      // A Turnstile token is good for one try: the next submission needs a new one.
      window.turnstile?.reset()
      if (err instanceof ApiRequestError) {
        setErrors(err.fieldErrors)
        const body = err.body as { date?: unknown; freeSlots?: unknown } | null
        if (typeof body?.date === 'string' && Array.isArray(body.freeSlots))
          setFreeSlots({ date: body.date, slots: body.freeSlots as string[] })
        // Refused fields are told beside them (focus moves to the first): "Failed to
        // submit... try again" is for a send that failed, and retrying these would
        // fail again (issue 28). A refusal without fields gets the server's reason.
        if (Object.keys(err.fieldErrors).length === 0)
          toast({ ...failure, description: err.serverMessage ?? failure.description, variant: 'destructive' })
        return
      }
      // An answer was counted by the Worker; only a send that never got one is reported.
      track({ t: 'form', k: `${insight}:failed` })
      toast({ ...failure, variant: 'destructive' })
    } finally {
      inFlight.current = false
      setPending(false)
    }
  }

  return {
    sent,
    reference,
    when,
    freeSlots,
    /** Back to an empty form after a confirmation. */
    another: () => setSent(false),
    errors,
    values,
    isPending,
    /** The failure text (or the unreadable post's own) when the page came back from a refused post, else null. */
    refused,
    formKey,
    formProps: { ref: formRef, method: 'post' as const, onSubmit, onInput, onFocus },
  }
}

/** Above a form that came back refused: the spec's failure text (or the unreadable post's), as an alert. */
export function RefusedNotice({ text }: { text: string | null | undefined }) {
  if (!text) return null
  return (
    <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 font-medium text-red-800">
      {text}
    </p>
  )
}

/** The confirmation that replaces a sent form and stays until the visitor moves on. */
export function Confirmation({
  content,
  another,
  reference,
  when,
  children,
}: {
  content: ToastContentValue
  another: ReactNode
  /** The request's reference, after the spec's text (issue 15). */
  reference?: string | null
  /** A consultation's requested time, kept on screen with the reference (issue 17). */
  when?: string | null
  children?: ReactNode
}) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  return (
    <div
      role="status"
      className="flex flex-col items-start gap-4 rounded-xl border border-emerald-300 bg-emerald-50 p-6"
    >
      <h2 ref={heading} tabIndex={-1} className="text-2xl font-bold text-emerald-900 outline-none">
        {content.title}
      </h2>
      <p className="text-emerald-900">{content.description}</p>
      {reference && (
        <p className="text-emerald-900">
          Your reference: <strong className="font-mono">{reference}</strong>. Please quote it if you get in
          touch.
        </p>
      )}
      {when && (
        <p className="text-emerald-900">
          Requested time: <strong>{when}</strong>
        </p>
      )}
      {children}
      {another}
    </div>
  )
}

export const anotherClass = button.secondary
