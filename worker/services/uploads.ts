import { desc, eq } from 'drizzle-orm'
import type { Db } from '../db'
import { tables } from '../db'
import { deleteObjectAfterRow, storeThenRecord } from '../files/store'
import type { CheckedUpload } from '../files/upload'
import { NotFound } from './errors'

type UploadRow = typeof tables.uploadedFiles.$inferSelect

/** The owner's view of a file: everything but the R2 key. */
export function fileMetadata(row: UploadRow) {
  const { objectKey: _key, ...rest } = row
  return rest
}

export async function listUploads(db: Db) {
  const rows = await db
    .select()
    .from(tables.uploadedFiles)
    .orderBy(desc(tables.uploadedFiles.createdAt), desc(tables.uploadedFiles.id))
  return rows.map(fileMetadata)
}

export async function createUpload(db: Db, bucket: R2Bucket, upload: CheckedUpload) {
  const row = await storeThenRecord(bucket, 'uploads', upload, async (objectKey) => {
    const [inserted] = await db
      .insert(tables.uploadedFiles)
      .values({ originalName: upload.name, mimetype: upload.mime, size: upload.bytes.byteLength, objectKey })
      .returning()
    return inserted!
  })
  return fileMetadata(row)
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
