import { Hono } from 'hono'
import type { AppEnv } from '../env'
import { contentDisposition } from '../files/disposition'
import { IMAGE_WIDTHS, IMMUTABLE, imageResizer } from '../files/images'
import { notFound } from '../middleware/errors'
import { openPublicImage } from '../services/uploads'

/** A public image's name: the random id and extension it was stored under. */
const NAME = /^[0-9a-f-]{36}\.(png|jpg|gif|webp)$/

// /media/{name}: the owner's public images, for anyone, from the site's origin
// (docs/decisions/057-public-images.md). A name never changes content, so the
// answer is cached for a year; ?w=320|640|1280 is a resized copy when the
// Cloudflare Images binding is configured, the original otherwise.
export const media = new Hono<AppEnv>().on(['GET', 'HEAD'], '/:name', async (c) => {
  const name = c.req.param('name')
  if (!NAME.test(name)) throw notFound()
  const { file, object } = await openPublicImage(c.var.db, c.env.FILES, name)
  const headers = {
    'Cache-Control': IMMUTABLE,
    'X-Content-Type-Options': 'nosniff',
    'Content-Disposition': contentDisposition('inline', file.originalName),
    'Content-Security-Policy': "sandbox; default-src 'none'",
    ETag: object.httpEtag,
  }
  if (c.req.header('If-None-Match') === object.httpEtag) return c.body(null, 304, headers)
  const width = Number(c.req.query('w'))
  const resizer = imageResizer(c.env)
  if (resizer && (IMAGE_WIDTHS as readonly number[]).includes(width)) {
    const resized = await resizer.resize(object.body, width)
    if (resized) {
      return new Response(resized.body, {
        headers: { ...headers, 'Content-Type': resized.contentType, Vary: 'Accept' },
      })
    }
  }
  return new Response(object.body, {
    headers: { ...headers, 'Content-Type': file.mimetype, 'Content-Length': String(object.size) },
  })
})
