// After an admin write, the public pages' in-memory data must not stay stale
// (a Worker-side ETag only helps on the next fetch). The public-site store
// (web/state/site.ts, `refreshSiteData`) is on another branch; until it is
// merged this is where the admin says what changed.
export type PublicData = 'projects' | 'skills' | 'content' | 'resume'

const listeners = new Set<(keys: PublicData[]) => void>()

/** Lets the public store refetch what changed. */
export function onPublicDataChanged(listener: (keys: PublicData[]) => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function publicDataChanged(...keys: PublicData[]) {
  for (const listener of listeners) listener(keys)
}
