import type { Context } from 'hono'
import { NONCE, secureHeaders } from 'hono/secure-headers'
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

/**
 * Security headers on every response, static assets included (the Worker runs
 * first for all paths), through Hono's secureHeaders. Scripts: the site's own
 * files, plus the inline scripts React Router writes into a page, each carrying
 * this request's nonce (`c.get('secureHeadersNonce')`, handed to the render in
 * worker/pages.ts). Vite's dev server injects scripts without one, so only under
 * `npm run dev` is inline script allowed instead (a nonce would switch it off).
 */
export const securityHeaders = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: viteDev ? ["'self'", "'unsafe-inline'"] : ["'self'", NONCE],
    // The card animation delays and react-aria set inline style attributes.
    styleSrc: ["'self'", "'unsafe-inline'"],
    // Project images may be hosted anywhere on https.
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    fontSrc: ["'self'"],
    connectSrc: viteDev ? ["'self'", 'ws:', 'wss:'] : ["'self'"],
    frameSrc: [(c: Context) => chatbotOrigin((c as Context<AppEnv>).env) ?? "'none'"],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
  },
  strictTransportSecurity: 'max-age=63072000; includeSubDomains',
  referrerPolicy: 'strict-origin-when-cross-origin',
  xFrameOptions: 'DENY',
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
