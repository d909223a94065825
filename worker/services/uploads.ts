import { and, asc, desc, eq, like, lt } from 'drizzle-orm'
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
        // The Worker's clock, not the database's: the orphan cleanup's 24 hours count from it.
        createdAt: new Date(),
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

/** An uploaded image no project or content block uses is removed this long after its upload (ADR 101). */
export const ORPHAN_IMAGE_AGE_MS = 24 * 60 * 60_000
/** Images looked at per cron run, so one run stays well inside its limits. */
const ORPHAN_BATCH = 50

/**
 * Removes public images (the picker's uploads, images/...) older than 24 hours
 * that nothing uses: no project (its image or any of its text) and no content
 * block names their /media address. A project creation that failed after its
 * upload, or an image replaced in the dialog, leaves such files (issue 28).
 * Rows go first, then objects (deleteObjectAfterRow). Answers what was removed.
 */
export async function purgeOrphanedImages(db: Db, bucket: R2Bucket, now: number) {
  const u = tables.uploadedFiles
  const candidates = await db
    .select({ id: u.id, objectKey: u.objectKey, originalName: u.originalName })
    .from(u)
    .where(
      and(
        eq(u.isPublic, true),
        like(u.objectKey, `${IMAGE_PREFIX}%`),
        lt(u.createdAt, new Date(now - ORPHAN_IMAGE_AGE_MS)),
      ),
    )
    .orderBy(asc(u.id))
    .limit(ORPHAN_BATCH)
  if (!candidates.length) return []
  // Everything that can name an image, as text: whole project rows (the image
  // field, and any /media address pasted into a description) and content blocks.
  const projects = await db.select().from(tables.projects)
  const blocks = await db.select({ content: tables.pageContent.content }).from(tables.pageContent)
  const used = [...projects.map((p) => JSON.stringify(p)), ...blocks.map((b) => b.content)].join('\n')
  const removed: { id: number; objectKey: string; originalName: string }[] = []
  for (const image of candidates) {
    if (used.includes(mediaUrl(image.objectKey)!)) continue
    const [row] = await db.delete(u).where(eq(u.id, image.id)).returning({ id: u.id })
    if (!row) continue
    await deleteObjectAfterRow(bucket, image.objectKey)
    removed.push(image)
  }
  return removed
}
