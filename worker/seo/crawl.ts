import { PRIVATE_PATHS, PUBLIC_ROUTES } from '../../schema/routes'
import { escapeXml } from '../escape'
import { absoluteUrl } from './site'

/** The public routes, for search engines (https://www.sitemaps.org/protocol.html). */
export function sitemapXml(env: Env): string {
  const urls = PUBLIC_ROUTES.filter((r) => r.inSitemap)
    .map((r) => `  <url><loc>${escapeXml(absoluteUrl(env, r.path))}</loc></url>`)
    .join('\n')
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`
}

/** Keeps crawlers out of the owner's screens and points them at the sitemap. */
export function robotsTxt(env: Env): string {
  return [
    'User-agent: *',
    ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${absoluteUrl(env, '/sitemap.xml')}`,
    '',
  ].join('\n')
}
