// The vault's "confirm it is you" (ADR 181): a reveal needs a second factor
// proved on this session in the last ten minutes, never the password alone. A
// reveal refused with `second_factor_required` opens the Security area's
// "confirm it is you" dialog (web/admin/security/ReauthDialog.tsx) taking a
// code from the authenticator app or a passkey, renews the proof and tries once
// more; `second_factor_missing` (no factor at all) is told with a link to
// Security, where one is set up.
import { createContext, type ReactNode, useCallback, useContext, useRef, useState } from 'react'
import { SECOND_FACTOR_MISSING, SECOND_FACTOR_REQUIRED } from '../../../schema/constants'
import { AUTH_MESSAGES } from '../../../schema/messages'
import { refusalCode } from '../security/api'
import { ReauthDialog } from '../security/ReauthDialog'

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
      <ReauthDialog
        isOpen={asking}
        onConfirmed={() => settle(true)}
        onCancel={() => settle(false)}
        typed="code"
        purpose={({ totp, passkeys }) => (
          <>
            To reveal a password in the vault, confirm it is you with{' '}
            {totp ? 'a code from your authenticator app' : 'your passkey'}
            {totp && passkeys ? ' or a passkey' : ''}. Your password alone does not open the vault; the
            confirmation lasts ten minutes.
          </>
        )}
      />
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
