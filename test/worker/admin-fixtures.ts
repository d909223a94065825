// Small files of each kind, built in memory: the magic bytes are what matters.
const enc = new TextEncoder()
const bytes = (...parts: (string | number[])[]): Uint8Array<ArrayBuffer> => {
  const chunks = parts.map((p) => (typeof p === 'string' ? enc.encode(p) : new Uint8Array(p)))
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0))
  let at = 0
  for (const c of chunks) {
    out.set(c, at)
    at += c.length
  }
  return out
}

const u16 = (n: number) => [n & 0xff, (n >> 8) & 0xff]
const u32 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff]

/**
 * A ZIP archive with the named entries (stored, each holding `content`),
 * with its central directory and end record, as Word and Excel write them.
 * CRCs are left at 0: the sniffer reads the directory, not the data.
 */
export function zip(names: string[], content = 'x'): Uint8Array<ArrayBuffer> {
  const data = enc.encode(content)
  const locals: (string | number[])[] = []
  const central: (string | number[])[] = []
  let offset = 0
  for (const name of names) {
    const nameLen = enc.encode(name).length
    const common = [
      ...u16(20),
      ...u16(0),
      ...u16(0),
      ...u16(0),
      ...u16(0),
      ...u32(0),
      ...u32(data.length),
      ...u32(data.length),
      ...u16(nameLen),
      ...u16(0),
    ]
    locals.push([0x50, 0x4b, 0x03, 0x04, ...common], name, [...data])
    central.push(
      [
        0x50,
        0x4b,
        0x01,
        0x02,
        ...u16(20),
        ...common,
        ...u16(0),
        ...u16(0),
        ...u16(0),
        ...u32(0),
        ...u32(offset),
      ],
      name,
    )
    offset += 30 + nameLen + data.length
  }
  const dir = bytes(...central)
  const end = [
    0x50,
    0x4b,
    0x05,
    0x06,
    ...u16(0),
    ...u16(0),
    ...u16(names.length),
    ...u16(names.length),
    ...u32(dir.length),
    ...u32(offset),
    ...u16(0),
  ]
  return bytes(...locals, [...dir], end)
}

export const fixtures = {
  pdf: () => bytes('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n'),
  doc: () => bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], new Array(504).fill(0)),
  docx: () => zip(['[Content_Types].xml', '_rels/.rels', 'word/document.xml', 'word/styles.xml']),
  xlsx: () => zip(['[Content_Types].xml', 'xl/workbook.xml']),
  /** Mentions word/ in an entry's content and name, but has no word/document.xml entry. */
  fakeDocx: () => zip(['word/', 'notes.txt'], 'see word/document.xml'),
  png: () => bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], new Array(24).fill(1)),
  jpeg: () => bytes([0xff, 0xd8, 0xff, 0xe0], new Array(24).fill(1)),
  gif: () => bytes('GIF89a', new Array(24).fill(1)),
  webp: () => bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 ', new Array(24).fill(1)),
  // A Windows executable header ("MZ") and an ELF binary.
  exe: () =>
    bytes('MZ', [0x90, 0, 3, 0, 0, 0, 4, 0], new Array(56).fill(0), 'This program cannot be run in DOS mode'),
  elf: () => bytes([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0], new Array(56).fill(0)),
  text: (s = 'hello, world\n') => bytes(s),
  html: () => bytes('<!doctype html><html><body><script>alert(1)</script></body></html>'),
  svg: () => bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
}

export const asFile = (data: Uint8Array<ArrayBuffer>, type = 'application/octet-stream') =>
  new Blob([data], { type })
