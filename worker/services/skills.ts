import { asc, eq } from 'drizzle-orm'
import type { SkillInput } from '../../schema/payloads'
import type { Db } from '../db'
import { tables } from '../db'
import { NotFound } from './errors'

export function listSkills(db: Db) {
  return db.select().from(tables.skills).orderBy(asc(tables.skills.category), asc(tables.skills.name))
}

export async function createSkill(db: Db, input: SkillInput) {
  const [row] = await db.insert(tables.skills).values(input).returning()
  return row!
}

export async function deleteSkill(db: Db, id: number) {
  const [row] = await db
    .delete(tables.skills)
    .where(eq(tables.skills.id, id))
    .returning({ id: tables.skills.id })
  if (!row) throw new NotFound('Skill not found')
  return row.id
}
