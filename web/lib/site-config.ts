import {
  EMPTY_SITE_CONFIG,
  parseSiteConfig,
  SITE_CONFIG_ELEMENT_ID,
  type SiteConfig,
} from '../../schema/site-config'

// Owner details and the demo URL come from wrangler vars, written into the
// shell by the Worker (worker/seo/head.ts) so they are there before first render.
function readSiteConfig(doc: Document | undefined): SiteConfig {
  const text = doc?.getElementById(SITE_CONFIG_ELEMENT_ID)?.textContent
  if (!text) return { ...EMPTY_SITE_CONFIG }
  try {
    return parseSiteConfig(JSON.parse(text))
  } catch {
    return { ...EMPTY_SITE_CONFIG }
  }
}

export const siteConfig: SiteConfig = readSiteConfig(typeof document === 'undefined' ? undefined : document)
export { readSiteConfig }
