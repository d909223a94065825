/**
 * What a visitor may call without signing in (SPEC §6: view the public pages,
 * download the active resume, submit the two request forms) plus the sign-in
 * endpoints themselves. Every other API route must answer 401 to a visitor
 * (auth-gate.test.ts), and only these may be documented without security
 * (openapi-routes.test.ts): a route added without `requireOwner` fails both
 * until it is either guarded or deliberately listed here.
 */
export const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  // Answers a visitor 401 itself ("signed out"); documented as the session's.
  'GET /api/auth/me',
  'POST /api/auth/login',
  // The second sign-in step and passkey sign-in (issue 13): they start sessions.
  'POST /api/auth/login/second-factor',
  'POST /api/auth/passkey/options',
  'POST /api/auth/passkey',
  'POST /api/auth/register',
  'POST /api/auth/logout',
  'GET /api/projects',
  'GET /api/skills',
  'GET /api/page-content',
  'GET /api/page-content/:key',
  'GET /api/resume/active',
  'GET /api/resume/download',
  'POST /api/consultations',
  'POST /api/consultation',
  // The free consultation slots (issue 17): dates and times only.
  'GET /api/availability',
  // The cookieless insights beacon (issue 18): counts, never reads.
  'POST /api/insights/events',
  // The OpenAPI document (issue 24): describes the routes, holds no data.
  'GET /api/openapi.json',
  // Stripe's webhook (issue 26): authenticated by its Stripe-Signature, not a session (ADR 094).
  'POST /api/payments/stripe/webhook',
])
