import { useEffect } from 'react'
import { proxy, useSnapshot } from 'valtio'
import { type ContentKey, resolveContent } from '../../schema/content-keys'
import { SITE_DATA_ELEMENT_ID } from '../../schema/site-config'
import type { PageContent, Resume, Skill } from '../../schema/tables'
import { getJson } from '../lib/api'
import type { Json, PublicProject } from '../lib/solutions'
import { registerDataRefresher } from './cache'

// Public data, fetched once per page load and kept in memory (SPEC §9: data is
// never stale, no refetch on focus, no retries). Pages subscribe with the hooks
// below; the admin calls `refreshSiteData` after a write so the public pages it
// links to show the change without a reload.

export type PublicSkill = Json<Skill>
export type ContentBlock = Json<PageContent>
export type ActiveResume = Omit<Json<Resume>, 'objectKey'>

type Resource<T> = { status: 'idle' | 'loading' | 'ready' | 'error'; data: T }

export type ShellData = { content: ContentBlock[]; resume: ActiveResume | null }

/** Shell data as written by the Worker, or null if it is missing or malformed. */
export const asShellData = (data: unknown): ShellData | null =>
  data && typeof data === 'object' && Array.isArray((data as ShellData).content) ? (data as ShellData) : null

/**
 * The Worker writes the page copy and the active resume into the shell
 * (worker/seo/bootstrap.ts), so pages render their final text and buttons on
 * the first paint. Without it (an older shell, a failed read) they are fetched.
 */
function readShellData(): ShellData | null {
  if (typeof document === 'undefined') return null
  try {
    return asShellData(JSON.parse(document.getElementById(SITE_DATA_ELEMENT_ID)?.textContent ?? 'null'))
  } catch {
    return null
  }
}

const shellData = readShellData()

const resource = <T>(data: T, ready = false): Resource<T> => ({ status: ready ? 'ready' : 'idle', data })

export const site = proxy({
  projects: resource<readonly PublicProject[]>([]),
  skills: resource<readonly PublicSkill[]>([]),
  content: resource<readonly ContentBlock[]>(shellData?.content ?? [], Boolean(shellData)),
  resume: resource<ActiveResume | null>(shellData?.resume ?? null, Boolean(shellData)),
})

type Key = keyof typeof site

/**
 * Sets the page copy and resume from shell data (the Worker's first-paint
 * render, web/ssr/render.tsx, before each page; null resets to "not loaded").
 */
export function applyShellData(data: ShellData | null) {
  site.content = resource<readonly ContentBlock[]>(data?.content ?? [], Boolean(data))
  site.resume = resource<ActiveResume | null>(data?.resume ?? null, Boolean(data))
}

/** GET /api/resume/active: 404 (or any failure) means there is no resume to offer. */
async function fetchActiveResume(): Promise<ActiveResume | null> {
  const res = await fetch('/api/resume/active', { credentials: 'include' })
  return res.ok ? ((await res.json()) as ActiveResume) : null
}

const fetchers: { [K in Key]: () => Promise<(typeof site)[K]['data']> } = {
  projects: () => getJson<PublicProject[]>('/api/projects'),
  skills: () => getJson<PublicSkill[]>('/api/skills'),
  content: () => getJson<ContentBlock[]>('/api/page-content'),
  resume: () => fetchActiveResume().catch(() => null),
}

const inflight = new Map<Key, Promise<void>>()

/** Loads one resource unless it is loaded or loading; concurrent callers share the request. */
export function ensureLoaded(key: Key): Promise<void> {
  const pending = inflight.get(key)
  if (pending) return pending
  if (site[key].status === 'ready') return Promise.resolve()
  site[key].status = 'loading'
  const request = fetchers[key]()
    .then((data) => {
      site[key].data = data as never
      site[key].status = 'ready'
    })
    .catch(() => {
      site[key].status = 'error'
    })
    .finally(() => inflight.delete(key))
  inflight.set(key, request)
  return request
}

/** Fetches again after a write (the server's ETag makes an unchanged list cheap). */
export function refreshSiteData(...keys: Key[]): Promise<void> {
  const targets = keys.length ? keys : (Object.keys(site) as Key[])
  return Promise.all(
    targets.map(async (key) => {
      await inflight.get(key)
      site[key].status = 'idle'
      return ensureLoaded(key)
    }),
  ).then(() => undefined)
}

// The admin announces its writes (web/state/cache.ts).
registerDataRefresher((keys) => void refreshSiteData(...keys))

/** What each page reads, so its requests can start while its code is still downloading. */
const PAGE_DATA: Readonly<Record<string, readonly Key[]>> = {
  '/': ['projects'],
  '/portfolio-solutions': ['projects'],
  '/about': ['skills'],
}

/** Starts the requests a path will need (called before the lazy page chunk has loaded). */
export function prefetchFor(pathname: string) {
  for (const key of ['resume', 'content', ...(PAGE_DATA[pathname.replace(/(.)\/+$/, '$1')] ?? [])] as Key[]) {
    void ensureLoaded(key)
  }
}

function useResource<K extends Key>(key: K) {
  useEffect(() => {
    void ensureLoaded(key)
  }, [key])
  return useSnapshot(site)[key]
}

export const useProjects = () => useResource('projects')
export const useSkills = () => useResource('skills')
export const useActiveResume = () => useResource('resume')

/** The page copy for a key: the owner's content block, else the documented default. */
export function useContent(key: ContentKey): string {
  const content = useResource('content')
  return resolveContent(content.data, key)
}
