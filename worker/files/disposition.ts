import { INLINE_MIME_TYPES } from './sniff'

/** RFC 6266 header with an ASCII fallback and the UTF-8 name. */
export function contentDisposition(kind: 'attachment' | 'inline', filename: string) {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`
}

/**
 * Headers for serving a stored file. The stored type was decided by sniffing at
 * upload, `nosniff` stops the browser from second-guessing it, only raster
 * images and PDF are inline, and the sandbox CSP means that even a file that
 * somehow renders as a document can run no script and load nothing.
 */
export function fileHeaders(file: { mime: string; name: string; size: number }) {
  const essence = file.mime.split(';')[0]!.trim().toLowerCase()
  return {
    'Content-Type': file.mime,
    'Content-Length': String(file.size),
    'Content-Disposition': contentDisposition(
      INLINE_MIME_TYPES.has(essence) ? 'inline' : 'attachment',
      file.name,
    ),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "sandbox; default-src 'none'",
    'Cache-Control': 'private, no-store',
  }
}
