import type { Db } from '../db'
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
export async function loadShellData(db: Db): Promise<ShellData | null> {
  try {
    const [content, resume] = await Promise.all([listContent(db), getActiveResume(db)])
    return { content, resume: resume ? publicResume(resume) : null }
  } catch (error) {
    console.error(JSON.stringify({ level: 'error', message: 'shell data unavailable', error: String(error) }))
    return null
  }
}
