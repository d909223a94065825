// Sudo mode in the Security area (docs/decisions/078-sudo-mode.md): a change to
// the sign-in methods answered 403 `reauth_required` is not an error to show
// but a question to ask. `withReauth(change)` runs the change; on that answer
// it asks for the password (or a passkey) in a dialog, renews the session's
// proof, then runs the change once more. Every panel that changes a sign-in
// method (and the API tokens panel) wraps its call in it, so the rule's UI
// lives here once.
import { createContext, type ReactNode, useCallback, useContext, useRef, useState } from 'react'
import { isReauthRequired, ReauthCancelled } from './api'
import { ReauthDialog } from './ReauthDialog'

export type WithReauth = <T>(change: () => Promise<T>) => Promise<T>

const ReauthContext = createContext<WithReauth | null>(null)

type Pending = { promise: Promise<void>; resolve: () => void; reject: (error: Error) => void }

/** Gives the panels inside it `useReauth()`, and shows the dialog when one needs it. */
export function ReauthProvider({ children }: { children: ReactNode }) {
  const [asking, setAsking] = useState(false)
  // Two changes refused at once share one question (and both go on after it).
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
    else current?.reject(new ReauthCancelled())
  }, [])

  const withReauth = useCallback<WithReauth>(
    async (change) => {
      try {
        return await change()
      } catch (error) {
        if (!isReauthRequired(error)) throw error
        await ask()
        // Once: a second refusal right after a fresh proof is a real error.
        return change()
      }
    },
    [ask],
  )

  return (
    <ReauthContext.Provider value={withReauth}>
      {children}
      <ReauthDialog
        isOpen={asking}
        onConfirmed={() => settle(true)}
        onCancel={() => settle(false)}
        typed="password"
        purpose={() =>
          'Changes to how you sign in need your password (or a passkey) from the last ten minutes. Enter it to go on; the change is then made.'
        }
      />
    </ReauthContext.Provider>
  )
}

/** `withReauth(change)`: the change, with the "confirm it is you" step when the API asks for it. */
export function useReauth(): WithReauth {
  const withReauth = useContext(ReauthContext)
  if (!withReauth) throw new Error('useReauth() needs a <ReauthProvider> (the Security page has one)')
  return withReauth
}
