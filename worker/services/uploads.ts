import { and, desc, eq } from 'drizzle-orm'
import type { Db } from '../db'
import { tables } from '../db'
import { IMAGE_PREFIX, mediaUrl } from '../files/images'
import { deleteObjectAfterRow, storeThenRecord } from '../files/store'
import type { CheckedUpload } from '../files/upload'
import { NotFound } from './errors'

type UploadRow = typeof tables.uploadedFiles.$inferSelect

/** The owner's view of a file: everything but the R2 key, plus its public address when it is a public image. */
export function fileMetadata(row: UploadRow) {
  const { objectKey, ...rest } = row
  return { ...rest, publicUrl: row.isPublic ? mediaUrl(objectKey) : null }
}

export async function listUploads(db: Db) {
  const rows = await db
    .select()
    .from(tables.uploadedFiles)
    .orderBy(desc(tables.uploadedFiles.createdAt), desc(tables.uploadedFiles.id))
  return rows.map(fileMetadata)
}

/** Stores a file; a public image (already checked to be raster by the caller) gets a public address. */
export async function createUpload(db: Db, bucket: R2Bucket, upload: CheckedUpload, isPublic = false) {
  const row = await storeThenRecord(bucket, isPublic ? 'images' : 'uploads', upload, async (objectKey) => {
    const [inserted] = await db
      .insert(tables.uploadedFiles)
      .values({
        originalName: upload.name,
        mimetype: upload.mime,
        size: upload.bytes.byteLength,
        objectKey,
        isPublic,
      })
      .returning()
    return inserted!
  })
  return fileMetadata(row)
}

/** A public image by its public name, for /media/{name}; 404 for anything else (owner-only files included). */
export async function openPublicImage(db: Db, bucket: R2Bucket, name: string) {
  const [row] = await db
    .select()
    .from(tables.uploadedFiles)
    .where(
      and(
        eq(tables.uploadedFiles.objectKey, `${IMAGE_PREFIX}${name}`),
        eq(tables.uploadedFiles.isPublic, true),
      ),
    )
    .limit(1)
  if (!row) throw new NotFound('Image not found')
  const object = await bucket.get(row.objectKey)
  if (!object) throw new NotFound('Image not found')
  return { file: row, object }
}

/** A stored file with its body, for serving; 404 when the row or the object is missing. */
export async function openUpload(db: Db, bucket: R2Bucket, id: number) {
  const [row] = await db.select().from(tables.uploadedFiles).where(eq(tables.uploadedFiles.id, id)).limit(1)
  if (!row) throw new NotFound('File not found')
  const object = await bucket.get(row.objectKey)
  if (!object) throw new NotFound('File not found')
  return { file: fileMetadata(row), object }
}

export async function deleteUpload(db: Db, bucket: R2Bucket, id: number) {
  const [row] = await db
    .delete(tables.uploadedFiles)
    .where(eq(tables.uploadedFiles.id, id))
    .returning({ id: tables.uploadedFiles.id, objectKey: tables.uploadedFiles.objectKey })
  if (!row) throw new NotFound('File not found')
  await deleteObjectAfterRow(bucket, row.objectKey)
  return row.id
}
