// "Confirm it is you", the rule's UI written once. A call the API refuses for
// want of a fresh proof is not an error to show but a question to ask:
// `withReauth(call)` runs the call; on that refusal it asks in a dialog
// (ReauthDialog.tsx), renews the session's proof, then runs the call once
// more. `reauthGate` makes one such gate (a provider and its hook) for one
// refusal and the proofs that answer it:
// - sudo mode in the Security area (docs/decisions/078-sudo-mode.md): a change
//   to the sign-in methods answered 403 `reauth_required` asks for the password
//   (or a passkey). Every panel that changes a sign-in method (and the API
//   tokens panel) wraps its call in `useReauth()`;
// - the vault's second factor (ADR 181, web/admin/clients/VaultUnlock.tsx): a
//   code from the authenticator app or a passkey, never the password.
import { createContext, type ReactNode, useCallback, useContext, useRef, useState } from 'react'
import { isReauthRequired, ReauthCancelled } from './api'
import { type Factors, ReauthDialog, type TypedProof } from './ReauthDialog'

export type WithReauth = <T>(call: () => Promise<T>) => Promise<T>

type Pending = { promise: Promise<void>; resolve: () => void; reject: (error: Error) => void }

/** A provider that shows the dialog when a call inside it needs a proof, and the hook that gives `withReauth`. */
export function reauthGate({
  refused,
  cancelled,
  typed,
  purpose,
  outside,
}: {
  /** The API's refusal the dialog answers; any other error is the caller's. */
  refused: (error: unknown) => boolean
  /** What the call fails with when the owner closes the dialog instead. */
  cancelled: () => Error
  /** The proof typed into the dialog (besides a passkey). */
  typed: TypedProof
  /** The dialog's sentence saying what the proof is for. */
  purpose: (factors: Factors) => ReactNode
  /** The hook's error when no provider is around it. */
  outside: string
}) {
  const Gate = createContext<WithReauth | null>(null)

  function Provider({ children }: { children: ReactNode }) {
    const [asking, setAsking] = useState(false)
    // Two calls refused at once share one question (and both go on after it).
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
      else current?.reject(cancelled())
    }, [])

    const withReauth = useCallback<WithReauth>(
      async (call) => {
        try {
          return await call()
        } catch (error) {
          if (!refused(error)) throw error
          await ask()
          // Once: a second refusal right after a fresh proof is a real error.
          return call()
        }
      },
      [ask],
    )

    return (
      <Gate.Provider value={withReauth}>
        {children}
        <ReauthDialog
          isOpen={asking}
          onConfirmed={() => settle(true)}
          onCancel={() => settle(false)}
          typed={typed}
          purpose={purpose}
        />
      </Gate.Provider>
    )
  }

  function useGate(): WithReauth {
    const withReauth = useContext(Gate)
    if (!withReauth) throw new Error(outside)
    return withReauth
  }

  return { Provider, useGate }
}

/** Sudo mode: the Security page's provider, and `useReauth()` for its panels. */
export const { Provider: ReauthProvider, useGate: useReauth } = reauthGate({
  refused: isReauthRequired,
  cancelled: () => new ReauthCancelled(),
  typed: 'password',
  purpose: () =>
    'Changes to how you sign in need your password (or a passkey) from the last ten minutes. Enter it to go on; the change is then made.',
  outside: 'useReauth() needs a <ReauthProvider> (the Security page has one)',
})
