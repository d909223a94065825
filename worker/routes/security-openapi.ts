// The Security area's routes (worker/routes/security.ts) as documented in
// /api/openapi.json: their declarations, with the same zod payloads the routes
// validate with. The owner's session only: /api/security refuses access tokens
// (worker/auth/bearer.ts), and a change to the sign-in methods needs a recent
// password or passkey proof (sudo mode, ADR 078): 403 `reauth_required`.
import { createRoute, z } from '@hono/zod-openapi'
import {
  auditQuery,
  changePasswordInput,
  passkeyRegisterInput,
  passkeyRenameInput,
  reauthInput,
  removeFactorInput,
  totpConfirmInput,
} from '../../schema/security-payloads'
import { requireRecentAuth } from '../auth/reauth'
import {
  openApiBody as body,
  ErrorSchema,
  openApiJson as json,
  NOT_FOUND,
  noContent,
  SESSION_ERRORS,
  SESSION_SECURITY,
} from '../middleware/openapi'
import { AssertionOptionsSchema, WEBAUTHN_RESPONSE_EXAMPLE, WebAuthnOptionsSchema } from './auth-openapi'

const dateTime = z.string().openapi({ format: 'date-time' })
const PasskeySchema = z
  .object({ id: z.string(), name: z.string(), createdAt: dateTime, lastUsedAt: dateTime.nullable() })
  .openapi('Passkey')
const recoveryCodes = z
  .array(z.string())
  .optional()
  .openapi({ description: 'New recovery codes, shown once: present with the first factor only' })
const SessionSchema = z
  .object({
    id: z.string(),
    createdAt: dateTime,
    lastSeenAt: dateTime,
    expiresAt: dateTime,
    userAgent: z.string().nullable(),
    ip: z.string().nullable(),
    location: z.string().nullable(),
    current: z.boolean().openapi({ description: 'The session making this request' }),
  })
  .openapi('Session')
const AuditEntrySchema = z
  .object({
    id: z.number().int(),
    at: dateTime,
    userId: z.number().int().nullable(),
    actor: z.string().nullable(),
    action: z.string().openapi({ example: 'sign-in' }),
    record: z.string().nullable(),
    state: z.string().nullable(),
    outcome: z.string().openapi({ example: 'success' }),
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
  })
  .openapi('AuditEntry')

/** The password check's wait, like every other 429. */
const THROTTLED = {
  429: {
    ...json(ErrorSchema, 'Too many failed password attempts; see Retry-After'),
    headers: z.object({ 'Retry-After': z.string().openapi({ description: 'Seconds to wait' }) }),
  },
}
/** Removing a factor: the password is needed only when it is the last one. */
const removeBody = {
  required: false,
  content: {
    'application/json': { schema: removeFactorInput, example: { password: 'correct horse battery staple' } },
  },
}
const session = { tags: ['Security'], security: SESSION_SECURITY }
/** A change to the sign-in methods: a recent password or passkey proof first. */
const sudo = { ...session, middleware: requireRecentAuth }
const idPath = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: 'b3BlbmFwaQ' }),
})

