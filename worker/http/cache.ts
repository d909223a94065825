import { etag } from 'hono/etag'
import { createMiddleware } from 'hono/factory'
import { CONTENT_PAGES } from '../../schema/public-content'
import type { AppEnv } from '../env'
import { inBackground } from './background'

// Public reads (projects, skills, page content, the active resume) are what
// every visitor loads. They are answered from the edge cache (Cache API) when
// possible, carry a content-derived ETag, and are revalidated by browsers on
// every use (304 when unchanged). Any successful owner write purges them
// (docs/decisions/006-public-read-caching.md).

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
] as const

/** One page's copy (GET /api/page-content/:page), cached and purged like the reads above. */
const PAGE_CONTENT_PATHS = CONTENT_PAGES.map((page) => `/api/page-content/${page}`)

// Cache keys are independent of the host the request came in on.
const cacheKey = (path: string) => new Request(`https://public-read.cache${path}`)

/** How long an edge copy may live without a purge (other data centres are not purged). */
export const EDGE_TTL_S = 60

const edgeCache = createMiddleware<AppEnv>(async (c, next) => {
  const cache = await caches.open('public-reads')
  const key = cacheKey(c.req.path)
  const hit = await cache.match(key)
  if (hit) return new Response(hit.body, hit)
  await next()
  if (c.res.status === 200) {
    const copy = new Response(c.res.clone().body, c.res)
    copy.headers.set('Cache-Control', `public, max-age=${EDGE_TTL_S}`)
    inBackground(c, cache.put(key, copy))
  }
})

export const publicRead = [
  createMiddleware<AppEnv>(async (c, next) => {
    await next()
    // A 304 too: it would otherwise carry the edge copy's max-age to the
    // browser, which would then skip revalidation and show stale data.
    if (c.res.ok || c.res.status === 304) {
      c.res = new Response(c.res.body, c.res)
      c.header('Cache-Control', 'public, max-age=0, must-revalidate')
    }
  }),
  etag(),
  edgeCache,
] as const

/**
 * A JSON value kept in the same edge cache as the public reads (and purged with
 * them); `load` runs on a miss. The copy is stored after the response via waitUntil.
 */
export async function cachedJson<T>(
  path: (typeof PUBLIC_READ_PATHS)[number],
  load: () => Promise<T>,
  waitUntil: (p: Promise<unknown>) => void,
): Promise<T> {
  const cache = await caches.open('public-reads')
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

// Rendered pages are kept per deploy (the build's asset version is part of the
// key, so a new deploy never serves markup naming assets it no longer has) and
// per generation: an owner write starts a new generation (purgePublicReads),
// which makes every stored page unreachable at once, query-string variants
// included, without listing them.
export const PAGE_CACHE = 'pages'
const GENERATION_KEY = new Request('https://pages.cache/__generation')

/**
 * The generation as this isolate last read or started it. Re-read from the
 * cache at most once a second: every page view needs it, and the lookup was a
 * second cache round trip per cached page. A purge in this isolate updates it
 * at once; another isolate of the same data centre sees it within the second.
 */
let knownGeneration: { value: string; readAt: number } | null = null
const GENERATION_MEMO_MS = 1000

async function startGeneration(cache: Cache): Promise<string> {
  const value = crypto.randomUUID()
  knownGeneration = { value, readAt: Date.now() }
  await cache.put(
    GENERATION_KEY,
    new Response(value, { headers: { 'Cache-Control': 'public, max-age=31536000' } }),
  )
  return value
}

/** The cache key of a rendered page in this deploy and generation. */
export async function pageCacheKey(cache: Cache, buildVersion: string, url: URL): Promise<Request> {
  let generation = knownGeneration?.value
  if (!knownGeneration || Date.now() - knownGeneration.readAt >= GENERATION_MEMO_MS) {
    const stored = await (await cache.match(GENERATION_KEY))?.text()
    generation = stored ?? (await startGeneration(cache))
    knownGeneration = { value: generation, readAt: Date.now() }
  }
  return new Request(`https://pages.cache/${buildVersion}/${generation}${url.pathname}${url.search}`)
}

/** Purges every public read (and the rendered pages built from them) from this data centre's edge cache. */
export async function purgePublicReads() {
  const cache = await caches.open('public-reads')
  await Promise.all([
    ...[...PUBLIC_READ_PATHS, ...PAGE_CONTENT_PATHS].map((path) => cache.delete(cacheKey(path))),
    caches.open(PAGE_CACHE).then(startGeneration),
  ])
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * After a successful write by the owner (REST or a GraphQL request), the public
 * reads are purged before the response leaves, so the next read sees the change.
 */
export const purgeAfterOwnerWrites = createMiddleware<AppEnv>(async (c, next) => {
  await next()
  if (WRITE_METHODS.has(c.req.method) && c.res.ok && c.get('user')) await purgePublicReads()
})

/**
 * The default for the API and /graphql: an answer that did not choose its own
 * caching (the public reads do) may carry a visitor's data or the owner's, so
 * no cache may keep it; /graphql is the owner's API and never cacheable.
 */
export const noStoreByDefault = createMiddleware<AppEnv>(async (c, next) => {
  await next()
  if (c.req.path === '/graphql' || !c.res.headers.has('Cache-Control')) {
    try {
      c.res.headers.set('Cache-Control', 'private, no-store')
    } catch {
      c.res = new Response(c.res.body, c.res)
      c.res.headers.set('Cache-Control', 'private, no-store')
    }
  }
})

/** Owner-only answers are never stored by shared caches. */
export const privateNoStore = createMiddleware<AppEnv>(async (c, next) => {
  await next()
  c.header('Cache-Control', 'private, no-store')
})
