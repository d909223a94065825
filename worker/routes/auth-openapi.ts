// The sign-in routes (worker/routes/auth.ts) as documented in /api/openapi.json:
// their declarations, with the same zod payloads the routes validate with.
// Public: signing in needs no session; /me needs one, and no token is taken
// on /api/auth (worker/auth/bearer.ts).
import { createRoute, z } from '@hono/zod-openapi'
import {
  loginInput,
  passkeySignInInput,
  registerInput,
  secondFactorInput,
} from '../../schema/security-payloads'
import {
  openApiBody as body,
  ErrorSchema,
  openApiJson as json,
  noContent,
  PUBLIC,
  RATE_LIMITED,
  SESSION_ERRORS,
  SESSION_SECURITY,
} from '../middleware/openapi'

export const UserSchema = z
  .object({ id: z.number().int(), username: z.string().openapi({ example: 'owner' }) })
  .openapi('User')
const signedIn = json(
  z.object({ user: UserSchema }),
  'Signed in: the session cookie is set (HttpOnly, Secure, SameSite=Strict)',
)

/** What a browser's WebAuthn call needs (from @simplewebauthn/server), with the challenge's id to answer with. */
export const WebAuthnOptionsSchema = z.looseObject({ challenge: z.string() }).openapi('WebAuthnOptions', {
  description: "A WebAuthn options object (the browser's navigator.credentials call)",
})
export const AssertionOptionsSchema = z
  .object({ challengeId: z.string(), options: WebAuthnOptionsSchema })
  .openapi('PasskeyAssertionOptions')

/** A WebAuthn response as @simplewebauthn/browser returns it (shortened). */
export const WEBAUTHN_RESPONSE_EXAMPLE = {
  id: 'b3BlbmFwaS1leGFtcGxl',
  rawId: 'b3BlbmFwaS1leGFtcGxl',
  type: 'public-key' as const,
  response: {
    clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uZ2V0In0',
    authenticatorData: 'SZYN5YgO',
    signature: 'MEUCIQ',
  },
}

const throttled = {
  429: {
    ...json(ErrorSchema, 'Too many failed attempts or requests from this address; see Retry-After'),
    headers: z.object({ 'Retry-After': z.string().openapi({ description: 'Seconds to wait' }) }),
  },
}
const refused = (description: string) => json(ErrorSchema, description)
/** A refused sign-in step: field errors, or the Turnstile challenge once failures pass the free allowance. */
const challenge400 = json(
  ErrorSchema.extend({
    challenge: z
      .object({ turnstileSiteKey: z.string() })
      .optional()
      .openapi({ description: 'Present when a Turnstile token is now required' }),
  }),
  'The input was refused, or a Turnstile challenge is required (`errors.turnstileToken`)',
)
const visitor = { tags: ['Sign-in'], security: PUBLIC }

export const authRoutes = {
  me: createRoute({
    tags: ['Sign-in'],
    security: SESSION_SECURITY,
    method: 'get',
    path: '/me',
    summary: 'Who is signed in',
    responses: {
      200: json(z.object({ user: UserSchema }), 'The owner'),
      401: SESSION_ERRORS[401],
      403: SESSION_ERRORS[403],
    },
  }),
  login: createRoute({
    ...visitor,
    method: 'post',
    path: '/login',
    summary: 'Sign in with the username and password',
    description:
      'With a second factor enrolled, the answer is a ticket for POST /auth/login/second-factor (or a passkey) instead of a session.',
    request: { body: body(loginInput, { username: 'owner', password: 'correct horse battery staple' }) },
    responses: {
      200: json(
        z.union([
          z.object({ user: UserSchema }),
          z.object({
            secondFactor: z.object({
              ticket: z.string(),
              methods: z.array(z.enum(['totp', 'passkey', 'recovery'])),
            }),
          }),
        ]),
        'Signed in (the session cookie is set), or the second step to take',
      ),
      400: challenge400,
      401: refused('Invalid credentials'),
      ...throttled,
    },
  }),
  secondFactor: createRoute({
    ...visitor,
    method: 'post',
    path: '/login/second-factor',
    summary: 'The second sign-in step: an authenticator or recovery code',
    request: { body: body(secondFactorInput, { ticket: 'tkt_8f2a61c0', code: '123456' }) },
    responses: {
      200: signedIn,
      400: challenge400,
      401: refused('A wrong code, or the ticket expired'),
      ...throttled,
    },
  }),
  passkeyOptions: createRoute({
    ...visitor,
    method: 'post',
    path: '/passkey/options',
    summary: 'Start a passkey sign-in',
    responses: { 200: json(AssertionOptionsSchema, 'The challenge to sign'), ...RATE_LIMITED },
  }),
  passkey: createRoute({
    ...visitor,
    method: 'post',
    path: '/passkey',
    summary: 'Sign in with a passkey (alone, or as the second step)',
    request: {
      body: body(passkeySignInInput, {
        challengeId: 'Xk2c9q0aTzWm1bPp',
        response: WEBAUTHN_RESPONSE_EXAMPLE,
      }),
    },
    responses: {
      200: signedIn,
      400: challenge400,
      401: refused('The passkey could not be verified'),
      ...throttled,
    },
  }),
  register: createRoute({
    ...visitor,
    method: 'post',
    path: '/register',
    summary: 'Create the first owner (once)',
    description:
      'Only while no owner exists, and with the setup token outside local development; the password must pass the password rule.',
    request: {
      body: body(registerInput, {
        username: 'owner',
        password: 'correct horse battery staple',
        setupToken: 'the OWNER_SETUP_TOKEN secret',
      }),
    },
    responses: {
      201: json(z.object({ user: UserSchema }), 'The owner, signed in'),
      400: refused('The input was refused; `errors` names each field'),
      403: refused('Registration is not available (an owner exists, or a wrong setup token)'),
      ...RATE_LIMITED,
    },
  }),
  logout: createRoute({
    ...visitor,
    method: 'post',
    path: '/logout',
    summary: "Sign out: ends the cookie's session, if any",
    responses: { 204: noContent('Signed out; the cookie is cleared') },
  }),
}
