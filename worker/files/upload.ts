import { MAX_UPLOAD_BYTES } from '../../schema/constants'
import { Invalid, TooLarge } from '../services/errors'
import { type FileKind, type SniffedFile, sniffFile } from './sniff'

export const UPLOAD_MESSAGES = {
  missing: 'Choose a file to upload',
  empty: 'The file is empty',
  tooLarge: 'The file must be at most 10 MB',
  resumeType: 'Only PDF, DOC or DOCX files are accepted',
  fileType: 'Only images, PDF, DOC, DOCX, TXT or MD files are accepted',
  nameTooLong: 'The file name must be at most 255 characters',
} as const

// Checks throw the service layer's domain errors, so the portal's page actions
// and the REST edge share them without this module knowing about HTTP (ADR 119).

/** What readUpload needs of a request: its multipart body (Hono's request has it, so does a Request). */
export type MultipartSource = { formData(): Promise<FormData> }

export type CheckedUpload = SniffedFile & { name: string; bytes: Uint8Array }

/**
 * Reads one file from a multipart body and checks it: present, not empty, at
 * most 10 MB, and of an allowed kind judged by its content. Failures are 400s
 * (413 for size) naming the form field, in the API's one error shape.
 */
export async function readUpload(
  req: MultipartSource,
  field: string,
  allowed: readonly FileKind[],
  typeMessage: string,
): Promise<CheckedUpload> {
  // A body that is not a readable multipart form has no file in it either.
  const form = await req.formData().catch(() => null)
  return checkUpload(form?.get(field) ?? null, field, allowed, typeMessage)
}

/**
 * The checks of one uploaded file, wherever it came from (an API body, or a
 * portal page's form): present, not empty, at most 10 MB, of an allowed kind
 * judged by its content.
 */
export async function checkUpload(
  file: unknown,
  field: string,
  allowed: readonly FileKind[],
  typeMessage: string,
): Promise<CheckedUpload> {
  if (!(file instanceof File)) throw new Invalid({ [field]: UPLOAD_MESSAGES.missing })
  if (file.size === 0) throw new Invalid({ [field]: UPLOAD_MESSAGES.empty })
  if (file.size > MAX_UPLOAD_BYTES) {
    throw new TooLarge(UPLOAD_MESSAGES.tooLarge, { [field]: UPLOAD_MESSAGES.tooLarge })
  }
  // Some browsers send a path; control characters would break headers later.
  const name =
    file.name
      .split(/[\\/]/)
      .pop()!
      .replace(/\p{Cc}/gu, '')
      .trim() || 'file'
  if (name.length > 255) throw new Invalid({ [field]: UPLOAD_MESSAGES.nameTooLong })
  const bytes = new Uint8Array(await file.arrayBuffer())
  const sniffed = sniffFile(bytes, name, allowed)
  if (!sniffed) throw new Invalid({ [field]: typeMessage })
  return { ...sniffed, name, bytes }
}
