// Cloudflare Turnstile, verified here and only here, for the public request
// forms and for sign-in once failures pile up (docs/decisions/037-turnstile.md,
// 021-sign-in-throttling.md). It is on only when both TURNSTILE_SITE_KEY and
// the TURNSTILE_SECRET_KEY secret are set (never offline, where the
// verification call cannot be made). Tests stub only that call (fetch to
// siteverify). What happens when siteverify cannot answer is the caller's
// policy, named at each call (docs/decisions/072-turnstile-failure-policy.md).
// https://developers.cloudflare.com/turnstile/get-started/server-side-validation/
import { log } from '../log'

export const SITEVERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify'
/** Where the widget's script comes from (allowed by the CSP only when Turnstile is on). */
export const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com'

export const TURNSTILE_FAILED = 'Please confirm you are human, then send the form again.'

/**
 * When siteverify is unreachable or answers an error: `open` lets the request
 * through (the public forms: a visitor's request is not lost for Cloudflare's
 * outage; the rate limit, honeypot and notification cap still stand), `closed`
 * refuses it (sign-in: an attacker past the free attempts must not gain by an
 * outage).
 */
export type FailurePolicy = 'open' | 'closed'

/** The secret is optional (`wrangler secret put TURNSTILE_SECRET_KEY`), so it is not in the generated Env. */
const secretOf = (env: Env) =>
  (env as Env & { TURNSTILE_SECRET_KEY?: string }).TURNSTILE_SECRET_KEY?.trim() || null

/** Whether Turnstile is configured (both keys). */
export const turnstileEnabled = (env: Env) => Boolean(env.TURNSTILE_SITE_KEY?.trim() && secretOf(env))

/** Asks siteverify whether the token proves a human; `policy` decides when it cannot tell. */
async function siteverify(
  secret: string,
  token: string | undefined,
  ip: string | null,
  policy: FailurePolicy,
  fetcher: typeof fetch,
): Promise<boolean> {
  if (!token) return false
  const body = new URLSearchParams({ secret, response: token })
  if (ip) body.set('remoteip', ip)
  let res: Response
  try {
    res = await fetcher(SITEVERIFY_URL, { method: 'POST', body })
  } catch (error) {
    log('warn', `turnstile unreachable, request ${policy === 'open' ? 'let through' : 'refused'}`, {
      error: String(error),
    })
    return policy === 'open'
  }
  if (!res.ok) {
    log('warn', `turnstile answered an error, request ${policy === 'open' ? 'let through' : 'refused'}`, {
      status: res.status,
    })
    return policy === 'open'
  }
  const outcome = (await res.json().catch(() => ({}))) as { success?: boolean }
  return outcome.success === true
}

export type HumanCheck = {
  /** The public site key for the widget, or null when Turnstile is off. */
  siteKey: string | null
  /** Whether the token proves a human (fails open); always true when off. */
  verify(token: string | undefined, ip: string | null): Promise<boolean>
}

const off: HumanCheck = { siteKey: null, verify: async () => true }

/** The public forms' check: off without keys, and open when siteverify cannot answer. */
export function humanCheck(env: Env): HumanCheck {
  const siteKey = env.TURNSTILE_SITE_KEY?.trim()
  const secret = secretOf(env)
  if (!siteKey || !secret) return off
  return { siteKey, verify: (token, ip) => siteverify(secret, token, ip, 'open', fetch) }
}

/** Sign-in's check (once failures pile up): closed, so no secret, no token or no answer is a refusal. */
export async function verifyTurnstile(
  env: Env,
  token: string | undefined,
  ip: string,
  fetcher: typeof fetch = fetch,
): Promise<boolean> {
  const secret = secretOf(env)
  if (!secret) return false
  return siteverify(secret, token, ip, 'closed', fetcher)
}
