import { desc, eq } from 'drizzle-orm'
import type { Db } from '../db'
import { tables } from '../db'

/** The public metadata of the active resume, or null when none is active. */
export async function getActiveResume(db: Db) {
  const [row] = await db
    .select()
    .from(tables.resumes)
    .where(eq(tables.resumes.isActive, true))
    .orderBy(desc(tables.resumes.updatedAt))
    .limit(1)
  return row ?? null
}

/** Public fields only: the R2 key stays on the server. */
export function publicResume(row: typeof tables.resumes.$inferSelect) {
  const { objectKey: _key, ...rest } = row
  return rest
}
