import { API_MESSAGES } from '../../schema/messages'
import { withinLimits } from '../abuse/rate-limit'
import { ApiError } from './errors'

/** Throws 429 when the rate-limit binding refuses any of the keys (sign-in and registration). */
export async function enforceRateLimit(env: Env, limiter: RateLimit, keys: string[]) {
  if (!(await withinLimits(env, limiter, keys))) throw new ApiError(429, API_MESSAGES.rateLimited)
}
