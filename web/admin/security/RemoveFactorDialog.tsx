import { type FormEvent, useState } from 'react'
import { Form } from 'react-aria-components'
import { AdminButton, AdminDialog } from '../ui'
import { errorText, Field } from './form'

/** Removing a factor; the password is asked for when it is the last one. */
export function RemoveFactorDialog({
  what,
  needsPassword,
  onRemove,
  onClose,
}: {
  what: string | null
  needsPassword: boolean
  onRemove: (password?: string) => Promise<void>
  onClose: () => void
}) {
  const [error, setError] = useState<string>()
  const [pending, setPending] = useState(false)
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const password = needsPassword
      ? String(new FormData(event.currentTarget).get('password') ?? '')
      : undefined
    setPending(true)
    try {
      await onRemove(password)
      setError(undefined)
      onClose()
    } catch (e) {
      setError(errorText(e, 'Could not remove it.'))
    } finally {
      setPending(false)
    }
  }
  return (
    <AdminDialog
      title={`Remove ${what ?? ''}?`}
      isOpen={what !== null}
      onOpenChange={(open) => !open && onClose()}
      role="alertdialog"
    >
      {(close) => (
        <Form
          onSubmit={submit}
          validationErrors={needsPassword && error ? { password: error } : {}}
          className="flex flex-col gap-4"
        >
          <p className="text-sm text-slate-700">
            {needsPassword
              ? 'This is your last second factor: sign-in will need only your password. Enter it to confirm.'
              : 'It will no longer sign you in.'}
          </p>
          {needsPassword && (
            <Field name="password" label="Password" type="password" autoComplete="current-password" />
          )}
          {!needsPassword && error && (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <AdminButton variant="secondary" onPress={close}>
              Cancel
            </AdminButton>
            <AdminButton type="submit" variant="destructive" isDisabled={pending}>
              Remove
            </AdminButton>
          </div>
        </Form>
      )}
    </AdminDialog>
  )
}
