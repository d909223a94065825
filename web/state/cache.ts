// "All cached data is cleared" on sign-out (SPEC §4): each cache of the SPA
// (the admin's urql client) registers how to clear itself.
const clearers = new Set<() => void>()

export function registerCacheClearer(clear: () => void): () => void {
  clearers.add(clear)
  return () => clearers.delete(clear)
}

export function clearAllCaches() {
  for (const clear of clearers) clear()
}
