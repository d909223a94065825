import type { ServerBuild } from 'react-router'
import { escapeXml } from '../escape'
import { absoluteUrl } from './site'

/** What a page module may say about itself to crawlers (`export const handle`). */
export type PageHandle = { private?: boolean }

type Page = { path: string; private: boolean }

/**
 * The site's pages as the route modules define them: every route with a page
 * component and a fixed path (no parameter, no splat). Redirect modules have no
 * component, and the 404 page is the splat route, so neither is listed.
 */
export function pagesOf(build: Pick<ServerBuild, 'routes'>): Page[] {
  const routes = build.routes
  const fullPath = (id: string): string => {
    const route = routes[id]
    if (!route) return ''
    const own = route.path ?? ''
    const parent = route.parentId ? fullPath(route.parentId) : ''
    return own ? `${parent.replace(/\/$/, '')}/${own}` : parent
  }
  const privateAncestor = (id: string | undefined): boolean => {
    const route = id ? routes[id] : undefined
    if (!route) return false
    return (
      Boolean((route.module.handle as PageHandle | undefined)?.private) || privateAncestor(route.parentId)
    )
  }
  const pages: Page[] = []
  for (const route of Object.values(routes)) {
    if (!route || route.id === 'root' || !route.module.default) continue
    const isPrivate = Boolean((route.module.handle as PageHandle | undefined)?.private)
    // The screens under a private area (the admin's route modules) are that area: listed once, by it.
    if (privateAncestor(route.parentId)) continue
    // A private area is disallowed as a whole (/admin/* is "/admin" to robots.txt).
    const path = (isPrivate ? fullPath(route.id).replace(/\/\*$/, '') : fullPath(route.id)) || '/'
    if (/[:*]/.test(path)) continue
    pages.push({ path, private: isPrivate })
  }
  return pages.sort((a, b) => a.path.localeCompare(b.path))
}

/** A page that is not a route module of its own (a project page), with its last change. */
export type SitemapEntry = { path: string; lastmod: Date }

/**
 * The public pages, for search engines (https://www.sitemaps.org/protocol.html):
 * the fixed pages of the route modules, then `entries` (the project pages) with `lastmod`.
 */
export function sitemapXml(
  env: Env,
  build: Pick<ServerBuild, 'routes'>,
  entries: readonly SitemapEntry[] = [],
): string {
  const urls = [
    ...pagesOf(build)
      .filter((p) => !p.private)
      .map((p) => `  <url><loc>${escapeXml(absoluteUrl(env, p.path))}</loc></url>`),
    ...entries.map(
      (e) =>
        `  <url><loc>${escapeXml(absoluteUrl(env, e.path))}</loc><lastmod>${e.lastmod.toISOString()}</lastmod></url>`,
    ),
  ].join('\n')
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`
}

/** Keeps crawlers out of the owner's screens and points them at the sitemap. */
export function robotsTxt(env: Env, build: Pick<ServerBuild, 'routes'>): string {
  return [
    'User-agent: *',
    ...pagesOf(build)
      .filter((p) => p.private)
      .map((p) => `Disallow: ${p.path}`),
    '',
    `Sitemap: ${absoluteUrl(env, '/sitemap.xml')}`,
    '',
  ].join('\n')
}
