// Cloudflare Turnstile, asked for once sign-in failures pile up at an address
// (docs/decisions/021-sign-in-throttling.md). Only used when both keys are
// configured; siteverify needs the internet, so tests inject `fetcher`.
// https://developers.cloudflare.com/turnstile/get-started/server-side-validation/
const SITEVERIFY = 'https://challenges.cloudflare.com/turnstile/v0/siteverify'

/** The secret is optional (`wrangler secret put TURNSTILE_SECRET_KEY`), so it is not in the generated Env. */
const secretOf = (env: Env) => (env as Env & { TURNSTILE_SECRET_KEY?: string }).TURNSTILE_SECRET_KEY

export const turnstileEnabled = (env: Env) => Boolean(env.TURNSTILE_SITE_KEY && secretOf(env))

export async function verifyTurnstile(
  env: Env,
  token: string | undefined,
  ip: string,
  fetcher: typeof fetch = fetch,
): Promise<boolean> {
  const secret = secretOf(env)
  if (!token || !secret) return false
  try {
    const res = await fetcher(SITEVERIFY, {
      method: 'POST',
      body: new URLSearchParams({ secret, response: token, remoteip: ip }),
    })
    const body = (await res.json()) as { success?: boolean }
    return body.success === true
  } catch {
    return false
  }
}
