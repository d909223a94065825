import { and, asc, eq, max } from 'drizzle-orm'
import type { SkillInput } from '../../schema/payloads'
import type { Db } from '../db'
import { tables } from '../db'
import { Invalid, NotFound } from './errors'

/** Skills by category, each category in the owner's arrangement (then by name for equal places). */
export function listSkills(db: Db) {
  return db
    .select()
    .from(tables.skills)
    .orderBy(asc(tables.skills.category), asc(tables.skills.order), asc(tables.skills.name))
}

/** A new skill goes last in its category. */
export async function createSkill(db: Db, input: SkillInput) {
  const [last] = await db
    .select({ value: max(tables.skills.order) })
    .from(tables.skills)
    .where(eq(tables.skills.category, input.category))
  const order = last?.value === null || last?.value === undefined ? 0 : last.value + 1
  const [row] = await db
    .insert(tables.skills)
    .values({ ...input, order })
    .returning()
  return row!
}

/** Saves the arrangement of one category: its skills' ids in the order wanted, each exactly once. */
export async function reorderSkills(db: Db, category: string, ids: number[]) {
  const existing = await db
    .select({ id: tables.skills.id })
    .from(tables.skills)
    .where(eq(tables.skills.category, category))
  const known = new Set(existing.map((r) => r.id))
  if (known.size === 0) throw new NotFound('Skill category not found')
  if (ids.length !== known.size || ids.some((id) => !known.has(id))) {
    throw new Invalid({ ids: 'List every skill of the category exactly once' })
  }
  const updates = ids.map((id, index) =>
    db
      .update(tables.skills)
      .set({ order: index })
      .where(and(eq(tables.skills.id, id), eq(tables.skills.category, category))),
  )
  await db.batch(updates as [(typeof updates)[number], ...typeof updates])
  return listSkills(db)
}

export async function deleteSkill(db: Db, id: number) {
  const [row] = await db
    .delete(tables.skills)
    .where(eq(tables.skills.id, id))
    .returning({ id: tables.skills.id })
  if (!row) throw new NotFound('Skill not found')
  return row.id
}
