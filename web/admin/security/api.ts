// The Security area's calls (REST, /api/security). Passkey ceremonies use
// @simplewebauthn/browser, imported only when the owner adds a passkey.
import { REAUTH_REQUIRED } from '../../../schema/constants'
import { ApiRequestError, apiRequest } from '../../lib/api'

export type PasskeyView = { id: string; name: string; createdAt: string; lastUsedAt: string | null }
export type SecurityState = { totp: boolean; passkeys: PasskeyView[]; recoveryCodesLeft: number }
export type SessionView = {
  id: string
  createdAt: string
  lastSeenAt: string
  expiresAt: string
  userAgent: string | null
  ip: string | null
  location: string | null
  current: boolean
}
export type AuditEntry = {
  id: number
  at: string
  actor: string | null
  action: string
  record: string | null
  /** The record's state after the write ("confirmed"), when it set one (issue 28). */
  state?: string | null
  outcome: 'success' | 'failure'
  ip: string | null
  userAgent: string | null
}

/** The `code` of a 403 answer (`reauth_required`, `second_factor_required`...), else undefined. */
export const refusalCode = (error: unknown) =>
  error instanceof ApiRequestError && error.status === 403
    ? (error.body as { code?: unknown } | null)?.code
    : undefined

/**
 * A change to the sign-in methods refused for want of a recent password or
 * passkey (403 `{ code: 'reauth_required' }`, ADR 078): withReauth asks for one.
 */
export const isReauthRequired = (error: unknown) => refusalCode(error) === REAUTH_REQUIRED

/** The owner closed the "confirm it is you" dialog: the change was not made. */
export class ReauthCancelled extends Error {
  constructor() {
    super('Re-authentication cancelled')
    this.name = 'ReauthCancelled'
  }
}

const json = async <T>(res: Promise<Response>) => (await (await res).json()) as T

/**
 * Renews this session's proof: the password renews sudo mode (ADR 078), a code
 * from the authenticator app the vault's second factor (ADR 181), a passkey's
 * assertion both.
 */
const reauth = (
  proof: { password: string } | { code: string } | { challengeId: string; response: unknown },
) => apiRequest('POST', '/api/security/reauth', proof)

export const securityApi = {
  state: () => json<SecurityState>(apiRequest('GET', '/api/security')),
  sessions: () => json<SessionView[]>(apiRequest('GET', '/api/security/sessions')),
  endSession: (id: string) => apiRequest('DELETE', `/api/security/sessions/${encodeURIComponent(id)}`),
  endOthers: () => json<{ ended: number }>(apiRequest('POST', '/api/security/sessions/end-others')),
  changePassword: (currentPassword: string, newPassword: string) =>
    json<{ endedSessions: number }>(
      apiRequest('POST', '/api/security/password', { currentPassword, newPassword }),
    ),
  totpSetup: () => json<{ secret: string; uri: string }>(apiRequest('POST', '/api/security/totp/setup')),
  totpConfirm: (code: string) =>
    json<{ recoveryCodes?: string[] }>(apiRequest('POST', '/api/security/totp', { code })),
  totpRemove: (password?: string) => apiRequest('DELETE', '/api/security/totp', { password }),
  passkeyRename: (id: string, name: string) =>
    apiRequest('PATCH', `/api/security/passkeys/${encodeURIComponent(id)}`, { name }),
  passkeyRemove: (id: string, password?: string) =>
    apiRequest('DELETE', `/api/security/passkeys/${encodeURIComponent(id)}`, { password }),
  async passkeyAdd(name: string) {
    const { startRegistration } = await import('@simplewebauthn/browser')
    const optionsJSON = await json<Parameters<typeof startRegistration>[0]['optionsJSON']>(
      apiRequest('POST', '/api/security/passkeys/options'),
    )
    const response = await startRegistration({ optionsJSON })
    return json<{ passkey: PasskeyView; recoveryCodes?: string[] }>(
      apiRequest('POST', '/api/security/passkeys', { name, response }),
    )
  },
  reauth,
  /** The passkey ceremony, then `reauth` with its assertion. */
  async reauthWithPasskey() {
    const { startAuthentication } = await import('@simplewebauthn/browser')
    const { challengeId, options } = await json<{
      challengeId: string
      options: Parameters<typeof startAuthentication>[0]['optionsJSON']
    }>(apiRequest('POST', '/api/security/reauth/passkey-options'))
    const response = await startAuthentication({ optionsJSON: options })
    return reauth({ challengeId, response })
  },
  newRecoveryCodes: () =>
    json<{ recoveryCodes: string[] }>(apiRequest('POST', '/api/security/recovery-codes')),
  audit: (filters: { action?: string; outcome?: string; before?: number }) => {
    const query = new URLSearchParams()
    for (const [k, v] of Object.entries(filters)) if (v !== undefined && v !== '') query.set(k, String(v))
    return json<{ entries: AuditEntry[]; nextBefore: number | null }>(
      apiRequest('GET', `/api/security/audit?${query}`),
    )
  },
}

/** "Chrome on Linux" from a user agent: enough to recognise one's own devices. */
export function deviceOf(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device'
  const browser =
    [
      ['Edg/', 'Edge'],
      ['Firefox/', 'Firefox'],
      ['Chrome/', 'Chrome'],
      ['Safari/', 'Safari'],
    ].find(([needle]) => userAgent.includes(needle!))?.[1] ?? 'Browser'
  const os =
    [
      ['iPhone', 'iPhone'],
      ['iPad', 'iPad'],
      ['Android', 'Android'],
      ['Windows', 'Windows'],
      ['Mac OS X', 'macOS'],
      ['Linux', 'Linux'],
    ].find(([needle]) => userAgent.includes(needle!))?.[1] ?? 'unknown system'
  return `${browser} on ${os}`
}
