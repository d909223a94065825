// The PDF fonts as static assets (ADR 110): the client build copies the files
// named in worker/pdf/font-files.ts from their packages to dist/client/fonts/,
// where the Worker reads them through its ASSETS binding (`npm start`, the
// Worker tests after a build, a deploy); `npm run dev` serves them from the
// packages. They never enter the Worker's bundle.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Plugin } from 'vite'
import { PDF_FONTS, PDF_FONTS_PATH, type PdfFontFile } from '../worker/pdf/font-files.ts'

const require = createRequire(import.meta.url)
const fontPath = (file: PdfFontFile) => require.resolve(PDF_FONTS[file])

export function pdfFonts(): Plugin {
  return {
    name: 'pdf-fonts',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle() {
      for (const file of Object.keys(PDF_FONTS) as PdfFontFile[])
        this.emitFile({
          type: 'asset',
          fileName: `${PDF_FONTS_PATH.slice(1)}${file}`,
          source: readFileSync(fontPath(file)),
        })
    },
    configureServer(server) {
      server.middlewares.use(PDF_FONTS_PATH, (req, res, next) => {
        const file = req.url?.slice(1) as PdfFontFile | undefined
        if (!file || !(file in PDF_FONTS)) return next()
        res.setHeader('Content-Type', 'font/ttf')
        res.end(readFileSync(fontPath(file)))
      })
    },
  }
}
