// The text a pdf-lib PDF shows, read back in workerd (no pdftotext there): each
// page's content stream is inflated and the strings of its text operators
// (Tj, hex-encoded in WinAnsi by the standard fonts) are joined, one text
// operator a line. Good enough to find a number or an amount; the Node test
// (test/node/invoice-pdf.test.ts) reads the layout with a real PDF reader.

const latin1 = new TextDecoder('latin1')

async function inflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes.slice()]).stream().pipeThrough(new DecompressionStream('deflate'))
  return new Uint8Array(await new Response(stream).arrayBuffer())
}

function indexOf(haystack: Uint8Array, needle: string, from: number): number {
  const first = needle.charCodeAt(0)
  for (let i = haystack.indexOf(first, from); i !== -1; i = haystack.indexOf(first, i + 1)) {
    let match = true
    for (let j = 1; j < needle.length && match; j++) match = haystack[i + j] === needle.charCodeAt(j)
    if (match) return i
  }
  return -1
}

export async function pdfText(bytes: Uint8Array): Promise<string> {
  const lines: string[] = []
  for (let at = indexOf(bytes, 'stream', 0); at !== -1; at = indexOf(bytes, 'stream', at + 1)) {
    // "endstream" also contains "stream": only a "stream" keyword opens data.
    if (latin1.decode(bytes.subarray(Math.max(0, at - 3), at)) === 'end') continue
    const dictionary = latin1.decode(bytes.subarray(Math.max(0, at - 300), at))
    let start = at + 'stream'.length
    if (bytes[start] === 0x0d) start++
    if (bytes[start] === 0x0a) start++
    const end = indexOf(bytes, 'endstream', start)
    if (end === -1) break
    // The end-of-line before "endstream" is not data (inflating it fails as junk).
    let stop = end
    if (bytes[stop - 1] === 0x0a) stop--
    if (bytes[stop - 1] === 0x0d) stop--
    const raw = bytes.subarray(start, stop)
    const data =
      dictionary.lastIndexOf('/FlateDecode') > dictionary.lastIndexOf('<<')
        ? await inflate(raw).catch(() => null)
        : raw
    if (!data) continue
    const content = latin1.decode(data)
    for (const m of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g)) {
      if (m[1] !== undefined) {
        const hex = m[1]
        let text = ''
        for (let i = 0; i + 1 < hex.length; i += 2)
          text += String.fromCharCode(Number.parseInt(hex.slice(i, i + 2), 16))
        lines.push(text)
      } else lines.push(m[2]!.replace(/\\(.)/g, '$1'))
    }
    at = end
  }
  return lines.join('\n')
}
