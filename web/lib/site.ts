import { useRouteLoaderData } from 'react-router'
import { EMPTY_SITE_CONFIG, type SiteConfig } from '../../schema/site-config'

/** What every page knows: the owner's details and whether a resume can be downloaded (root loader). */
export type SiteData = { config: SiteConfig; hasResume: boolean }

const EMPTY: SiteData = { config: EMPTY_SITE_CONFIG, hasResume: false }

export function useSite(): SiteData {
  return (useRouteLoaderData('root') as SiteData | undefined) ?? EMPTY
}

/** The root loader's data inside a `meta` function (its `matches`). */
export function siteFromMatches(
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[],
): SiteData {
  return (matches.find((m) => m?.id === 'root')?.loaderData as SiteData | undefined) ?? EMPTY
}
