import { describe, expect, it } from 'vitest'
import { CONTENT_KEYS, resolveContent } from './content-keys'
import { PRIVACY_CONTENT_KEYS, resolvePrivacyContent } from './privacy-copy'

describe('resolveContent', () => {
  it("uses the owner's block when there is one", () => {
    expect(resolveContent([{ key: 'contact.location', content: 'Carbondale, IL' }], 'contact.location')).toBe(
      'Carbondale, IL',
    )
  })

  it('falls back to the documented default when the block is missing or blank', () => {
    expect(resolveContent([], 'contact.hours')).toBe('Monday-Friday 9am-5pm CST')
    expect(resolveContent(null, 'contact.hours')).toBe('Monday-Friday 9am-5pm CST')
    expect(resolveContent([{ key: 'contact.hours', content: '  \n ' }], 'contact.hours')).toBe(
      'Monday-Friday 9am-5pm CST',
    )
  })

  it('ignores blocks with other keys', () => {
    expect(resolveContent([{ key: 'contact.hours2', content: 'x' }], 'contact.hours')).toBe(
      CONTENT_KEYS['contact.hours'].defaultContent,
    )
  })

  it('documents every key with a description and a known content type; only images may default to empty', () => {
    for (const [key, def] of Object.entries({ ...CONTENT_KEYS, ...PRIVACY_CONTENT_KEYS })) {
      expect(key).toMatch(/^[a-z-]+(\.[a-z-]+)+$/)
      expect(def.description.length).toBeGreaterThan(0)
      expect(['text', 'textarea', 'image']).toContain(def.contentType)
      if (def.contentType !== 'image') expect(def.defaultContent.trim().length).toBeGreaterThan(0)
    }
  })

  it("resolves the privacy page's keys the same way", () => {
    expect(resolvePrivacyContent([], 'privacy.phi')).toBe(PRIVACY_CONTENT_KEYS['privacy.phi'].defaultContent)
    expect(resolvePrivacyContent([{ key: 'privacy.phi', content: 'No PHI, please.' }], 'privacy.phi')).toBe(
      'No PHI, please.',
    )
  })
})
