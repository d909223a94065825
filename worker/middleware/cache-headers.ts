import { etag } from 'hono/etag'
import { createMiddleware } from 'hono/factory'
import { cacheKey, EDGE_TTL_S, PUBLIC_READS_CACHE, purgePublicReads } from '../cache/public-reads'
import type { AppEnv } from '../env'
import { inBackground } from './background'
import { WRITE_METHODS } from './validate'

// The HTTP side of the public-read caching (worker/cache/public-reads.ts holds
// the cache itself and its purges; docs/decisions/006-public-read-caching.md).

const edgeCache = createMiddleware<AppEnv>(async (c, next) => {
  const cache = await caches.open(PUBLIC_READS_CACHE)
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
 * After a successful write by the owner (REST or a GraphQL mutation), the public
 * reads are purged before the response leaves, so the next read sees the change.
 * A GraphQL query is a POST as well (the admin's urql sends them so) but writes
 * nothing: purging on it emptied the public cache at every admin screen and cost
 * each query most of its CPU (ADR 177).
 */
export const purgeAfterOwnerWrites = createMiddleware<AppEnv>(async (c, next) => {
  await next()
  if (!WRITE_METHODS.has(c.req.method) || !c.res.ok || !c.get('user')) return
  // Set by the GraphQL route from the parsed document; a /graphql write it did not parse is purged, to be safe.
  if (c.req.path === '/graphql' && c.get('graphqlMutations')?.length === 0) return
  await purgePublicReads()
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

/**
 * Pages that show one person's data or a sign-in form (issue 27): no cache may
 * keep them and no link on them passes the address on as a referrer (a manage
 * link's token is in the path). One list: the client portal's pages join it
 * with one more pattern.
 */
export const PRIVATE_PAGE_PATTERNS: readonly RegExp[] = [
  /^\/login\/?$/,
  /^\/admin(\/|$)/,
  /^\/booking\//,
  // A person's training link (issue 55): the token is in the path.
  /^\/training\//,
  // /portal.data: React Router's data request for /portal itself.
  /^\/portal(\/|\.data$|$)/,
]

export const isPrivatePage = (path: string) => PRIVATE_PAGE_PATTERNS.some((p) => p.test(path))

/** `Cache-Control: private, no-store` and `Referrer-Policy: no-referrer` on the private pages. */
export const privatePages = createMiddleware<AppEnv>(async (c, next) => {
  await next()
  if (!isPrivatePage(c.req.path)) return
  c.res = new Response(c.res.body, c.res)
  c.res.headers.set('Cache-Control', 'private, no-store')
  c.res.headers.set('Referrer-Policy', 'no-referrer')
})
