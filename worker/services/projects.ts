import { asc, desc, eq } from 'drizzle-orm'
import type { ProjectInput } from '../../schema/payloads'
import { publicProject } from '../../schema/project-card'
import type { Db } from '../db'
import { tables } from '../db'
import { NotFound } from './errors'

/** All projects, ordered by `order`, then newest first (SPEC §7 and the public-site issue). */
export function listProjects(db: Db) {
  return db
    .select()
    .from(tables.projects)
    .orderBy(asc(tables.projects.order), desc(tables.projects.createdAt), desc(tables.projects.id))
}

/** What anonymous visitors get: each project's public projection (schema/project-card.ts). */
export async function listPublicProjects(db: Db) {
  return (await listProjects(db)).map(publicProject)
}

export async function getProject(db: Db, id: number) {
  const [row] = await db.select().from(tables.projects).where(eq(tables.projects.id, id)).limit(1)
  if (!row) throw new NotFound('Project not found')
  return row
}

export async function createProject(db: Db, input: ProjectInput) {
  const [row] = await db.insert(tables.projects).values(input).returning()
  return row!
}

/** Replaces every editable field (the admin dialog always sends the whole project). */
export async function updateProject(db: Db, id: number, input: ProjectInput) {
  const [row] = await db.update(tables.projects).set(input).where(eq(tables.projects.id, id)).returning()
  if (!row) throw new NotFound('Project not found')
  return row
}

export async function deleteProject(db: Db, id: number) {
  const [row] = await db
    .delete(tables.projects)
    .where(eq(tables.projects.id, id))
    .returning({ id: tables.projects.id })
  if (!row) throw new NotFound('Project not found')
  return row.id
}
