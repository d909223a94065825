// The text a pdf-lib PDF shows, read back in workerd (no pdftotext there): the
// fonts are embedded Noto Sans subsets (worker/pdf/toolkit.ts), whose text
// operators hold glyph ids, so each page's font names are mapped to their
// ToUnicode tables and every `<hex> Tj` is decoded through the current font's,
// one text operator a line. Good enough to find a name, a number or an amount;
// the Node tests (test/node/pdf-names.test.ts) read the layout with a real PDF reader.
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  type PDFRef,
  type PDFStream,
} from 'pdf-lib'

const latin1 = new TextDecoder('latin1')

const streamText = (stream: PDFStream) =>
  latin1.decode(stream instanceof PDFRawStream ? decodePDFRawStream(stream).decode() : stream.getContents())

const hexChars = (hex: string) => {
  let out = ''
  for (let i = 0; i + 3 < hex.length; i += 4)
    out += String.fromCharCode(Number.parseInt(hex.slice(i, i + 4), 16))
  return out
}

/** A ToUnicode CMap's glyph-id-to-text table (bfchar and bfrange entries, as pdf-lib writes them). */
function toUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>()
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const [, gid, text] of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g))
      map.set(Number.parseInt(gid!, 16), hexChars(text!))
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
    for (const [, lo, hi, start] of block[1]!.matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g,
    )) {
      const first = Number.parseInt(start!, 16)
      for (let g = Number.parseInt(lo!, 16); g <= Number.parseInt(hi!, 16); g++)
        map.set(g, String.fromCodePoint(first + g - Number.parseInt(lo!, 16)))
    }
  return map
}

export async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes)
  const lines: string[] = []
  for (const page of doc.getPages()) {
    const fonts = new Map<string, Map<number, string>>()
    const fontDict = page.node.Resources()?.lookupMaybe(PDFName.of('Font'), PDFDict)
    for (const [name, ref] of fontDict?.entries() ?? []) {
      const font = doc.context.lookup(ref as PDFRef, PDFDict)
      const cmap = font.lookup(PDFName.of('ToUnicode'))
      if (cmap instanceof PDFRawStream) fonts.set(name.asString(), toUnicode(streamText(cmap)))
    }
    const contents = page.node.Contents()
    const streams =
      contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents]
    let current = new Map<number, string>()
    for (const stream of streams) {
      if (!stream) continue
      const content = streamText(stream as PDFStream)
      for (const m of content.matchAll(/(\/[^\s/]+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f]*)>\s*Tj/g)) {
        if (m[1]) current = fonts.get(m[1]) ?? new Map()
        else {
          const hex = m[2]!
          let text = ''
          for (let i = 0; i + 3 < hex.length; i += 4)
            text += current.get(Number.parseInt(hex.slice(i, i + 4), 16)) ?? '?'
          lines.push(text)
        }
      }
    }
  }
  // One drawn run a line: text drawn in two fonts ("Alice " and "李") is two lines here.
  return lines.join('\n')
}
