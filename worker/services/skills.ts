import { asc } from 'drizzle-orm'
import type { Db } from '../db'
import { tables } from '../db'

export function listSkills(db: Db) {
  return db.select().from(tables.skills).orderBy(asc(tables.skills.category), asc(tables.skills.name))
}
