import { INLINE_MIME_TYPES } from './sniff'

/** RFC 6266 header with an ASCII fallback and the UTF-8 name. */
export function contentDisposition(kind: 'attachment' | 'inline', filename: string) {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`
}

// Chrome refuses to start its PDF viewer in a sandboxed document (it counts as
// a plugin), so an inline PDF could not be viewed at all; Chrome also drops CSP
// headers on PDF documents. PDFs therefore get the strict policy without
// `sandbox`. https://github.com/whatwg/html/issues/3958
const SANDBOXED = "sandbox; default-src 'none'"
const PDF_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'"

/**
 * Headers for serving a stored file. The stored type was decided by sniffing at
 * upload, `nosniff` stops the browser from second-guessing it, only raster
 * images and PDF are inline (SVG, HTML-like text and documents download), and
 * the sandbox CSP means that even a file that somehow renders as a document can
 * run no script and load nothing.
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
    'Content-Security-Policy': essence === 'application/pdf' ? PDF_POLICY : SANDBOXED,
    'Cache-Control': 'private, no-store',
  }
}
