import { type FormEvent, useEffect, useState } from 'react'
import { Form } from 'react-aria-components'
import { AUTH_MESSAGES } from '../../../schema/messages'
import { ApiRequestError } from '../../lib/api'
import { AdminButton, AdminDialog } from '../ui'
import { securityApi } from './api'
import { errorText, Field } from './form'

/**
 * "Confirm it is you": the password, or one of the owner's passkeys (offered
 * when one is enrolled), renews the session's proof for ten minutes.
 */
export function ReauthDialog({
  isOpen,
  onConfirmed,
  onCancel,
}: {
  isOpen: boolean
  onConfirmed: () => void
  onCancel: () => void
}) {
  const [error, setError] = useState<{ on: 'password' | 'passkey'; text: string }>()
  const [pending, setPending] = useState<false | 'password' | 'passkey'>(false)
  const [hasPasskeys, setHasPasskeys] = useState(false)

  useEffect(() => {
    if (!isOpen) return
    setError(undefined)
    let live = true
    securityApi.state().then(
      (state) => live && setHasPasskeys(state.passkeys.length > 0),
      () => live && setHasPasskeys(false),
    )
    return () => {
      live = false
    }
  }, [isOpen])

  async function confirm(kind: 'password' | 'passkey', proof: () => Promise<unknown>) {
    setPending(kind)
    try {
      await proof()
      setError(undefined)
      onConfirmed()
    } catch (e) {
      const field =
        e instanceof ApiRequestError
          ? e.fieldErrors[kind === 'password' ? 'password' : 'response']
          : undefined
      setError({ on: kind, text: field ?? errorText(e, AUTH_MESSAGES.reauthFailed) })
    } finally {
      setPending(false)
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const password = String(new FormData(event.currentTarget).get('password') ?? '')
    void confirm('password', () => securityApi.reauth({ password }))
  }

  return (
    <AdminDialog title="Confirm it is you" isOpen={isOpen} onOpenChange={(open) => !open && onCancel()}>
      {(close) => (
        <Form
          onSubmit={submit}
          validationErrors={error?.on === 'password' ? { password: error.text } : {}}
          className="flex flex-col gap-4"
        >
          <p className="text-sm text-slate-700">
            Changes to how you sign in need your password (or a passkey) from the last ten minutes. Enter it
            to go on; the change is then made.
          </p>
          <Field name="password" label="Password" type="password" autoComplete="current-password" autoFocus />
          {error?.on === 'passkey' && (
            <p role="alert" className="text-sm text-red-700">
              {error.text}
            </p>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <AdminButton variant="secondary" onPress={close}>
              Cancel
            </AdminButton>
            {hasPasskeys && (
              <AdminButton
                variant="secondary"
                isDisabled={pending !== false}
                onPress={() => void confirm('passkey', securityApi.reauthWithPasskey)}
              >
                {pending === 'passkey' ? 'Waiting for the passkey...' : 'Use a passkey'}
              </AdminButton>
            )}
            <AdminButton type="submit" isDisabled={pending !== false}>
              {pending === 'password' ? 'Checking...' : 'Confirm'}
            </AdminButton>
          </div>
        </Form>
      )}
    </AdminDialog>
  )
}
