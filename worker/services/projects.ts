import { and, asc, desc, eq, max, ne } from 'drizzle-orm'
import { DEFAULT_ORDER } from '../../schema/constants'
import type { ProjectInput } from '../../schema/payloads'
import { type PublicProjectPageFields, publicProject, publicProjectPage } from '../../schema/project-card'
import { slugify } from '../../schema/slug'
import type { Db } from '../db'
import { tables } from '../db'
import { Invalid, NotFound } from './errors'

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

/**
 * A project page by its slug: the project's public projection, or the slug it
 * now has when this one is an old slug (the page answers 301), or NotFound.
 */
export async function findPublicProjectBySlug(
  db: Db,
  slug: string,
): Promise<{ project: PublicProjectPageFields } | { movedTo: string }> {
  const [row] = await db.select().from(tables.projects).where(eq(tables.projects.slug, slug)).limit(1)
  if (row) return { project: publicProjectPage(row) }
  const [old] = await db
    .select({ slug: tables.projects.slug })
    .from(tables.projectSlugHistory)
    .innerJoin(tables.projects, eq(tables.projects.id, tables.projectSlugHistory.projectId))
    .where(eq(tables.projectSlugHistory.slug, slug))
    .limit(1)
  if (old) return { movedTo: old.slug }
  throw new NotFound('Project not found')
}

/** The public pages' sitemap entries: every project's slug and last change. */
export function listProjectSlugs(db: Db) {
  return db
    .select({ slug: tables.projects.slug, updatedAt: tables.projects.updatedAt })
    .from(tables.projects)
    .orderBy(asc(tables.projects.order), desc(tables.projects.createdAt), desc(tables.projects.id))
}

/** Whether a slug names another project now, or named one before (an old slug must keep redirecting). */
async function slugTaken(db: Db, slug: string, ownId?: number) {
  const [current] = await db
    .select({ id: tables.projects.id })
    .from(tables.projects)
    .where(
      ownId === undefined
        ? eq(tables.projects.slug, slug)
        : and(eq(tables.projects.slug, slug), ne(tables.projects.id, ownId)),
    )
    .limit(1)
  if (current) return true
  const [old] = await db
    .select({ projectId: tables.projectSlugHistory.projectId })
    .from(tables.projectSlugHistory)
    .where(eq(tables.projectSlugHistory.slug, slug))
    .limit(1)
  return old !== undefined && old.projectId !== ownId
}

/** A generated slug made unique with a number ("scheduler", "scheduler-2", ...). */
async function freeSlug(db: Db, base: string, ownId?: number) {
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`
    if (!(await slugTaken(db, candidate, ownId))) return candidate
  }
}

/** The owner's chosen slug must be free; a generated one is made free. */
async function resolveSlug(db: Db, input: ProjectInput, ownId?: number) {
  if (input.slug) {
    if (await slugTaken(db, input.slug, ownId)) {
      throw new Invalid({ slug: 'Another project already uses this slug' })
    }
    return input.slug
  }
  return freeSlug(db, slugify(input.title), ownId)
}

/** Where a project without a typed order goes: after every other (docs/decisions/055-project-order.md). */
async function lastOrder(db: Db) {
  const [row] = await db.select({ value: max(tables.projects.order) }).from(tables.projects)
  return row?.value === null || row?.value === undefined ? DEFAULT_ORDER : row.value + 1
}

export async function createProject(db: Db, input: ProjectInput) {
  const slug = await resolveSlug(db, input)
  const order = input.order ?? (await lastOrder(db))
  const [row] = await db
    .insert(tables.projects)
    .values({ ...input, slug, order })
    .returning()
  return row!
}

/**
 * Replaces every editable field (the admin dialog always sends the whole
 * project). A blank slug or order keeps the current one; a changed slug
 * leaves the old one behind so its links answer 301.
 */
export async function updateProject(db: Db, id: number, input: ProjectInput) {
  const current = await getProject(db, id)
  const slug = input.slug ? await resolveSlug(db, input, id) : current.slug
  const order = input.order ?? current.order
  const update = db
    .update(tables.projects)
    .set({ ...input, slug, order })
    .where(eq(tables.projects.id, id))
    .returning()
  if (slug === current.slug) {
    const [row] = await update
    if (!row) throw new NotFound('Project not found')
    return row
  }
  const [, , [row]] = await db.batch([
    // The new slug may be one this project had before: it is current again, not a redirect.
    db.delete(tables.projectSlugHistory).where(eq(tables.projectSlugHistory.slug, slug)),
    db
      .insert(tables.projectSlugHistory)
      .values({ slug: current.slug, projectId: id })
      .onConflictDoUpdate({ target: tables.projectSlugHistory.slug, set: { projectId: id } }),
    update,
  ])
  if (!row) throw new NotFound('Project not found')
  return row
}

/**
 * Saves the owner's arrangement: the ids in the order wanted, every project
 * exactly once. Orders become 0, 1, 2, ... in one batch (a transaction).
 */
export async function reorderProjects(db: Db, ids: number[]) {
  const existing = await db.select({ id: tables.projects.id }).from(tables.projects)
  const known = new Set(existing.map((r) => r.id))
  if (ids.length !== known.size || ids.some((id) => !known.has(id))) {
    throw new Invalid({ ids: 'List every project exactly once' })
  }
  const updates = ids.map((id, index) =>
    db.update(tables.projects).set({ order: index }).where(eq(tables.projects.id, id)),
  )
  await db.batch(updates as [(typeof updates)[number], ...typeof updates])
  return listProjects(db)
}

export async function deleteProject(db: Db, id: number) {
  const [row] = await db
    .delete(tables.projects)
    .where(eq(tables.projects.id, id))
    .returning({ id: tables.projects.id })
  if (!row) throw new NotFound('Project not found')
  return row.id
}
