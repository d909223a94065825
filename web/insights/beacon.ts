// The public pages' only browser-side counting (issue 18,
// docs/decisions/062-beacon-and-funnel.md): one `navigator.sendBeacon` per
// event to the site itself, no cookie, no storage, no identifier. It honours
// Global Privacy Control and Do Not Track before sending anything (the Worker
// checks them again), and a failure is dropped silently.
import { BEACON_PATH, type BeaconEvent } from '../../schema/insights'

/** The path last counted; null until the page has hydrated (the Worker counted that first page). */
let lastPath: string | null = null
export const isBooted = () => lastPath !== null

/** Called on every location change: a new public path after the first is a view. */
export function trackNavigation(path: string): void {
  if (lastPath === null || path === lastPath) {
    lastPath = path
    return
  }
  lastPath = path
  if (!/^\/(admin|login)(\/|$)/.test(path)) track({ t: 'view', k: path })
}

export function track(event: BeaconEvent): void {
  try {
    const nav = navigator as Navigator & { globalPrivacyControl?: boolean }
    if (nav.globalPrivacyControl || nav.doNotTrack === '1') return
    nav.sendBeacon(BEACON_PATH, JSON.stringify(event))
  } catch {
    // No beacon (old browser, blocked): nothing is counted, nothing is shown.
  }
}
