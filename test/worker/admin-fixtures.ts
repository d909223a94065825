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

export const fixtures = {
  pdf: () => bytes('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n'),
  doc: () => bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], new Array(504).fill(0)),
  docx: () =>
    bytes([0x50, 0x4b, 0x03, 0x04], new Array(26).fill(0), 'word/document.xml', new Array(40).fill(0)),
  xlsx: () =>
    bytes([0x50, 0x4b, 0x03, 0x04], new Array(26).fill(0), 'xl/workbook.xml', new Array(40).fill(0)),
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
