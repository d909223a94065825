import { asc } from 'drizzle-orm'
import type { Db } from '../db'
import { tables } from '../db'

export function listContent(db: Db) {
  return db.select().from(tables.pageContent).orderBy(asc(tables.pageContent.key))
}
