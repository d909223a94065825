// Personal access tokens on the REST API (issue 24, docs/decisions/085-access-tokens.md).
// `Authorization: Bearer <token>` signs the owner in for one request, on
// /api/* only and with the token's scope. A request that carries a token is
// judged by the token alone: a cookie beside it is ignored, so a script can
// never borrow a browser session's rights, and a token can never reach what
// only a session may do:
// - /graphql refuses tokens (the admin's API; no introspection or mutations for scripts);
// - /api/auth and /api/security refuse them (sign-in methods, sessions and the tokens themselves);
// - a "read" token may only use safe methods (GET, HEAD, OPTIONS);
// - a "billing" token may only use time and money (plans, subscriptions, invoices,
//   time, payments; issue 37), any method, and the OpenAPI document;
// - an "assets" token only the asset inventory and the vault (issue 38), likewise, and never a reveal;
// - a "maintenance" token only maintenance schedules and tasks (issue 40), likewise;
// - a "compliance" token may only use the compliance desk (risk analyses, BAAs,
//   incidents and notices; issue 39), any method, and the OpenAPI document;
// - an unknown, expired or revoked token is 401, never a fallback to anonymous.
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../env'
import { ApiError } from '../middleware/errors'
import { verifyApiToken } from '../services/api-tokens'

export const TOKEN_MESSAGES = {
  invalid: 'The access token is invalid, expired or revoked.',
  notHere: 'Access tokens cannot be used here; sign in instead.',
  readOnly: 'This access token can only read (GET).',
  billingOnly:
    'This access token can only be used for billing (plans, subscriptions, invoices, time, payments).',
  assetsOnly: 'This access token can only be used for the asset inventory (assets, renewals, imports).',
  maintenanceOnly: 'This access token can only be used for maintenance (schedules and tasks).',
  complianceOnly:
    'This access token can only be used for compliance (risk analyses, BAAs, incidents, notices).',
} as const

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
/** Routes a token never opens, whatever its scope. */
/** What a "billing" token opens. */
const BILLING_PATHS =
  /^\/api\/(plans|subscriptions|invoices|time-entries|timer|prepaid-blocks|payments|exports)(\/|$)|^\/api\/openapi\.json$/
/** What an "assets" token opens (issue 38). */
const ASSETS_PATHS =
  /^\/api\/(assets|clients\/[^/]+\/(assets|credentials)|support-requests\/[^/]+\/asset|credentials)(\/|$)|^\/api\/openapi\.json$/
/** What a "maintenance" token opens (issue 40): maintenance, the ratings and the monthly reports. */
const MAINTENANCE_PATHS =
  /^\/api\/(maintenance|maintenance-schedules|maintenance-tasks|ratings|clients\/[^/]+\/reports)(\/|$)|^\/api\/openapi\.json$/
/** What a "compliance" token opens. */
const COMPLIANCE_PATHS =
  /^\/api\/(risk-analyses|baas|incidents|incident-notices)(\/|$)|^\/api\/clients\/[^/]+\/risk-analyses\/?$|^\/api\/openapi\.json$/
const SESSION_ONLY = [/^\/api\/auth(\/|$)/, /^\/api\/security(\/|$)/, /^\/graphql(\/|$)/]

/** The bearer token of a request, or null when it names none ("Bearer" in any case, one space or more). */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? '')
  return match ? match[1]! : null
}

/** Runs after loadSession: a token replaces whatever the cookie said. */
export const loadBearer = createMiddleware<AppEnv>(async (c, next) => {
  c.set('apiToken', null)
  const header = c.req.header('authorization')
  if (header === undefined) return next()
  const token = bearerToken(header)
  // A malformed Authorization header is a failed authentication, not an anonymous call.
  if (!token) throw new ApiError(401, TOKEN_MESSAGES.invalid)
  c.set('user', null)
  c.set('sessionId', null)
  const verified = await verifyApiToken(c.var.db, token)
  if (!verified) throw new ApiError(401, TOKEN_MESSAGES.invalid)
  if (SESSION_ONLY.some((path) => path.test(c.req.path))) throw new ApiError(403, TOKEN_MESSAGES.notHere)
  if (verified.token.scope === 'read' && !SAFE_METHODS.has(c.req.method))
    throw new ApiError(403, TOKEN_MESSAGES.readOnly)
  if (verified.token.scope === 'billing' && !BILLING_PATHS.test(c.req.path))
    throw new ApiError(403, TOKEN_MESSAGES.billingOnly)
  if (verified.token.scope === 'assets' && !ASSETS_PATHS.test(c.req.path))
    throw new ApiError(403, TOKEN_MESSAGES.assetsOnly)
  if (verified.token.scope === 'maintenance' && !MAINTENANCE_PATHS.test(c.req.path))
    throw new ApiError(403, TOKEN_MESSAGES.maintenanceOnly)
  if (verified.token.scope === 'compliance' && !COMPLIANCE_PATHS.test(c.req.path))
    throw new ApiError(403, TOKEN_MESSAGES.complianceOnly)
  c.set('user', verified.user)
  c.set('apiToken', verified.token)
  await next()
})
