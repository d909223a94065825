import { Hono } from 'hono'
import { findRoute, REDIRECTS } from '../schema/routes'
import type { AppEnv } from './env'

// Everything that is not the API: static assets, redirects, and the SPA shell
// with the right status (404 for unknown paths, so there are no soft 404s).
export const spa = new Hono<AppEnv>().get('*', async (c) => {
  const path = c.req.path
  const target = REDIRECTS[path.replace(/\/+$/, '')]
  if (target) return c.redirect(new URL(target + new URL(c.req.url).search, c.req.url).toString(), 301)

  // Files (hashed bundles, favicon, robots...) come straight from the assets binding.
  if (/\.[a-z0-9]+$/i.test(path)) {
    const asset = await c.env.ASSETS.fetch(c.req.raw)
    return new Response(asset.body, asset)
  }

  const shell = await c.env.ASSETS.fetch(new Request(new URL('/', c.req.url), { headers: c.req.raw.headers }))
  const route = findRoute(path)
  const headers = new Headers(shell.headers)
  // The shell is small and names hashed bundles; revalidate it on every visit.
  headers.set('Cache-Control', 'no-cache')
  return new Response(shell.body, { status: route ? shell.status : 404, headers })
})
