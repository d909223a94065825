// Abuse guards shared by the public request forms: a per-IP rate limit per
// form and the honeypot. (The body size limit is the API-wide bodyGuard.)
import { createMiddleware } from 'hono/factory'
import { HONEYPOT_FIELD } from '../../schema/request-options'
import type { AppEnv } from '../env'
import { clientIp, enforceRateLimit, networkKey } from './rate-limit'

/** Throws 429 once a network has sent too many submissions of a form (an IPv6 /64 counts as one). */
export const limitForm = (env: Env, form: string, ip: string) =>
  enforceRateLimit(env, env.FORM_LIMITER, [`${form}:${networkKey(ip)}`])

/** 429 once an address (IPv4) or network (IPv6 /64) has sent too many submissions of this form (FORM_LIMITER: 5 a minute). */
export const formRateLimit = (form: string) =>
  createMiddleware<AppEnv>(async (c, next) => {
    await limitForm(c.env, form, clientIp(c.req.raw))
    await next()
  })

/**
 * A real visitor never sees the honeypot field, so a value there means a bot.
 * The bot gets the same 201 and body as a person (so it learns nothing), and
 * nothing is stored or sent. Checked after validation: an invalid bot
 * submission gets the ordinary 400, like anyone else's.
 */
export const filledHoneypot = (input: { [HONEYPOT_FIELD]?: string | undefined }) =>
  (input[HONEYPOT_FIELD] ?? '').trim() !== ''

/** The body of a successful submission (the SPA reads only the status). */
export const RECEIVED = { ok: true } as const
