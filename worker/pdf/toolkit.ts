// One PDF toolkit for every document the Worker draws (quotes, invoices, and
// the notices, analyses, inventories and reports to come; ADR 110): one page
// size (US Letter), one text cleaner, one line wrapper, page breaks, and
// embedded Noto Sans so that any client's name prints as typed. Only reached
// through a renderer that services load with import() (ADR 103), so pdf-lib
// and fontkit stay out of the Worker's start-up modules.
import fontkit from '@pdf-lib/fontkit'
import { PDFDocument, type PDFFont, type PDFPage, type RGB, rgb } from 'pdf-lib'
import { markdownBlocks } from '../../schema/markdown'
import { PDF_FONTS_PATH, type PdfFontFile } from './font-files'

/** US Letter in points: the clients are in the US, and every document prints on the same paper. */
export const PAGE = { width: 612, height: 792, margin: 50 } as const

export const INK = rgb(0.06, 0.09, 0.16)
export const MUTED = rgb(0.35, 0.4, 0.47)

/** A font file's bytes by name: the ASSETS binding in the Worker, the packages' files in a Node test. */
export type FontFiles = (file: PdfFontFile) => Promise<Uint8Array>
/** What a renderer is given: a font reader, or a Fetcher over the static assets (the Worker's env.ASSETS). */
export type FontSource = FontFiles | { fetch(request: Request): Promise<Response> }

// Font files are the same for every document: read once per isolate. The CJK
// one is 10 MB, so it is read only by the first document that needs it. Only
// the bytes are kept: a pending read belongs to the request that started it,
// and the Workers runtime refuses to let another request wait on its I/O
// ("Cannot perform I/O on behalf of a different request"), so two documents
// drawn at once by two requests each read a font the first time.
const cache = new Map<string, Uint8Array>()

function reader(source: FontSource): FontFiles {
  if (typeof source === 'function') return source
  return async (file) => {
    const cached = cache.get(file)
    if (cached) return cached
    const res = await source.fetch(new Request(`https://assets.invalid${PDF_FONTS_PATH}${file}`))
    if (!res.ok)
      throw new Error(`PDF font ${file} is not in the static assets (${res.status}); run the build`)
    const bytes = new Uint8Array(await res.arrayBuffer())
    cache.set(file, bytes)
    return bytes
  }
}

/**
 * Text as one drawable line: Unicode normalised to its composed form (a
 * decomposed "ễ" has a glyph only composed), tabs as spaces, other control
 * characters and invisible format characters dropped. Newlines are kept for
 * the wrapper; `line()` turns them into spaces.
 */
export function cleanText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(/\t/g, '    ')
    .replace(/(?!\n)[\p{Cc}\p{Cf}]/gu, '')
}

const oneLine = (text: string) => cleanText(text).replace(/\n+/g, ' ')

/** Scripts Noto Sans does not have and Noto Sans SC does: Han, kana, CJK punctuation, full-width forms. */
const CJK_CLASS =
  '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\u3000-\\u303F\\u31F0-\\u31FF\\uFF00-\\uFFEF'
const CJK = new RegExp(`[${CJK_CLASS}]`, 'u')
/** A wrap piece: one CJK character (CJK text breaks between any two), or a run of other characters. */
const PIECE = new RegExp(`[${CJK_CLASS}]|[^${CJK_CLASS}]+`, 'gu')

// pdftotext and copy-paste read the characters back through each font's
// ToUnicode map; ligatures would read "fi" as one glyph for two letters.
// Kerning off too: a line's width is then the sum of its characters' advances,
// which the wrapper measures from a cache instead of shaping every candidate.
const FEATURES = { liga: false, clig: false, dlig: false, calt: false, kern: false }

type Run = { text: string; font: PDFFont }

