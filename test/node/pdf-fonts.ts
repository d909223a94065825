// The PDF fonts for Node tests and the bench: the same files the build puts in
// the static assets (worker/pdf/font-files.ts), read from the packages.
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { PDF_FONTS, type PdfFontFile } from '../../worker/pdf/font-files'
import type { FontFiles } from '../../worker/pdf/toolkit'

const require = createRequire(import.meta.url)

/** Every file read, in order: a test sees whether the CJK font was needed. */
export const fontReads: PdfFontFile[] = []

export const packageFonts: FontFiles = async (file) => {
  fontReads.push(file)
  return new Uint8Array(await readFile(require.resolve(PDF_FONTS[file])))
}
