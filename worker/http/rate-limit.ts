import { API_MESSAGES } from '../../schema/messages'
import { ApiError } from './errors'

/** The client's IP as Cloudflare reports it (a fixed key locally, where there is no header). */
export const clientIp = (req: Request) => req.headers.get('cf-connecting-ip') ?? 'local'

/**
 * Throws 429 when the rate-limit binding refuses any of the keys.
 * `RATE_LIMITS = "off"` lifts the limits (the e2e run and the load bench only).
 */
export async function enforceRateLimit(env: Env, limiter: RateLimit, keys: string[]) {
  if (env.RATE_LIMITS === 'off') return
  const results = await Promise.all(keys.map((key) => limiter.limit({ key })))
  if (results.some((r) => !r.success)) throw new ApiError(429, API_MESSAGES.rateLimited)
}
