import type { Context } from 'hono'

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * The local conveniences (register without the setup token, GraphiQL,
 * plain-http cookies) apply only when the configuration says
 * `ENVIRONMENT = "local"` (written to .dev.vars by `npm start`, never in the
 * committed wrangler.toml) and the request was made to localhost, so a
 * deployment that kept a local setting by mistake still fails closed
 * (docs/decisions/024-fail-closed.md).
 */
export function localConveniences(env: Env, url: string): boolean {
  if (env.ENVIRONMENT !== 'local') return false
  return LOCAL_HOSTS.has(new URL(url).hostname)
}

export const isLocalRequest = (c: Context) => localConveniences(c.env as Env, c.req.url)
