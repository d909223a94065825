import { httpUrlOrEmpty, type SiteConfig } from '../../schema/site-config'
import { humanCheck } from '../abuse/turnstile'

/** The configured origin without a trailing slash (canonical URLs, sitemap, JSON-LD). */
export const siteOrigin = (env: Env) => (env.SITE_URL || 'http://localhost:8787').replace(/\/+$/, '')

/** The absolute URL of a site path. */
export const absoluteUrl = (env: Env, path: string) => `${siteOrigin(env)}${path}`

/** Non-secret vars the SPA needs; never add a secret here, it is public HTML. */
export function siteConfig(env: Env): SiteConfig {
  return {
    ownerName: env.OWNER_NAME ?? '',
    contactEmail: env.CONTACT_EMAIL ?? '',
    contactPhone: env.CONTACT_PHONE ?? '',
    chatbotDemoUrl: httpUrlOrEmpty(env.CHATBOT_DEMO_URL),
    siteUrl: siteOrigin(env),
    // Public by design (it is in the widget's markup); the secret never leaves the Worker.
    turnstileSiteKey: humanCheck(env).siteKey ?? '',
    // Without the (optional) Images binding /media serves originals only, so no srcset is offered.
    responsiveImages: Boolean((env as { IMAGES?: unknown }).IMAGES),
  }
}
