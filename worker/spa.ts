import { Hono } from 'hono'
import { findRoute, REDIRECTS } from '../schema/routes'
import type { AppEnv } from './env'
import { inBackground } from './http/background'
import { cachedFirstPaint, FIRST_PAINT_NOT_FOUND } from './http/cache'
import { loadShellData } from './seo/bootstrap'
import { robotsTxt, sitemapXml } from './seo/crawl'
import { firstPaint } from './seo/first-paint'
import { headFor, rewriteShell } from './seo/head'
import { viteDev } from './vite-dev'

const CRAWL_CACHE = 'public, max-age=3600'

// Everything that is not the API: crawler files, static assets, redirects, and
// the SPA shell with its own meta tags and the right status (404 for unknown
// paths, so there are no soft 404s).
export const spa = new Hono<AppEnv>()
  .get('/sitemap.xml', (c) =>
    c.body(sitemapXml(c.env), 200, {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': CRAWL_CACHE,
    }),
  )
  .get('/robots.txt', (c) =>
    c.body(robotsTxt(c.env), 200, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': CRAWL_CACHE,
    }),
  )
  .get('*', async (c) => {
    const path = c.req.path
    const target = REDIRECTS[path.replace(/\/+$/, '')]
    if (target) return c.redirect(new URL(target + new URL(c.req.url).search, c.req.url).toString(), 301)

    // Files (hashed bundles, favicon...) come straight from the assets binding,
    // and so do the dev server's own modules (/@vite/client, /@react-refresh).
    if (/\.[a-z0-9]+$/i.test(path) || (viteDev && path.startsWith('/@'))) {
      const asset = await c.env.ASSETS.fetch(c.req.raw)
      return new Response(asset.body, asset)
    }

    // A plain request: forwarding the visitor's If-None-Match could yield a
    // bodiless 304 for a document that is rewritten per route anyway.
    const [shell, data] = await Promise.all([
      c.env.ASSETS.fetch(new Request(new URL('/', c.req.url))),
      loadShellData(c.var.db, (p) => inBackground(c, p)),
    ])
    if (!shell.ok) return new Response(shell.body, shell)
    const route = findRoute(path)
    const found = Boolean(route)
    const render = () => firstPaint(c.env, c.req.raw, data)
    // Rendering costs tens of ms of CPU: a page is rendered once and kept in the
    // edge cache with the public reads it is built from (purged by owner writes).
    // A query string or missing page data means a fresh render.
    const cacheable = data !== null && new URL(c.req.url).search === ''
    const markup = cacheable
      ? await cachedFirstPaint(route?.path ?? FIRST_PAINT_NOT_FOUND, render, (p) => inBackground(c, p))
      : await render()
    return rewriteShell(c.env, shell, headFor(c.env, path, found), found ? 200 : 404, data, markup)
  })
