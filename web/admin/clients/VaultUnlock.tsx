// The vault's "confirm it is you" (ADR 181): a reveal needs a second factor
// proved on this session in the last ten minutes, never the password alone. A
// reveal refused with `second_factor_required` opens the Security area's
// "confirm it is you" dialog (web/admin/security/reauth.tsx) taking a code from
// the authenticator app or a passkey, renews the proof and tries once more;
// `second_factor_missing` (no factor at all) is told with a link to Security,
// where one is set up.
import { SECOND_FACTOR_MISSING, SECOND_FACTOR_REQUIRED } from '../../../schema/constants'
import { AUTH_MESSAGES } from '../../../schema/messages'
import { refusalCode } from '../security/api'
import { reauthGate } from '../security/reauth'

/** The owner has no second factor: the vault cannot open until one is set up. */
export const needsSecondFactorSetUp = (error: unknown) => refusalCode(error) === SECOND_FACTOR_MISSING

/** The owner closed the dialog: nothing was revealed. */
export class UnlockCancelled extends Error {
  constructor() {
    super('Not revealed: it needs your authenticator app or a passkey first.')
    this.name = 'UnlockCancelled'
  }
}

/**
 * `VaultUnlockProvider` around the vault, and `useVaultUnlock()` in it:
 * `withUnlock(reveal)` is the reveal, with the second-factor step when the API
 * asks for it (the same gate and dialog as the Security page's sudo mode).
 */
export const { Provider: VaultUnlockProvider, useGate: useVaultUnlock } = reauthGate({
  refused: (error) => refusalCode(error) === SECOND_FACTOR_REQUIRED,
  cancelled: () => new UnlockCancelled(),
  typed: 'code',
  purpose: ({ totp, passkeys }) => (
    <>
      To reveal a password in the vault, confirm it is you with{' '}
      {totp ? 'a code from your authenticator app' : 'your passkey'}
      {totp && passkeys ? ' or a passkey' : ''}. Your password alone does not open the vault; the confirmation
      lasts ten minutes.
    </>
  ),
  outside: 'useVaultUnlock() needs a <VaultUnlockProvider>',
})

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
