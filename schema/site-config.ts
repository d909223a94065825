// Non-secret site configuration (wrangler vars) handed to the SPA: the Worker
// writes it into the shell as JSON, the SPA reads it before first render.
import { httpUrl } from './url'

export type SiteConfig = {
  ownerName: string
  contactEmail: string
  contactPhone: string
  /** Empty when no (valid http/https) demo URL is configured. */
  chatbotDemoUrl: string
  siteUrl: string
}

export const SITE_CONFIG_ELEMENT_ID = 'site-config'
/** Page content blocks and the active resume, as the public API would return them. */
export const SITE_DATA_ELEMENT_ID = 'site-data'

export const EMPTY_SITE_CONFIG: SiteConfig = {
  ownerName: '',
  contactEmail: '',
  contactPhone: '',
  chatbotDemoUrl: '',
  siteUrl: '',
}

/** Keeps only known string fields, so a bad or missing payload can never break the page. */
export function parseSiteConfig(value: unknown): SiteConfig {
  const source = value && typeof value === 'object' ? (value as Record<string, unknown>) : {}
  const config = { ...EMPTY_SITE_CONFIG }
  for (const key of Object.keys(config) as (keyof SiteConfig)[]) {
    const field = source[key]
    if (typeof field === 'string') config[key] = field
  }
  return config
}

/** An absolute http(s) URL, or '' (used for the framed demo). */
export function httpUrlOrEmpty(value: string | undefined | null): string {
  return value?.trim() ? (httpUrl(value.trim())?.toString() ?? '') : ''
}

/** `tel:` href from a display phone number ("+1 (618) 555-0123" -> "tel:+16185550123"). */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`
