// Cloudflare Turnstile on the public forms, behind a small interface with a
// local default: it is on only when both TURNSTILE_SITE_KEY and the
// TURNSTILE_SECRET_KEY secret are set (never offline, where the verification
// call cannot be made). Tests stub only that call (fetch to siteverify).
// https://developers.cloudflare.com/turnstile/get-started/server-side-validation/
import { API_MESSAGES } from '../../schema/messages'
import { TURNSTILE_FIELD } from '../../schema/request-options'
import { log } from '../log'
import { ApiError } from '../middleware/errors'

export const SITEVERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify'
/** Where the widget's script comes from (allowed by the CSP only when Turnstile is on). */
export const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com'

export type HumanCheck = {
  /** The public site key for the widget, or null when Turnstile is off. */
  siteKey: string | null
  /** Whether the token proves a human; always true when off. */
  verify(token: string | undefined, ip: string | null): Promise<boolean>
}

const off: HumanCheck = { siteKey: null, verify: async () => true }

export function humanCheck(env: Env): HumanCheck {
  const siteKey = env.TURNSTILE_SITE_KEY?.trim()
  const secret = (env as { TURNSTILE_SECRET_KEY?: string }).TURNSTILE_SECRET_KEY?.trim()
  if (!siteKey || !secret) return off
  return {
    siteKey,
    async verify(token, ip) {
      if (!token) return false
      const form = new FormData()
      form.append('secret', secret)
      form.append('response', token)
      if (ip) form.append('remoteip', ip)
      let res: Response
      try {
        res = await fetch(SITEVERIFY_URL, { method: 'POST', body: form })
      } catch (error) {
        // Turnstile unreachable: the visitor's request is not lost for it; the
        // rate limit, honeypot and notification cap still stand.
        log('warn', 'turnstile unreachable, request let through', { error: String(error) })
        return true
      }
      if (!res.ok) {
        log('warn', 'turnstile answered an error, request let through', { status: res.status })
        return true
      }
      const outcome = (await res.json().catch(() => ({}))) as { success?: boolean }
      return outcome.success === true
    },
  }
}

export const TURNSTILE_FAILED = 'Please confirm you are human, then send the form again.'

/** Throws 400 (nothing is stored) when Turnstile is on and the token does not verify. */
export async function requireHuman(env: Env, token: string | undefined, ip: string | null) {
  if (!(await humanCheck(env).verify(token, ip))) {
    throw new ApiError(400, API_MESSAGES.validation, { [TURNSTILE_FIELD]: TURNSTILE_FAILED })
  }
}
