import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { NONCE, secureHeaders } from 'hono/secure-headers'
import { humanCheck, TURNSTILE_ORIGIN } from '../abuse/turnstile'
import type { AppEnv } from '../env'
import { viteDev } from '../vite-dev'

/** The origin of the configured chatbot demo, or null when none (or an invalid URL) is set. */
export function chatbotOrigin(env: Env): string | null {
  try {
    return env.CHATBOT_DEMO_URL ? new URL(env.CHATBOT_DEMO_URL).origin : null
  } catch {
    return null
  }
}

const envOf = (c: Context) => (c as Context<AppEnv>).env
/** Turnstile's widget is a script and a frame from its origin, allowed only when it is on. */
const turnstile = (c: Context) => (humanCheck(envOf(c)).siteKey ? TURNSTILE_ORIGIN : '')

/**
 * Security headers on every response, static assets included (the Worker runs
 * first for all paths), through Hono's secureHeaders. Scripts: the site's own
 * files, plus the inline scripts React Router writes into a page, each carrying
 * this request's nonce (`c.get('secureHeadersNonce')`, handed to the render in
 * worker/pages.ts). Vite's dev server injects scripts without one, so only under
 * `npm run dev` is inline script allowed instead (a nonce would switch it off).
 */
const policy = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: viteDev ? ["'self'", "'unsafe-inline'", turnstile] : ["'self'", NONCE, turnstile],
    // The card animation delays and react-aria set inline style attributes.
    styleSrc: ["'self'", "'unsafe-inline'"],
    // Project images may be hosted anywhere on https.
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    fontSrc: ["'self'"],
    connectSrc: viteDev ? ["'self'", 'ws:', 'wss:'] : ["'self'"],
    frameSrc: [(c: Context) => [chatbotOrigin(envOf(c)), turnstile(c)].filter(Boolean).join(' ') || "'none'"],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
  },
  strictTransportSecurity: 'max-age=63072000; includeSubDomains',
  referrerPolicy: 'strict-origin-when-cross-origin',
  xFrameOptions: 'DENY',
  // Set per path below.
  crossOriginResourcePolicy: false,
  // A response that brings its own policy keeps it (uploaded files are served sandboxed).
  overwrite: false,
  permissionsPolicy: {
    camera: [],
    microphone: [],
    geolocation: [],
    payment: [],
    usb: [],
  },
})

/**
 * Only what other sites must be able to load is cross-origin: the site's own
 * static images (favicon, social preview images), which link previews and
 * web mail fetch. Everything else, the API above all, is same-origin.
 */
const EMBEDDABLE = /^\/(?!api\/)[^?]*\.(png|jpe?g|gif|webp|svg|ico)$/i
export const resourcePolicyFor = (path: string) => (EMBEDDABLE.test(path) ? 'cross-origin' : 'same-origin')

export const securityHeaders = [
  policy,
  createMiddleware<AppEnv>(async (c, next) => {
    await next()
    c.res.headers.set('Cross-Origin-Resource-Policy', resourcePolicyFor(c.req.path))
  }),
] as const
