// The portal's files page (issue 24, /portal/files): an upload from a contact,
// with the owner's content checks (worker/files/upload.ts) and the client's quota.
import type { Db } from '../db'
import { FILE_KINDS } from '../files/sniff'
import { checkUpload } from '../files/upload'
import { clientScope, portalUpload } from './portal'
import { type PortalResult, refusedResult } from './portal-requests'
import type { PortalContact } from './portal-sessions'

/** One file from the contact, or why not (its field error). */
export async function uploadFromPortal(
  db: Db,
  bucket: R2Bucket,
  contact: PortalContact,
  file: File | null,
): Promise<PortalResult> {
  try {
    const checked = await checkUpload(
      file,
      'file',
      FILE_KINDS.filter((k) => k !== 'svg'),
      'Only images, PDF, DOC, DOCX, TXT or MD files are accepted',
    )
    await portalUpload(
      db,
      bucket,
      clientScope(contact.clientId, contact.contactId),
      contact.contactId,
      checked,
    )
    return { ok: true, message: 'Your file is uploaded.' }
  } catch (err) {
    return refusedResult(err)
  }
}
