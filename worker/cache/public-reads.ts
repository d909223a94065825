import { CONTENT_PAGES } from '../../schema/public-content'
import { PAGE_CACHE, startGeneration } from './pages'

// Public reads (projects, skills, page content, the active resume) are what
// every visitor loads. They are answered from the edge cache (Cache API) when
// possible, carry a content-derived ETag, and are revalidated by browsers on
// every use (304 when unchanged). Any successful owner write purges them
// (docs/decisions/006-public-read-caching.md). The HTTP side (ETag, headers,
// the edge-cache middleware) is worker/middleware/cache-headers.ts; this
// module holds no request types, so services may purge through it.

export const PUBLIC_READ_PATHS = [
  '/api/projects',
  '/api/skills',
  '/api/page-content',
  '/api/resume/active',
  // What the page modules' loaders read (worker/pages.ts).
  '/pages/projects',
  '/pages/skills',
  '/pages/content',
  '/pages/resume',
  // Approved testimonials (issue 40): purged by the owner's review and by a withdrawal in the portal.
  '/pages/testimonials',
  // The free consultation slots (issue 17): no personal data; purged by owner
  // writes like the others, and by every booking change (purgeAvailability).
  '/api/availability',
  '/pages/availability',
] as const

/** One page's copy (GET /api/page-content/:page), cached and purged like the reads above. */
const PAGE_CONTENT_PATHS = CONTENT_PAGES.map((page) => `/api/page-content/${page}`)

/** The Cache API cache that holds the public reads. */
export const PUBLIC_READS_CACHE = 'public-reads'

// Cache keys are independent of the host the request came in on.
export const cacheKey = (path: string) => new Request(`https://public-read.cache${path}`)

/** How long an edge copy may live without a purge (other data centres are not purged). */
export const EDGE_TTL_S = 60

/**
 * A JSON value kept in the same edge cache as the public reads (and purged with
 * them); `load` runs on a miss. The copy is stored after the response via waitUntil.
 */
export async function cachedJson<T>(
  path: (typeof PUBLIC_READ_PATHS)[number],
  load: () => Promise<T>,
  waitUntil: (p: Promise<unknown>) => void,
): Promise<T> {
  const cache = await caches.open(PUBLIC_READS_CACHE)
  const key = cacheKey(path)
  const hit = await cache.match(key)
  if (hit) return (await hit.json()) as T
  const value = await load()
  waitUntil(
    cache.put(
      key,
      new Response(JSON.stringify(value), {
        headers: { 'Content-Type': 'application/json', 'Cache-Control': `public, max-age=${EDGE_TTL_S}` },
      }),
    ),
  )
  return value
}

/** Purges every public read (and the rendered pages built from them) from this data centre's edge cache. */
export async function purgePublicReads() {
  const cache = await caches.open(PUBLIC_READS_CACHE)
  await Promise.all([
    ...[...PUBLIC_READ_PATHS, ...PAGE_CONTENT_PATHS].map((path) => cache.delete(cacheKey(path))),
    caches.open(PAGE_CACHE).then(startGeneration),
  ])
}

/**
 * Purges the free slots (the API answer and the copy the schedule page reads)
 * after a visitor books, moves or cancels: no owner write is involved there.
 */
export async function purgeAvailability() {
  const cache = await caches.open(PUBLIC_READS_CACHE)
  await Promise.all(['/api/availability', '/pages/availability'].map((path) => cache.delete(cacheKey(path))))
}
