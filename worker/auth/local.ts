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

/**
 * The deployment itself is a local one: ENVIRONMENT = "local" and SITE_URL on
 * localhost. Code without a request (the email() handler, the cron, mail
 * building) uses this to decide whether the built-in development keys may serve
 * (docs/decisions/081-keys-fail-closed.md); a deployed Worker has a public SITE_URL.
 */
export function localDeployment(env: Env): boolean {
  if (env.ENVIRONMENT !== 'local') return false
  try {
    return LOCAL_HOSTS.has(new URL(env.SITE_URL).hostname)
  } catch {
    return false
  }
}