export const securityRoutes = {
  overview: createRoute({
    ...session,
    method: 'get',
    path: '/',
    summary: 'What is enrolled: the authenticator app, passkeys and recovery codes left',
    responses: {
      200: json(
        z.object({
          totp: z.boolean(),
          passkeys: z.array(PasskeySchema),
          recoveryCodesLeft: z.number().int(),
        }),
        'The factors',
      ),
      ...SESSION_ERRORS,
    },
  }),
  reauthOptions: createRoute({
    ...session,
    method: 'post',
    path: '/reauth/passkey-options',
    summary: 'Start a re-authentication with a passkey',
    responses: { 200: json(AssertionOptionsSchema, 'The challenge to sign'), ...SESSION_ERRORS },
  }),
  reauth: createRoute({
    ...session,
    method: 'post',
    path: '/reauth',
    summary: 'Re-authenticate (sudo mode): the password, a passkey, or an authenticator code',
    description:
      "The password or a passkey opens sudo mode for ten minutes; a passkey or an authenticator code also proves a second factor (the vault's reveal needs one).",
    request: { body: body(reauthInput, { password: 'correct horse battery staple' }) },
    responses: { 204: noContent('Proved'), ...SESSION_ERRORS, ...THROTTLED },
  }),
  totpSetup: createRoute({
    ...sudo,
    method: 'post',
    path: '/totp/setup',
    summary: 'Start enrolling an authenticator app',
    description: 'The same key again within ten minutes.',
    responses: {
      200: json(
        z.object({
          secret: z.string().openapi({ description: 'Base32' }),
          uri: z.string().openapi({ example: 'otpauth://totp/...' }),
        }),
        'The key to add to the app',
      ),
      ...SESSION_ERRORS,
    },
  }),
  totpConfirm: createRoute({
    ...sudo,
    method: 'post',
    path: '/totp',
    summary: 'Confirm the authenticator app with a code',
    request: { body: body(totpConfirmInput, { code: '123456' }) },
    responses: {
      201: json(z.object({ totp: z.literal(true), recoveryCodes }), 'Enrolled'),
      ...SESSION_ERRORS,
      503: json(ErrorSchema, 'No key to seal it with here (TOTP_KEY_SECRET)'),
    },
  }),
  totpRemove: createRoute({
    ...sudo,
    method: 'delete',
    path: '/totp',
    summary: 'Remove the authenticator app',
    description: 'Every other session ends; with the last factor, the recovery codes go too.',
    request: { body: removeBody },
    responses: { 204: noContent('Removed'), ...SESSION_ERRORS, ...NOT_FOUND, ...THROTTLED },
  }),
  passkeyOptions: createRoute({
    ...sudo,
    method: 'post',
    path: '/passkeys/options',
    summary: 'Start adding a passkey',
    responses: { 200: json(WebAuthnOptionsSchema, 'The creation options'), ...SESSION_ERRORS },
  }),
  passkeyAdd: createRoute({
    ...sudo,
    method: 'post',
    path: '/passkeys',
    summary: 'Add a passkey',
    request: { body: body(passkeyRegisterInput, { name: 'Laptop', response: WEBAUTHN_RESPONSE_EXAMPLE }) },
    responses: {
      201: json(z.object({ passkey: PasskeySchema, recoveryCodes }), 'The passkey'),
      ...SESSION_ERRORS,
    },
  }),
  passkeyRename: createRoute({
    ...session,
    method: 'patch',
    path: '/passkeys/{id}',
    summary: 'Rename a passkey',
    request: { params: idPath, body: body(passkeyRenameInput, { name: 'Work laptop' }) },
    responses: {
      200: json(z.object({ id: z.string(), name: z.string() }), 'Renamed'),
      ...SESSION_ERRORS,
      ...NOT_FOUND,
    },
  }),
  passkeyRemove: createRoute({
    ...sudo,
    method: 'delete',
    path: '/passkeys/{id}',
    summary: 'Remove a passkey',
    description: 'Every other session ends; with the last factor, the recovery codes go too.',
    request: { params: idPath, body: removeBody },
    responses: { 204: noContent('Removed'), ...SESSION_ERRORS, ...NOT_FOUND, ...THROTTLED },
  }),
  recoveryCodes: createRoute({
    ...sudo,
    method: 'post',
    path: '/recovery-codes',
    summary: 'New recovery codes, replacing the old ones',
    responses: {
      201: json(z.object({ recoveryCodes: z.array(z.string()) }), 'The codes, shown once'),
      ...SESSION_ERRORS,
      409: json(ErrorSchema, 'No factor enrolled yet'),
    },
  }),
  sessions: createRoute({
    ...session,
    method: 'get',
    path: '/sessions',
    summary: "The owner's signed-in sessions",
    responses: { 200: json(z.array(SessionSchema), 'The sessions'), ...SESSION_ERRORS },
  }),
  endOthers: createRoute({
    ...session,
    method: 'post',
    path: '/sessions/end-others',
    summary: 'End every other session',
    responses: { 200: json(z.object({ ended: z.number().int() }), 'How many ended'), ...SESSION_ERRORS },
  }),
  endSession: createRoute({
    ...session,
    method: 'delete',
    path: '/sessions/{id}',
    summary: 'End one session',
    request: { params: idPath },
    responses: { 204: noContent('Ended'), ...SESSION_ERRORS, ...NOT_FOUND },
  }),
  password: createRoute({
    ...session,
    method: 'post',
    path: '/password',
    summary: 'Change the password (every other session ends)',
    description: 'The current password is itself the recent proof.',
    request: {
      body: body(changePasswordInput, {
        currentPassword: 'correct horse battery staple',
        newPassword: 'a longer passphrase nobody guesses',
      }),
    },
    responses: {
      200: json(z.object({ endedSessions: z.number().int() }), 'Changed'),
      ...SESSION_ERRORS,
      ...THROTTLED,
    },
  }),
  audit: createRoute({
    ...session,
    method: 'get',
    path: '/audit',
    summary: 'The audit trail, newest first',
    request: { query: auditQuery },
    responses: {
      200: json(
        z.object({
          entries: z.array(AuditEntrySchema),
          nextBefore: z
            .number()
            .int()
            .nullable()
            .openapi({ description: 'The `before` of the next page, or null' }),
        }),
        'One page of entries',
      ),
      ...SESSION_ERRORS,
    },
  }),
}
