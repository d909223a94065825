// The vault's "confirm it is you" (ADR 181): a reveal needs a second factor
// proved on this session in the last ten minutes, never the password alone. A
// reveal refused with `second_factor_required` opens the dialog below (a code
// from the authenticator app, or a passkey), renews the proof and tries once
// more; `second_factor_missing` (no factor at all) is told with a link to
// Security, where one is set up.
import {
  createContext,
  type FormEvent,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
} from 'react'
import { Form } from 'react-aria-components'
import { SECOND_FACTOR_MISSING, SECOND_FACTOR_REQUIRED } from '../../../schema/constants'
import { AUTH_MESSAGES } from '../../../schema/messages'
import { ApiRequestError } from '../../lib/api'
import { refusalCode, securityApi } from '../security/api'
import { errorText, Field } from '../security/form'
import { AdminButton, AdminDialog } from '../ui'

/** The owner has no second factor: the vault cannot open until one is set up. */
export const needsSecondFactorSetUp = (error: unknown) => refusalCode(error) === SECOND_FACTOR_MISSING

/** The owner closed the dialog: nothing was revealed. */
export class UnlockCancelled extends Error {
  constructor() {
    super('Not revealed: it needs your authenticator app or a passkey first.')
    this.name = 'UnlockCancelled'
  }
}

type WithUnlock = <T>(reveal: () => Promise<T>) => Promise<T>
const UnlockContext = createContext<WithUnlock | null>(null)
type Pending = { promise: Promise<void>; resolve: () => void; reject: (error: Error) => void }

export function VaultUnlockProvider({ children }: { children: ReactNode }) {
  const [asking, setAsking] = useState(false)
  // Two reveals refused at once share one question.
  const pending = useRef<Pending | null>(null)

  const ask = useCallback(() => {
    if (!pending.current) {
      let resolve!: () => void
      let reject!: (error: Error) => void
      const promise = new Promise<void>((res, rej) => {
        resolve = res
        reject = rej
      })
      pending.current = { promise, resolve, reject }
      setAsking(true)
    }
    return pending.current.promise
  }, [])

  const settle = useCallback((confirmed: boolean) => {
    const current = pending.current
    pending.current = null
    setAsking(false)
    if (confirmed) current?.resolve()
    else current?.reject(new UnlockCancelled())
  }, [])

  const withUnlock = useCallback<WithUnlock>(
    async (reveal) => {
      try {
        return await reveal()
      } catch (error) {
        if (refusalCode(error) !== SECOND_FACTOR_REQUIRED) throw error
        await ask()
        // Once: a second refusal right after a fresh proof is a real error.
        return reveal()
      }
    },
    [ask],
  )

  return (
    <UnlockContext.Provider value={withUnlock}>
      {children}
      <SecondFactorDialog isOpen={asking} onConfirmed={() => settle(true)} onCancel={() => settle(false)} />
    </UnlockContext.Provider>
  )
}

/** `withUnlock(reveal)`: the reveal, with the second-factor step when the API asks for it. */
export function useVaultUnlock(): WithUnlock {
  const withUnlock = useContext(UnlockContext)
  if (!withUnlock) throw new Error('useVaultUnlock() needs a <VaultUnlockProvider>')
  return withUnlock
}

/** Says why the vault is shut and where a second factor is set up. */
export function SetUpSecondFactor() {
  return (
    <span role="alert" className="text-sm text-red-700">
      {AUTH_MESSAGES.secondFactorMissing}{' '}
      <a href="/admin/security" className="font-medium text-blue-800 underline">
        Go to Security
      </a>
    </span>
  )
}

function SecondFactorDialog({
  isOpen,
  onConfirmed,
  onCancel,
}: {
  isOpen: boolean
  onConfirmed: () => void
  onCancel: () => void
}) {
  const [error, setError] = useState<{ on: 'code' | 'passkey'; text: string }>()
  const [pending, setPending] = useState<false | 'code' | 'passkey'>(false)
  const [factors, setFactors] = useState<{ totp: boolean; passkeys: boolean }>({
    totp: true,
    passkeys: false,
  })

  useEffect(() => {
    if (!isOpen) return
    setError(undefined)
    let live = true
    securityApi.state().then(
      (state) => live && setFactors({ totp: state.totp, passkeys: state.passkeys.length > 0 }),
      () => live && setFactors({ totp: true, passkeys: false }),
    )
    return () => {
      live = false
    }
  }, [isOpen])

  async function confirm(kind: 'code' | 'passkey', proof: () => Promise<unknown>) {
    setPending(kind)
    try {
      await proof()
      setError(undefined)
      onConfirmed()
    } catch (e) {
      const field =
        e instanceof ApiRequestError ? e.fieldErrors[kind === 'code' ? 'code' : 'response'] : undefined
      setError({ on: kind, text: field ?? errorText(e, AUTH_MESSAGES.reauthFailed) })
    } finally {
      setPending(false)
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const code = String(new FormData(event.currentTarget).get('code') ?? '')
    void confirm('code', () => securityApi.reauth({ code }))
  }

  return (
    <AdminDialog title="Confirm it is you" isOpen={isOpen} onOpenChange={(open) => !open && onCancel()}>
      {(close) => (
        <Form
          onSubmit={submit}
          validationErrors={error?.on === 'code' ? { code: error.text } : {}}
          className="flex flex-col gap-4"
        >
          <p className="text-sm text-slate-700">
            To reveal a password in the vault, confirm it is you with{' '}
            {factors.totp ? 'a code from your authenticator app' : 'your passkey'}
            {factors.totp && factors.passkeys ? ' or a passkey' : ''}. Your password alone does not open the
            vault; the confirmation lasts ten minutes.
          </p>
          {factors.totp && (
            <Field
              name="code"
              label="Code from your authenticator app"
              autoComplete="one-time-code"
              autoFocus
            />
          )}
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
            {factors.totp && (
              <AdminButton type="submit" isDisabled={pending !== false}>
                {pending === 'code' ? 'Checking...' : 'Confirm'}
              </AdminButton>
            )}
          </div>
        </Form>
      )}
    </AdminDialog>
  )
}
