// Decides what an uploaded file really is from its first bytes, never from the
// name or the browser's declared type alone: an executable renamed .pdf stays
// an executable. The name's extension must also agree with the content, so a
// PDF cannot be smuggled in as "notes.txt" and come back with a misleading name.
// Signatures: https://www.garykessler.net/library/file_sigs.html and the WHATWG
// MIME Sniffing standard (https://mimesniff.spec.whatwg.org/#matching-an-image-type-pattern).

export type FileKind = 'pdf' | 'doc' | 'docx' | 'png' | 'jpeg' | 'gif' | 'webp' | 'text' | 'markdown' | 'svg'

export type SniffedFile = { kind: FileKind; mime: string }

export const MIME_TYPES: Record<FileKind, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  text: 'text/plain; charset=utf-8',
  markdown: 'text/markdown; charset=utf-8',
  svg: 'image/svg+xml',
}

const RASTER_EXTENSIONS = ['png', 'jpg', 'jpeg', 'jfif', 'gif', 'webp']

/** The extensions each kind may be uploaded under. Raster images share theirs: a PNG saved as .jpg is common and harmless. */
const EXTENSIONS: Record<FileKind, string[]> = {
  pdf: ['pdf'],
  doc: ['doc'],
  docx: ['docx'],
  png: RASTER_EXTENSIONS,
  jpeg: RASTER_EXTENSIONS,
  gif: RASTER_EXTENSIONS,
  webp: RASTER_EXTENSIONS,
  text: ['txt'],
  markdown: ['md', 'markdown'],
  svg: ['svg'],
}

/** What each upload purpose accepts (SPEC §5: resume .pdf/.doc/.docx; files images, .pdf, .doc, .docx, .txt, .md). */
export const RESUME_KINDS: readonly FileKind[] = ['pdf', 'doc', 'docx']
export const FILE_KINDS: readonly FileKind[] = [
  'pdf',
  'doc',
  'docx',
  'png',
  'jpeg',
  'gif',
  'webp',
  'svg',
  'text',
  'markdown',
]

/** Only these are ever shown inline by the browser; everything else (SVG and HTML included) is an attachment. */
export const INLINE_MIME_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
])

const ascii = (s: string) => Array.from(s, (ch) => ch.charCodeAt(0))

function startsWith(bytes: Uint8Array, signature: number[], offset = 0) {
  if (bytes.length < offset + signature.length) return false
  return signature.every((b, i) => bytes[offset + i] === b)
}

const u16 = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8)
const u32 = (b: Uint8Array, at: number) => (u16(b, at) | (u16(b, at + 2) << 16)) >>> 0

/**
 * The entry names of a ZIP's central directory (APPNOTE.TXT §4.3.12-16), or
 * null when it has none that can be read. The directory, not a byte search,
 * says what the archive holds: "word/" inside some entry's data proves nothing.
 */
export function zipEntryNames(bytes: Uint8Array): string[] | null {
  // The end record is 22 bytes plus a comment of at most 65,535.
  const last = bytes.length - 22
  let end = -1
  for (let i = last; i >= 0 && i >= last - 0xffff; i--) {
    if (u32(bytes, i) === 0x06054b50) {
      end = i
      break
    }
  }
  if (end < 0) return null
  const count = u16(bytes, end + 10)
  const size = u32(bytes, end + 12)
  const start = u32(bytes, end + 16)
  if (start + size > end) return null
  const names: string[] = []
  const decoder = new TextDecoder()
  let at = start
  for (let n = 0; n < count; n++) {
    if (at + 46 > end || u32(bytes, at) !== 0x02014b50) return null
    const nameLength = u16(bytes, at + 28)
    const skip = nameLength + u16(bytes, at + 30) + u16(bytes, at + 32)
    if (at + 46 + nameLength > end) return null
    names.push(decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)))
    at += 46 + skip
  }
  return names
}

const OLE_CFB = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]
const ZIP_LOCAL = [0x50, 0x4b, 0x03, 0x04]
/** The main part every WordprocessingML package has (ECMA-376 Part 2). */
const WORD_DOCUMENT = 'word/document.xml'

/** The binary kinds, recognised by their magic bytes. */
function binaryKind(bytes: Uint8Array): FileKind | null {
  if (startsWith(bytes, ascii('%PDF-'))) return 'pdf'
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg'
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif'
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBPVP'), 8)) return 'webp'
  // Word 97-2003 documents are OLE compound files. (So are .xls and .msi, but
  // those fail the extension check below.)
  if (startsWith(bytes, OLE_CFB)) return 'doc'
  // A .docx is a ZIP whose central directory lists word/document.xml; a ZIP
  // without it (an .xlsx, a .jar, a plain archive) is not a Word document.
  if (startsWith(bytes, ZIP_LOCAL)) return zipEntryNames(bytes)?.includes(WORD_DOCUMENT) ? 'docx' : null
  return null
}

/** Text is valid UTF-8 with no NUL byte (binary formats almost always contain one). */
export function isUtf8Text(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    return true
  } catch {
    return false
  }
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : ''
}

/**
 * The real kind and type of a file, or null when its content is not one of the
 * `allowed` kinds or does not match its name's extension.
 */
export function sniffFile(bytes: Uint8Array, name: string, allowed: readonly FileKind[]): SniffedFile | null {
  const ext = extensionOf(name)
  let kind = binaryKind(bytes)
  if (!kind && isUtf8Text(bytes)) {
    if (EXTENSIONS.text.includes(ext)) kind = 'text'
    else if (EXTENSIONS.markdown.includes(ext)) kind = 'markdown'
    else if (ext === 'svg' && /<svg[\s>]/i.test(new TextDecoder().decode(bytes.subarray(0, 4096))))
      kind = 'svg'
  }
  if (!kind || !allowed.includes(kind) || !EXTENSIONS[kind].includes(ext)) return null
  return { kind, mime: MIME_TYPES[kind] }
}
