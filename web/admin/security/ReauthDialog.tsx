import { type FormEvent, type ReactNode, useEffect, useState } from 'react'
import { Form } from 'react-aria-components'
import { AUTH_MESSAGES } from '../../../schema/messages'
import { ApiRequestError } from '../../lib/api'
import { AdminButton, AdminDialog } from '../ui'
import { securityApi } from './api'
import { errorText, Field } from './form'

/** The owner's second factors, as far as the dialog needs them. */
export type Factors = { totp: boolean; passkeys: boolean }

/**
 * What the dialog takes as proof besides a passkey (offered when one is
 * enrolled): the password (sudo mode, ADR 078) or a code from the
 * authenticator app (the vault's second factor, ADR 181; asked only when an
 * app is set up). One or the other, never both: the vault must not open with
 * the password.
 */
export type TypedProof = 'password' | 'code'

const FIELDS = {
  password: { label: 'Password', type: 'password', autoComplete: 'current-password' },
  code: { label: 'Code from your authenticator app', type: 'text', autoComplete: 'one-time-code' },
} as const

// Until GET /api/security answers (or if it fails): the typed proof alone.
const UNKNOWN: Factors = { totp: true, passkeys: false }

/**
 * "Confirm it is you": the typed proof, or one of the owner's passkeys,
 * renews the session's proof for ten minutes; `purpose` is the sentence that
 * says what for.
 */
export function ReauthDialog({
  isOpen,
  onConfirmed,
  onCancel,
  typed,
  purpose,
}: {
  isOpen: boolean
  onConfirmed: () => void
  onCancel: () => void
  typed: TypedProof
  purpose: (factors: Factors) => ReactNode
}) {
  type Kind = TypedProof | 'passkey'
  const [error, setError] = useState<{ on: Kind; text: string }>()
  const [pending, setPending] = useState<false | Kind>(false)
  const [factors, setFactors] = useState<Factors>(UNKNOWN)
  const asksTyped = typed === 'password' || factors.totp

  useEffect(() => {
    if (!isOpen) return
    setError(undefined)
    let live = true
    securityApi.state().then(
      (state) => live && setFactors({ totp: state.totp, passkeys: state.passkeys.length > 0 }),
      () => live && setFactors(UNKNOWN),
    )
    return () => {
      live = false
    }
  }, [isOpen])

  async function confirm(kind: Kind, proof: () => Promise<unknown>) {
    setPending(kind)
    try {
      await proof()
      setError(undefined)
      onConfirmed()
    } catch (e) {
      // A passkey's refusal is the API's `response` field.
      const field =
        e instanceof ApiRequestError ? e.fieldErrors[kind === 'passkey' ? 'response' : kind] : undefined
      setError({ on: kind, text: field ?? errorText(e, AUTH_MESSAGES.reauthFailed) })
    } finally {
      setPending(false)
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const value = String(new FormData(event.currentTarget).get(typed) ?? '')
    void confirm(typed, () =>
      securityApi.reauth(typed === 'password' ? { password: value } : { code: value }),
    )
  }

  return (
    <AdminDialog title="Confirm it is you" isOpen={isOpen} onOpenChange={(open) => !open && onCancel()}>
      {(close) => (
        <Form
          onSubmit={submit}
          validationErrors={error?.on === typed ? { [typed]: error.text } : {}}
          className="flex flex-col gap-4"
        >
          <p className="text-sm text-slate-700">{purpose(factors)}</p>
          {asksTyped && <Field name={typed} {...FIELDS[typed]} autoFocus />}
          {error?.on === 'passkey' && (
            <p role="alert" className="text-sm text-red-700">
              {error.text}
            </p>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <AdminButton variant="secondary" onPress={close}>
              Cancel
            </AdminButton>
            {factors.passkeys && (
              <AdminButton
                variant="secondary"
                isDisabled={pending !== false}
                onPress={() => void confirm('passkey', securityApi.reauthWithPasskey)}
              >
                {pending === 'passkey' ? 'Waiting for the passkey...' : 'Use a passkey'}
              </AdminButton>
            )}
            {asksTyped && (
              <AdminButton type="submit" isDisabled={pending !== false}>
                {pending === typed ? 'Checking...' : 'Confirm'}
              </AdminButton>
            )}
          </div>
        </Form>
      )}
    </AdminDialog>
  )
}
