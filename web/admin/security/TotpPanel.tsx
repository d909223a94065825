import { type FormEvent, type ReactNode, useState } from 'react'
import { Form } from 'react-aria-components'
import { toast } from '../../components/Toaster'
import { AdminButton, Section } from '../ui'
import { securityApi } from './api'
import { errorText, Field, fail } from './form'
import { QrCode } from './QrCode'
import { useReauth } from './reauth'

export function TotpPanel({
  enabled,
  onEnrolled,
  onRemove,
}: {
  enabled: boolean
  onEnrolled: (codes?: string[]) => void
  onRemove: () => void
}) {
  const [setup, setSetup] = useState<{ secret: string; uri: string } | null>(null)
  const [error, setError] = useState<string>()
  const withReauth = useReauth()
  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    // A new attempt starts clean: the last error must not keep the field invalid (issue 28).
    setError(undefined)
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim()
    try {
      const { recoveryCodes } = await withReauth(() => securityApi.totpConfirm(code))
      setSetup(null)
      setError(undefined)
      toast({ title: 'Authenticator app added', description: 'Sign-in will now ask for a code.' })
      onEnrolled(recoveryCodes)
    } catch (e) {
      setError(errorText(e, 'Invalid code'))
    }
  }
  let body: ReactNode
  if (enabled) {
    body = (
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700">An authenticator app is set up. Sign-in asks for its code.</p>
        <AdminButton variant="secondary" onPress={onRemove}>
          Remove authenticator app
        </AdminButton>
      </div>
    )
  } else if (setup) {
    body = (
      <Form
        onSubmit={confirm}
        validationErrors={error ? { code: error } : {}}
        className="flex flex-col gap-3"
      >
        <p className="text-sm text-slate-700">
          Scan this code with your authenticator app, or type the key beneath it (on this phone: open the
          link). Then enter the code the app shows.
        </p>
        <QrCode text={setup.uri} label="QR code of the authenticator key" />
        <p className="text-sm">
          Key:{' '}
          <code data-testid="totp-secret" className="break-all rounded bg-slate-100 px-2 py-1 font-mono">
            {setup.secret}
          </code>
        </p>
        <a href={setup.uri} className="break-all text-sm text-blue-700 underline">
          Open in an authenticator app on this device
        </a>
        <div className="max-w-xs">
          <Field
            name="code"
            label="Code from the app"
            autoComplete="one-time-code"
            onChange={() => setError(undefined)}
          />
        </div>
        <div className="flex gap-2">
          <AdminButton type="submit">Confirm</AdminButton>
          {/* The key stays for 10 minutes on the server: starting again shows the same one. */}
          <AdminButton
            variant="secondary"
            onPress={() => {
              setSetup(null)
              setError(undefined)
            }}
          >
            Cancel
          </AdminButton>
        </div>
      </Form>
    )
  } else {
    body = (
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700">Use an app such as 1Password, Google Authenticator or Aegis.</p>
        <AdminButton
          onPress={() =>
            withReauth(securityApi.totpSetup).then(setSetup, (e) => fail('Could not start the setup', e))
          }
        >
          Set up authenticator app
        </AdminButton>
      </div>
    )
  }
  return <Section title="Authenticator app">{body}</Section>
}