// @pdf-lib/fontkit 1.1.1's subsetter copies each glyph's bytes as they are,
// then writes the short `loca` format (offsets stored halved) whenever the
// subset is small. Noto Sans stores many glyphs at odd lengths (its own `loca`
// is the long format, which allows that), so in the subset every glyph after
// an odd one started a byte off: PDFium and poppler drew most letters blank
// while pdftotext, which reads only the text layer, read them all (issue 52).
// TrueType asks for glyph data padded to an even length; padding each copied
// glyph makes the halved offsets exact. Patched once, on the subset class.
type GlyphSubset = {
  glyf: Uint8Array[]
  offset: number
  _addGlyph(gid: number): number
}
const paddedSubsets = new WeakSet<object>()
function padGlyphs(subsetClass: GlyphSubset) {
  if (paddedSubsets.has(subsetClass) || typeof subsetClass._addGlyph !== 'function') return
  const addGlyph = subsetClass._addGlyph
  subsetClass._addGlyph = function (this: GlyphSubset, gid: number) {
    const index = addGlyph.call(this, gid)
    const bytes = this.glyf[index] as Uint8Array
    if (bytes.length % 2 === 1) {
      // fontkit's own Buffer class (a polyfill in the Worker): its encoder takes no plain Uint8Array.
      const padded = (bytes.constructor as unknown as { alloc(n: number): Uint8Array }).alloc(
        bytes.length + 1,
      )
      padded.set(bytes)
      this.glyf[index] = padded
      this.offset += 1
    }
    return index
  }
  paddedSubsets.add(subsetClass)
}
const evenGlyphFontkit: typeof fontkit = {
  ...fontkit,
  create(...args: Parameters<typeof fontkit.create>) {
    const font = fontkit.create(...args)
    padGlyphs(Object.getPrototypeOf(font.createSubset()))
    return font
  },
}

/** What a character that no font has prints as: a look-alike where there is one, else "?". */
const LOOKALIKES: Record<string, string> = {
  '\u2192': '->',
  '\u2190': '<-',
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2713': 'v',
  '\u2714': 'v',
}

export type TextStyle = { size?: number; bold?: boolean; color?: RGB }

/**
 * A document being drawn: fonts embedded (subset: only the glyphs used are
 * stored), a page and a cursor `y` that moves down, a new page when one is full.
 */
export class PdfDocument {
  page!: PDFPage
  y = 0
  private constructor(
    readonly doc: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
    private readonly fallback: PDFFont | null,
  ) {
    this.newPage()
  }

  /**
   * `allText`: every text the document will show (its data as JSON will do):
   * the CJK font is read and embedded only when some of it needs that font.
   */
  static async create(
    fontSource: FontSource,
    allText: string,
    info: { title: string; author: string; date: Date },
  ) {
    const files = reader(fontSource)
    const doc = await PDFDocument.create()
    doc.registerFontkit(evenGlyphFontkit)
    const needsCjk = CJK.test(cleanText(allText))
    const [regularBytes, boldBytes, cjkBytes] = await Promise.all([
      files('NotoSans-Regular.ttf'),
      files('NotoSans-Bold.ttf'),
      needsCjk ? files('NotoSansSC-Regular.ttf') : null,
    ])
    // One after the other, in a fixed order, with fixed names (pdf-lib would add
    // a random tag): the bytes stay a function of the content.
    const embed = (bytes: Uint8Array, file: PdfFontFile) =>
      doc.embedFont(bytes, { subset: true, features: FEATURES, customName: file.replace(/\.ttf$/, '') })
    const regular = await embed(regularBytes, 'NotoSans-Regular.ttf')
    const bold = await embed(boldBytes, 'NotoSans-Bold.ttf')
    const fallback = cjkBytes ? await embed(cjkBytes, 'NotoSansSC-Regular.ttf') : null
    doc.setTitle(oneLine(info.title))
    doc.setAuthor(oneLine(info.author))
    doc.setCreator(oneLine(info.author))
    doc.setProducer('pdf-lib')
    doc.setCreationDate(info.date)
    doc.setModificationDate(info.date)
    return new PdfDocument(doc, regular, bold, fallback)
  }

  get right() {
    return PAGE.width - PAGE.margin
  }

  newPage() {
    this.page = this.doc.addPage([PAGE.width, PAGE.height])
    this.y = PAGE.height - PAGE.margin
  }

  /** A new page unless `height` more points fit above the bottom margin. */
  ensure(height: number) {
    if (this.y - height < PAGE.margin) this.newPage()
  }

  /**
   * The text split by the font that has each character: the style's Noto Sans,
   * else Noto Sans SC; a character no font has (an emoji) prints as "?".
   */
  private runs(text: string, bold: boolean): Run[] {
    const main = bold ? this.bold : this.regular
    const out: Run[] = []
    for (const ch of oneLine(text)) {
      const cp = ch.codePointAt(0)!
      let font = main
      let shown = ch
      if (!has(main, cp)) {
        if (this.fallback && has(this.fallback, cp)) font = this.fallback
        else shown = LOOKALIKES[ch] ?? '?'
      }
      const last = out.at(-1)
      if (last && last.font === font) last.text += shown
      else out.push({ text: shown, font })
    }
    return out
  }

  /** The width of a line of text in points. */
  width(text: string, { size = 10, bold = false }: TextStyle = {}): number {
    return this.runs(text, bold).reduce((w, r) => w + runWidth(r, size), 0)
  }

