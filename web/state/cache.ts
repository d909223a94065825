// "All cached data is cleared" on sign-out (SPEC §4): each cache of the SPA
// (the public data store, the admin's urql client) registers how to clear itself.
const clearers = new Set<() => void>()

export function registerCacheClearer(clear: () => void): () => void {
  clearers.add(clear)
  return () => clearers.delete(clear)
}

export function clearAllCaches() {
  for (const clear of clearers) clear()
}

// After an admin write, the public data store refetches the lists that changed
// (so in-app navigation to a public page shows the change). A registry rather
// than an import keeps the store out of the admin chunk's imports, which would
// otherwise split it out of the public pages' chunks and cost them bytes.
export type PublicDataKey = 'projects' | 'skills' | 'content' | 'resume'
const refreshers = new Set<(keys: PublicDataKey[]) => void>()

export function registerDataRefresher(refresh: (keys: PublicDataKey[]) => void): () => void {
  refreshers.add(refresh)
  return () => refreshers.delete(refresh)
}

export function publicDataChanged(...keys: PublicDataKey[]) {
  for (const refresh of refreshers) refresh(keys)
}
