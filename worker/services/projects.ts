import { asc, desc } from 'drizzle-orm'
import type { Db } from '../db'
import { tables } from '../db'

/** All projects, ordered by `order`, then newest first (SPEC §7 and the public-site issue). */
export function listProjects(db: Db) {
  return db
    .select()
    .from(tables.projects)
    .orderBy(asc(tables.projects.order), desc(tables.projects.createdAt), desc(tables.projects.id))
}