  /** Draws one line at `x` (or ending at `x` with alignRight) on the cursor's line. */
  draw(text: string, x: number, style: TextStyle & { alignRight?: boolean } = {}) {
    const size = style.size ?? 10
    let at = style.alignRight ? x - this.width(text, style) : x
    for (const run of this.runs(text, !!style.bold)) {
      this.page.drawText(run.text, { x: at, y: this.y, size, font: run.font, color: style.color ?? INK })
      at += runWidth(run, size)
    }
  }

  /**
   * Lines no wider than `width`: paragraphs kept, broken at spaces, and a word
   * wider than the line (a hash, a URL) cut; CJK text, which has no spaces,
   * breaks between any two characters.
   */
  wrap(text: string, width: number, style: TextStyle = {}): string[] {
    const fits = (s: string) => this.width(s, style) <= width
    const out: string[] = []
    for (const paragraph of cleanText(text).split('\n')) {
      let line = ''
      // Pieces of one word (CJK characters) join without the space that words get.
      const pieces = paragraph
        .split(/ +/)
        .flatMap((word) => (word.match(PIECE) ?? [word]).map((piece, i) => ({ piece, glue: i ? '' : ' ' })))
      for (const { piece: word, glue: space } of pieces) {
        const glue = line ? space : ''
        const candidate = `${line}${glue}${word}`
        if (fits(candidate) || !line) {
          line = candidate
          while (!fits(line) && [...line].length > 1) {
            const chars = [...line]
            let cut = chars.length - 1
            while (cut > 1 && !fits(chars.slice(0, cut).join(''))) cut--
            out.push(chars.slice(0, cut).join(''))
            line = chars.slice(cut).join('')
          }
        } else {
          out.push(line)
          line = word
        }
      }
      out.push(line)
    }
    return out
  }

  /** Writes wrapped text down the page from the cursor, breaking pages as needed. */
  paragraph(text: string, style: TextStyle & { indent?: number; gap?: number; lineHeight?: number } = {}) {
    const size = style.size ?? 10
    const indent = style.indent ?? 0
    const lineHeight = style.lineHeight ?? size + 2
    for (const line of this.wrap(text, this.right - PAGE.margin - indent, style)) {
      this.ensure(lineHeight)
      this.y -= lineHeight
      this.draw(line, PAGE.margin + indent, style)
    }
    this.y -= style.gap ?? 4
  }

  /** A label and a value on one line, the value right-aligned (totals). */
  row(label: string, value: string, style: TextStyle = {}) {
    const size = style.size ?? 10
    this.ensure(size)
    this.y -= size + 4
    this.draw(label, PAGE.margin, style)
    this.draw(value, this.right, { ...style, alignRight: true })
  }

  /** The project's markdown subset (schema/markdown.ts): headings, bullets, rules and paragraphs. */
  markdown(md: string) {
    for (const block of markdownBlocks(md)) {
      if (block.kind === 'heading') this.paragraph(block.text, { size: 12, bold: true, gap: 6 })
      else if (block.kind === 'bullet') this.paragraph(`- ${block.text}`, { indent: 12, gap: 2 })
      else if (block.kind === 'rule') this.y -= 8
      else this.paragraph(block.text, { gap: 8 })
    }
  }

  line(x1: number, x2: number, color: RGB = MUTED) {
    this.page.drawLine({ start: { x: x1, y: this.y }, end: { x: x2, y: this.y }, thickness: 0.5, color })
  }

  save(): Promise<Uint8Array> {
    return this.doc.save()
  }
}

// pdf-lib's embedded custom font keeps its fontkit font: asking it per code
// point avoids building the 30,000-character set of the CJK font.
const has = (font: PDFFont, cp: number) =>
  (
    font as unknown as { embedder: { font: { hasGlyphForCodePoint(cp: number): boolean } } }
  ).embedder.font.hasGlyphForCodePoint(cp)

const advances = new WeakMap<PDFFont, Map<string, number>>()

/** A run's width: the sum of its characters' advances (at 1000 units), measured once per font. */
function runWidth(run: Run, size: number): number {
  let widths = advances.get(run.font)
  if (!widths) {
    widths = new Map()
    advances.set(run.font, widths)
  }
  let total = 0
  for (const ch of run.text) {
    let w = widths.get(ch)
    if (w === undefined) {
      w = run.font.widthOfTextAtSize(ch, 1000)
      widths.set(ch, w)
    }
    total += w
  }
  return (total * size) / 1000
}
