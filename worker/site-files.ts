import { Hono } from 'hono'
import type { ServerBuild } from 'react-router'
import { projectPath } from '../schema/slug'
import type { AppEnv } from './env'
import { robotsTxt, sitemapXml } from './seo/crawl'
import { listProjectSlugs } from './services/projects'
import { viteDev } from './vite-dev'

const CRAWL_CACHE = 'public, max-age=3600'
const loadBuild = () => import('virtual:react-router/server-build') as Promise<ServerBuild>

/** A file name with an extension, except React Router's `.data` requests, which are page data. */
const isFile = (path: string) => /\.[a-z0-9]+$/i.test(path) && !path.endsWith('.data')

// Everything that is not the API and not a page: crawler files (derived from
// the page modules), static files, and the canonical form of page paths.
export const site = new Hono<AppEnv>()
  .get('/sitemap.xml', async (c) => {
    // Every project has a page (a private one offers "Contact for Access"), so every project is listed.
    const projects = await listProjectSlugs(c.var.db)
    const entries = projects.map((p) => ({ path: projectPath(p.slug), lastmod: p.updatedAt }))
    return c.body(sitemapXml(c.env, await loadBuild(), entries), 200, {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': CRAWL_CACHE,
    })
  })
  .get('/robots.txt', async (c) =>
    c.body(robotsTxt(c.env, await loadBuild()), 200, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': CRAWL_CACHE,
    }),
  )
  .on(['GET', 'HEAD'], '*', async (c, next) => {
    const url = new URL(c.req.url)
    // One address per page: /about/ moves to /about (case is not folded: /ABOUT is a 404 page).
    if (url.pathname.length > 1 && url.pathname.endsWith('/')) {
      url.pathname = url.pathname.replace(/\/+$/, '') || '/'
      return c.redirect(url.toString(), 301)
    }
    // Files come straight from the assets binding, and so do the dev server's own
    // modules. The build's hashed output (/assets/*) never gets here in a deploy:
    // the assets service serves it with web/public/_headers (ADR 176).
    if (!isFile(url.pathname) && !(viteDev && url.pathname.startsWith('/@'))) return next()
    const asset = await c.env.ASSETS.fetch(c.req.raw)
    return new Response(asset.body, asset)
  })
