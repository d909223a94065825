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

export async function startGeneration(cache: Cache): Promise<string> {
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
