// Payloads of the sign-in steps and the Security area (issue 13). The password
// rule itself (length, blank, common list) runs on the server only, in
// worker/auth/password-policy.ts, so the list never reaches a browser.
import { z } from 'zod'

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)

const secret = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .max(1000)

export const registerInput = z.object({
  username: text('Username', 100),
  password: secret('Password'),
  setupToken: z.string().max(500).optional(),
})

export const loginInput = z.object({
  username: text('Username', 100),
  password: secret('Password'),
  turnstileToken: z.string().max(4096).optional(),
})

export const secondFactorInput = z.object({
  ticket: z.string({ error: 'Sign in again' }).max(100),
  code: text('Code', 40),
})

/** A WebAuthn response as @simplewebauthn/browser returns it; the library checks its contents. */
const webauthnResponse = z
  .object({ id: z.string().min(1).max(2000), rawId: z.string().max(2000), type: z.literal('public-key') })
  .passthrough()

export const passkeySignInInput = z.object({
  challengeId: z.string({ error: 'Start again' }).max(100),
  response: webauthnResponse,
})

/** Re-authentication (sudo mode): the password, or a passkey assertion answering /reauth/passkey-options. */
export const reauthInput = z.union([
  z.object({ password: secret('Password') }),
  z.object({ challengeId: z.string({ error: 'Start again' }).max(100), response: webauthnResponse }),
  // An authenticator app's code: a second-factor proof for the vault only (ADR 181).
  z.object({ code: text('Code', 40) }),
])

export const passkeyRegisterInput = z.object({
  name: text('Name', 60),
  response: webauthnResponse,
})

export const passkeyRenameInput = z.object({ name: text('Name', 60) })

export const totpConfirmInput = z.object({
  code: z
    .string({ error: 'Enter the 6-digit code' })
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code'),
})

/** Removing a factor: the password is needed when it is the last one. */
export const removeFactorInput = z.object({ password: z.string().max(1000).optional() }).default({})

export const changePasswordInput = z.object({
  currentPassword: secret('Current password'),
  newPassword: secret('New password'),
})

export const auditQuery = z.object({
  action: z.string().trim().max(100).optional(),
  outcome: z.enum(['success', 'failure'], { error: 'Outcome must be success or failure' }).optional(),
  before: z.coerce.number({ error: 'before must be an entry id' }).int().positive().optional(),
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(200).default(50),
})
