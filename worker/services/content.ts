import { asc, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { ContentInput, contentBody } from '../../schema/payloads'
import { type ContentPage, publicBlocks } from '../../schema/public-content'
import type { Db } from '../db'
import { tables } from '../db'
import { NotFound } from './errors'

export function listContent(db: Db) {
  return db.select().from(tables.pageContent).orderBy(asc(tables.pageContent.key))
}

/** The blocks the public pages read (all of them, or one page's). */
export async function listPublicContent(db: Db, page?: ContentPage) {
  return publicBlocks(await listContent(db), page)
}

/**
 * Saves a block by key: an existing key is updated, a new one created (SPEC §4).
 * The look-up and the upsert run in one D1 batch (a transaction), so `created`
 * is exact even when two saves of the same new key race; REST answers 201 or 200 from it.
 */
export async function saveContent(db: Db, input: ContentInput) {
  const [existing, [block]] = await db.batch([
    db
      .select({ key: tables.pageContent.key })
      .from(tables.pageContent)
      .where(eq(tables.pageContent.key, input.key)),
    db
      .insert(tables.pageContent)
      .values(input)
      .onConflictDoUpdate({
        target: tables.pageContent.key,
        set: { content: input.content, contentType: input.contentType, updatedAt: new Date() },
      })
      .returning(),
  ])
  return { block: block!, created: existing.length === 0 }
}

/** Updates an existing block; 404 when the key does not exist. */
export async function updateContent(db: Db, key: string, input: z.output<typeof contentBody>) {
  const [row] = await db
    .update(tables.pageContent)
    .set({ content: input.content, contentType: input.contentType })
    .where(eq(tables.pageContent.key, key))
    .returning()
  if (!row) throw new NotFound('Content block not found')
  return row
}

/** Removes a block: a key a page reads shows its default text again; an unused block is gone. */
export async function deleteContent(db: Db, key: string) {
  const [row] = await db
    .delete(tables.pageContent)
    .where(eq(tables.pageContent.key, key))
    .returning({ key: tables.pageContent.key })
  if (!row) throw new NotFound('Content block not found')
  return row.key
}
