import type { Db } from '../db'
import { cachedJson } from '../http/cache'
import { listContent } from '../services/content'
import { getActiveResume, publicResume } from '../services/resumes'

export type ShellData = {
  content: Awaited<ReturnType<typeof listContent>>
  resume: ReturnType<typeof publicResume> | null
}

/**
 * Data every public page needs before it can render without shifting: the
 * owner's page copy and whether a resume exists (the nav's Resume button, the
 * hero's Download CV). Written into the shell so the SPA starts with it instead
 * of fetching it after the first paint. On any failure the shell goes out
 * without it and the SPA fetches as usual.
 */
export async function loadShellData(
  db: Db,
  waitUntil: (p: Promise<unknown>) => void,
): Promise<ShellData | null> {
  try {
    // Every page load needs this; it comes from the edge cache, purged by owner writes.
    return await cachedJson<ShellData>(
      '/shell-data',
      async () => {
        const [content, resume] = await Promise.all([listContent(db), getActiveResume(db)])
        return { content, resume: resume ? publicResume(resume) : null }
      },
      waitUntil,
    )
  } catch (error) {
    console.error(JSON.stringify({ level: 'error', message: 'shell data unavailable', error: String(error) }))
    return null
  }
}
