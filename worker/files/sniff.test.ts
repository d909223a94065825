import { describe, expect, it } from 'vitest'
import { fixtures } from '../../test/worker/admin-fixtures'
import { FILE_KINDS, RESUME_KINDS, sniffFile } from './sniff'

describe('sniffFile', () => {
  it.each([
    ['cv.pdf', fixtures.pdf(), 'application/pdf'],
    ['cv.doc', fixtures.doc(), 'application/msword'],
    ['cv.DOCX', fixtures.docx(), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ])('accepts a real %s as a resume', (name, data, mime) => {
    expect(sniffFile(data, name, RESUME_KINDS)?.mime).toBe(mime)
  })

  it.each([
    ['an executable renamed .pdf', 'cv.pdf', fixtures.exe()],
    ['an ELF binary renamed .docx', 'cv.docx', fixtures.elf()],
    ['a spreadsheet renamed .docx', 'cv.docx', fixtures.xlsx()],
    ['a ZIP that merely contains the bytes word/', 'cv.docx', fixtures.fakeDocx()],
    ['a truncated .docx (no central directory)', 'cv.docx', fixtures.docx().slice(0, 60)],
    ['a PDF named .doc', 'cv.doc', fixtures.pdf()],
    ['an image', 'cv.png', fixtures.png()],
    ['a text file', 'cv.txt', fixtures.text()],
  ])('refuses %s as a resume', (_label, name, data) => {
    expect(sniffFile(data, name, RESUME_KINDS)).toBeNull()
  })

  it.each([
    ['a.png', fixtures.png(), 'image/png'],
    ['a.jpg', fixtures.jpeg(), 'image/jpeg'],
    ['a.gif', fixtures.gif(), 'image/gif'],
    ['a.webp', fixtures.webp(), 'image/webp'],
    // A PNG saved as .jpg is served as what it is.
    ['misnamed.jpg', fixtures.png(), 'image/png'],
    ['notes.txt', fixtures.text('Grüße\n'), 'text/plain; charset=utf-8'],
    ['README.md', fixtures.text('# Title\n'), 'text/markdown; charset=utf-8'],
    ['logo.svg', fixtures.svg(), 'image/svg+xml'],
    ['doc.pdf', fixtures.pdf(), 'application/pdf'],
  ])('accepts %s as a file', (name, data, mime) => {
    expect(sniffFile(data, name, FILE_KINDS)?.mime).toBe(mime)
  })

  it.each([
    ['an executable renamed .png', 'a.png', fixtures.exe()],
    ['an HTML page', 'page.html', fixtures.html()],
    ['an HTML page renamed .jpg', 'page.jpg', fixtures.html()],
    ['binary data named .txt', 'a.txt', fixtures.elf()],
    ['invalid UTF-8 named .md', 'a.md', new Uint8Array([0x23, 0x20, 0xc3, 0x28])],
    ['a PDF named .txt', 'a.txt', fixtures.pdf()],
    ['a file without an extension', 'README', fixtures.text()],
  ])('refuses %s as a file', (_label, name, data) => {
    expect(sniffFile(data, name, FILE_KINDS)).toBeNull()
  })
})
