// /admin/security (issue 13): passkeys, authenticator app, recovery codes,
// password, sessions and the audit trail. Reached from the admin header; the
// six tabs of SPEC §2 are unchanged. Each panel lives in a file of its own.
// Changes to the sign-in methods ask "confirm it is you" when the session's
// proof is older than ten minutes (reauth.tsx, ADR 078).
import { OwnerPage } from '../OwnerPage'
import { ApiTokensPanel } from './ApiTokensPanel'
import { AuditLogPanel } from './AuditLogPanel'
import { FactorsPanels } from './FactorsPanels'
import { PasswordPanel } from './PasswordPanel'
import { ReauthProvider } from './reauth'
import { SessionsPanel } from './SessionsPanel'

export function SecurityPage() {
  return (
    <OwnerPage
      title="Security"
      description={(username) => `Sign-in factors, sessions and the audit trail for ${username}`}
    >
      <ReauthProvider>
        <FactorsPanels />
        <PasswordPanel />
        <SessionsPanel />
        <ApiTokensPanel />
        <AuditLogPanel />
      </ReauthProvider>
    </OwnerPage>
  )
}
