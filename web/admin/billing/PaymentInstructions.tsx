// The owner's payment instructions (issue 36, ADR 142): how to pay by bank
// transfer or check, shown on the portal invoice page, the invoice PDF and the
// invoice e-mail. Self-contained, so it can move to a settings route later
// (/admin/billing/settings).
import { useEffect, useState } from 'react'
import { Form, Label, TextArea, TextField } from 'react-aria-components'
import { useQuery } from 'urql'
import { PAYMENT_INSTRUCTIONS_MAX } from '../../../schema/billing-settings'
import { useSave } from '../save'
import { AdminButton, Section } from '../ui'
import { FROM_NETWORK, messageOf } from '../urql'
import { BILLING_SETTINGS, SAVE_BILLING_SETTINGS } from './queries'

export function PaymentInstructions() {
  const [{ data, error }] = useQuery({ query: BILLING_SETTINGS, ...FROM_NETWORK })
  // A refusal is said under the box, not toasted.
  const [{ fetching: saving }, save] = useSave(SAVE_BILLING_SETTINGS, { failure: null })
  const [text, setText] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  // Filled once from the server, and not editable before: a late answer must not wipe what was typed.
  const [loaded, setLoaded] = useState(false)
  useEffect(() => {
    if (data && !loaded) {
      setText(data.billingSettings.paymentInstructions ?? '')
      setLoaded(true)
    }
  }, [data, loaded])
  return (
    <Section title="Payment instructions">
      {error && <p role="alert">{messageOf(error)}</p>}
      <Form
        className="flex flex-col gap-2"
        onSubmit={async (e) => {
          e.preventDefault()
          const saved = await save({ paymentInstructions: text }, 'Payment instructions saved')
          setProblem(saved.ok ? null : (saved.errors.paymentInstructions ?? saved.message))
        }}
      >
        <TextField
          isDisabled={!loaded}
          value={text}
          onChange={setText}
          maxLength={PAYMENT_INSTRUCTIONS_MAX}
          className="flex flex-col gap-1"
        >
          <Label className="text-sm font-medium text-slate-900">
            How clients pay by bank transfer or check
          </Label>
          <TextArea
            name="paymentInstructions"
            rows={4}
            aria-invalid={problem ? true : undefined}
            className="rounded-md border border-slate-300 px-3 py-2 text-sm"
          />
        </TextField>
        <p className="text-sm text-slate-600">
          Shown on the client's invoice page, the invoice PDF and the invoice e-mail while something is owed.
          Leave it empty to show "ask for the details" instead.
        </p>
        {problem && (
          <p role="alert" className="text-sm text-red-800">
            {problem}
          </p>
        )}
        <div>
          <AdminButton type="submit" isDisabled={saving || !loaded}>
            Save
          </AdminButton>
        </div>
      </Form>
    </Section>
  )
}
