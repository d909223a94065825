import { describe, expect, it } from 'vitest'
import { cleanText, multiLine, optionalText, singleLine } from './text'

describe('cleanText', () => {
  it('drops C0/C1 controls, bidi overrides and zero-width characters', () => {
    expect(cleanText('A\u0000l\u000be\u001bx\u0085\u202eevil\u202c\u200b\u2066!\u2069\ufeff', 'single')).toBe(
      'Alex evil!',
    )
  })

  it('keeps line breaks (normalised to LF) only in multi-line text', () => {
    expect(cleanText('one\r\ntwo\rthree\u2028four\u2029five', 'multi')).toBe('one\ntwo\nthree\nfour\nfive')
    expect(cleanText('one\ntwo', 'single')).toBe('one two')
    expect(cleanText('tab\there', 'multi')).toBe('tab here')
  })

  it('leaves ordinary text, accents and emoji alone', () => {
    expect(cleanText('José Müller-Łukasz 😀 日本', 'single')).toBe('José Müller-Łukasz 😀 日本')
  })
})

describe('the zod builders', () => {
  it('a single-line field refuses a line break with a field message', () => {
    const r = singleLine('Name').safeParse('Jordan\nEmail: attacker@example.com')
    expect(r.success).toBe(false)
    expect(r.error?.issues[0]?.message).toBe('Name must be on one line')
    expect(singleLine('Name').safeParse('Jordan\u2028Lee').success).toBe(false)
  })

  it('a value empty after cleaning is refused (required) or null (optional)', () => {
    const r = singleLine('Name').safeParse('\u200b\u200d\u202e ')
    expect(r.error?.issues[0]?.message).toBe('Name is required')
    expect(optionalText('Company').parse('\u200b')).toBeNull()
  })

  it('a multi-line field is stored clean with its lines', () => {
    expect(multiLine('Description').parse('  Line 1\r\n\u0007Line 2\u0000  ')).toBe('Line 1\nLine 2')
  })
})
