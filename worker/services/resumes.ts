import { and, desc, eq, exists, ne } from 'drizzle-orm'
import type { Db } from '../db'
import { tables } from '../db'
import { deleteObjectAfterRow, storeThenRecord } from '../files/store'
import type { CheckedUpload } from '../files/upload'
import { NotFound } from './errors'

type ResumeRow = typeof tables.resumes.$inferSelect

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
export function publicResume(row: ResumeRow) {
  const { objectKey: _key, ...rest } = row
  return rest
}

/** Every resume, newest first, without R2 keys. */
export async function listResumes(db: Db) {
  const rows = await db
    .select()
    .from(tables.resumes)
    .orderBy(desc(tables.resumes.createdAt), desc(tables.resumes.id))
  return rows.map(publicResume)
}

/** Stores an already checked upload; a new resume starts inactive until the owner activates it. */
export async function createResume(db: Db, bucket: R2Bucket, upload: CheckedUpload) {
  const row = await storeThenRecord(bucket, 'resumes', upload, async (objectKey) => {
    const [inserted] = await db
      .insert(tables.resumes)
      .values({
        originalName: upload.name,
        mimeType: upload.mime,
        fileSize: upload.bytes.byteLength,
        objectKey,
      })
      .returning()
    return inserted!
  })
  return publicResume(row)
}

/**
 * Makes one resume the active one. Both updates run in one D1 batch, which is
 * a transaction: no reader ever sees two active resumes or (when another was
 * active) none, and concurrent activations serialise. The first update is
 * guarded by the target's existence so an unknown id changes nothing (404).
 */
export async function activateResume(db: Db, id: number) {
  const t = tables.resumes
  const target = db.select({ id: t.id }).from(t).where(eq(t.id, id))
  const [, [row]] = await db.batch([
    db
      .update(t)
      .set({ isActive: false })
      .where(and(ne(t.id, id), eq(t.isActive, true), exists(target))),
    db.update(t).set({ isActive: true }).where(eq(t.id, id)).returning(),
  ])
  if (!row) throw new NotFound('Resume not found')
  return publicResume(row)
}

export async function deleteResume(db: Db, bucket: R2Bucket, id: number) {
  const [row] = await db
    .delete(tables.resumes)
    .where(eq(tables.resumes.id, id))
    .returning({ id: tables.resumes.id, objectKey: tables.resumes.objectKey })
  if (!row) throw new NotFound('Resume not found')
  await deleteObjectAfterRow(bucket, row.objectKey)
  return row.id
}
