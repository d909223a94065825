// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { EMPTY_SITE_CONFIG, telHref } from '../../schema/site-config'
import { readSiteConfig } from './site-config'

afterEach(() => {
  document.head.innerHTML = ''
})

const inject = (text: string) => {
  const el = document.createElement('script')
  el.type = 'application/json'
  el.id = 'site-config'
  el.textContent = text
  document.head.append(el)
}

describe('readSiteConfig', () => {
  it('reads the config the Worker wrote into the shell', () => {
    inject(
      '{"ownerName":"Alex Morgan","contactEmail":"hello@example.com","contactPhone":"+1 (618) 555-0123","chatbotDemoUrl":"","siteUrl":"https://example.test","secret":"ignored"}',
    )
    expect(readSiteConfig(document)).toEqual({
      ownerName: 'Alex Morgan',
      contactEmail: 'hello@example.com',
      contactPhone: '+1 (618) 555-0123',
      chatbotDemoUrl: '',
      siteUrl: 'https://example.test',
    })
  })

  it('falls back to empty values when the element is missing, not JSON, or mistyped', () => {
    expect(readSiteConfig(document)).toEqual(EMPTY_SITE_CONFIG)
    inject('{not json')
    expect(readSiteConfig(document)).toEqual(EMPTY_SITE_CONFIG)
    document.head.innerHTML = ''
    inject('{"ownerName":42,"contactEmail":"a@b.c"}')
    expect(readSiteConfig(document)).toEqual({ ...EMPTY_SITE_CONFIG, contactEmail: 'a@b.c' })
  })

  it('builds tel: links from a display number', () => {
    expect(telHref('+1 (618) 555-0123')).toBe('tel:+16185550123')
  })
})
