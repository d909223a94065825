// Non-secret site configuration (wrangler vars) the pages show: the root
// loader hands it to every page (web/root.tsx). Never add a secret here.
import { httpUrl } from './url'

export type SiteConfig = {
  ownerName: string
  contactEmail: string
  contactPhone: string
  /** Empty when no (valid http/https) demo URL is configured. */
  chatbotDemoUrl: string
  siteUrl: string
  /** Cloudflare Turnstile's public site key; '' when Turnstile is off. */
  turnstileSiteKey: string
  /** Whether /media images can be resized (the Images binding is configured): pages then emit a srcset. */
  responsiveImages: boolean
}

export const EMPTY_SITE_CONFIG: SiteConfig = {
  ownerName: '',
  contactEmail: '',
  contactPhone: '',
  chatbotDemoUrl: '',
  siteUrl: '',
  turnstileSiteKey: '',
  responsiveImages: false,
}

/** An absolute http(s) URL, or '' (used for the framed demo). */
export function httpUrlOrEmpty(value: string | undefined | null): string {
  return value?.trim() ? (httpUrl(value.trim())?.toString() ?? '') : ''
}

/** `tel:` href from a display phone number ("+1 (618) 555-0123" -> "tel:+16185550123"). */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`
