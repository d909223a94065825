// The sign-in factors: passkeys, the authenticator app and recovery codes share
// one state (how many factors are left decides whether removing one asks for
// the password, and new codes come back from adding the first factor).
import { useCallback, useEffect, useState } from 'react'
import { toast } from '../../components/Toaster'
import { type SecurityState, securityApi } from './api'
import { fail } from './form'
import { PasskeysPanel } from './PasskeysPanel'
import { RecoveryCodesDialog } from './RecoveryCodesDialog'
import { RecoveryCodesPanel } from './RecoveryCodesPanel'
import { RemoveFactorDialog } from './RemoveFactorDialog'
import { useReauth } from './reauth'
import { TotpPanel } from './TotpPanel'

export function FactorsPanels() {
  const [state, setState] = useState<SecurityState | null>(null)
  const [codes, setCodes] = useState<string[] | null>(null)
  const withReauth = useReauth()
  const [removing, setRemoving] = useState<{
    label: string
    remove: (password?: string) => Promise<unknown>
  } | null>(null)
  const reload = useCallback(() => {
    securityApi.state().then(setState, (e) => fail('Could not load security settings', e))
  }, [])
  useEffect(reload, [])

  const factorCount = state ? (state.totp ? 1 : 0) + state.passkeys.length : 0
  const showCodes = (fresh?: string[]) => fresh && setCodes(fresh)

  return (
    <>
      <PasskeysPanel
        state={state}
        onAdded={(fresh) => {
          showCodes(fresh)
          reload()
        }}
        onRemove={(label, remove) => setRemoving({ label, remove })}
        reload={reload}
      />
      <TotpPanel
        enabled={state?.totp ?? false}
        onEnrolled={(fresh) => {
          showCodes(fresh)
          reload()
        }}
        onRemove={() => setRemoving({ label: 'the authenticator app', remove: securityApi.totpRemove })}
      />
      <RecoveryCodesPanel
        factorCount={factorCount}
        codesLeft={state?.recoveryCodesLeft ?? 0}
        onNewCodes={(fresh) => {
          setCodes(fresh)
          reload()
        }}
      />
      <RecoveryCodesDialog codes={codes} onClose={() => setCodes(null)} />
      <RemoveFactorDialog
        what={removing?.label ?? null}
        needsPassword={factorCount === 1}
        onClose={() => setRemoving(null)}
        onRemove={async (password) => {
          const remove = removing?.remove
          if (remove) await withReauth(() => remove(password))
          // The label reads mid-sentence ("the authenticator app"); the toast's sentence starts with it.
          const what = removing?.label ?? ''
          toast({
            title: 'Removed',
            description: `${what.charAt(0).toUpperCase()}${what.slice(1)} no longer signs you in.`,
          })
          reload()
        }}
      />
    </>
  )
}
