import { log } from '../log'
import type { CheckedUpload } from './upload'

/**
 * Puts the object in R2 first and only then records it in D1: a row never
 * points at a missing object. If recording fails the object is deleted again,
 * so no orphan is left behind either.
 */
export async function storeThenRecord<Row>(
  bucket: R2Bucket,
  prefix: 'resumes' | 'uploads' | 'images' | 'maintenance',
  upload: CheckedUpload,
  record: (objectKey: string) => Promise<Row>,
): Promise<Row> {
  // A public image's key ends in its extension: the key's tail is its public name (/media/{uuid}.png).
  const objectKey = `${prefix}/${crypto.randomUUID()}${prefix === 'images' ? `.${upload.kind === 'jpeg' ? 'jpg' : upload.kind}` : ''}`
  await bucket.put(objectKey, upload.bytes, {
    httpMetadata: { contentType: upload.mime },
    customMetadata: { originalName: upload.name },
  })
  try {
    return await record(objectKey)
  } catch (err) {
    await bucket
      .delete(objectKey)
      .catch((deleteErr: unknown) =>
        log('error', 'orphaned R2 object after a failed insert', { objectKey, error: String(deleteErr) }),
      )
    throw err
  }
}

/**
 * Deletes the row first, then the object. If the object delete fails the file
 * is merely unreachable (no row names it, so nothing can serve it); the other
 * order could leave a listed file whose download is gone.
 */
export async function deleteObjectAfterRow(bucket: R2Bucket, objectKey: string) {
  try {
    await bucket.delete(objectKey)
  } catch (err) {
    log('error', 'R2 delete failed after the row was removed', { objectKey, error: String(err) })
  }
}
