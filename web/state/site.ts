import { useEffect } from 'react'
import { proxy, useSnapshot } from 'valtio'
import { type ContentKey, resolveContent } from '../../schema/content-keys'
import type { PageContent, Resume, Skill } from '../../schema/tables'
import { getJson } from '../lib/api'
import type { Json, PublicProject } from '../lib/solutions'

// Public data, fetched once per page load and kept in memory (SPEC §9: data is
// never stale, no refetch on focus, no retries). Pages subscribe with the hooks
// below; the admin calls `refreshSiteData` after a write so the public pages it
// links to show the change without a reload.

export type PublicSkill = Json<Skill>
export type ContentBlock = Json<PageContent>
export type ActiveResume = Omit<Json<Resume>, 'objectKey'>

type Resource<T> = { status: 'idle' | 'loading' | 'ready' | 'error'; data: T }

export const site = proxy({
  projects: { status: 'idle', data: [] } as Resource<readonly PublicProject[]>,
  skills: { status: 'idle', data: [] } as Resource<readonly PublicSkill[]>,
  content: { status: 'idle', data: [] } as Resource<readonly ContentBlock[]>,
  resume: { status: 'idle', data: null } as Resource<ActiveResume | null>,
})

type Key = keyof typeof site

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
