import { AdminButton, Section } from '../ui'
import { securityApi } from './api'
import { fail } from './form'
import { useReauth } from './reauth'

/** How many recovery codes are left, and a fresh set on demand (once a factor exists). */
export function RecoveryCodesPanel({
  factorCount,
  codesLeft,
  onNewCodes,
}: {
  factorCount: number
  codesLeft: number
  onNewCodes: (codes: string[]) => void
}) {
  const withReauth = useReauth()
  return (
    <Section title="Recovery codes">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700">
          {factorCount === 0
            ? 'You get recovery codes when you add a passkey or an authenticator app.'
            : `${codesLeft} unused recovery codes left.`}
        </p>
        <AdminButton
          variant="secondary"
          isDisabled={factorCount === 0}
          onPress={() =>
            withReauth(securityApi.newRecoveryCodes).then(
              ({ recoveryCodes }) => onNewCodes(recoveryCodes),
              (e) => fail('Could not create codes', e),
            )
          }
        >
          Generate new codes
        </AdminButton>
      </div>
    </Section>
  )
}
