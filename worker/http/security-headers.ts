import { sha256 } from '@oslojs/crypto/sha2'
import { encodeBase64 } from '@oslojs/encoding'
import { createMiddleware } from 'hono/factory'
import { BOOT_SCRIPT } from '../../schema/boot-script'
import type { AppEnv } from '../env'
import { viteDev } from '../vite-dev'
import { humanCheck, TURNSTILE_ORIGIN } from './turnstile'

/** The origin of the configured chatbot demo, or null when none (or an invalid URL) is set. */
export function chatbotOrigin(env: Env): string | null {
  try {
    return env.CHATBOT_DEMO_URL ? new URL(env.CHATBOT_DEMO_URL).origin : null
  } catch {
    return null
  }
}

// Vite's dev server injects an inline React Refresh preamble and talks over a
// websocket; only then is the policy relaxed (never in a built bundle).

// The shell's one inline script (it loads the SPA after the first paint) is
// allowed by its hash alone; any other inline script stays blocked.
const bootScriptHash = `'sha256-${encodeBase64(sha256(new TextEncoder().encode(BOOT_SCRIPT)))}'`

export function contentSecurityPolicy(env: Env): string {
  // Turnstile's widget is a script and a frame from its origin, allowed only when it is on.
  const turnstile = humanCheck(env).siteKey ? ` ${TURNSTILE_ORIGIN}` : ''
  const frame = [chatbotOrigin(env), turnstile.trim()].filter(Boolean).join(' ')
  return [
    "default-src 'self'",
    // (A hash would switch 'unsafe-inline' off, so the dev server gets only the latter.)
    `script-src 'self' ${viteDev ? "'unsafe-inline'" : bootScriptHash}${turnstile}`,
    // react-aria and the card animation delays set inline style attributes.
    "style-src 'self' 'unsafe-inline'",
    // Project images may be hosted anywhere on https.
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    `connect-src 'self'${viteDev ? ' ws: wss:' : ''}`,
    `frame-src ${frame || "'none'"}`,
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ')
}

/**
 * Only what other sites must be able to load is cross-origin: the site's own
 * static images (favicon, social preview images), which link previews and
 * web mail fetch. Everything else, the API above all, is same-origin.
 */
const EMBEDDABLE = /^\/(?!api\/)[^?]*\.(png|jpe?g|gif|webp|svg|ico)$/i
export const resourcePolicyFor = (path: string) => (EMBEDDABLE.test(path) ? 'cross-origin' : 'same-origin')

/** Security headers on every response, static assets included (the Worker runs first for all paths). */
export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next()
  // Responses passed through from fetch() or the assets binding have immutable
  // headers; those are copied once so the headers below can be set.
  try {
    c.res.headers.set('X-Content-Type-Options', 'nosniff')
  } catch {
    c.res = new Response(c.res.body, c.res)
  }
  const h = c.res.headers
  if (!h.has('Content-Security-Policy')) h.set('Content-Security-Policy', contentSecurityPolicy(c.env))
  h.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains')
  h.set('X-Content-Type-Options', 'nosniff')
  h.set('Referrer-Policy', 'strict-origin-when-cross-origin')
  h.set(
    'Permissions-Policy',
    'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  )
  h.set('X-Frame-Options', 'DENY')
  h.set('Cross-Origin-Opener-Policy', 'same-origin')
  h.set('Cross-Origin-Resource-Policy', resourcePolicyFor(c.req.path))
})
