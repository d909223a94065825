// After an admin write the public pages' in-memory data (web/state/site.ts)
// refetches what changed, so "View Portfolio" shows the change without a
// reload. (The Worker purges its edge copy on the same write: ADR 006.)
import { refreshSiteData } from '../state/site'

export type PublicData = Parameters<typeof refreshSiteData>[number]

export function publicDataChanged(...keys: PublicData[]) {
  void refreshSiteData(...keys)
}
