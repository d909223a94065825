import { describe, expect, it } from 'vitest'
import { deviceOf } from './api'

describe('deviceOf', () => {
  it.each([
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
      'Chrome on Linux',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1',
      'Safari on iPhone',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36 Edg/131.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.1; rv:133.0) Gecko/20100101 Firefox/133.0',
      'Firefox on macOS',
    ],
    ['curl/8.5.0', 'Browser on unknown system'],
  ])('names %s as %s', (ua, expected) => {
    expect(deviceOf(ua)).toBe(expected)
  })

  it('says so when there is no user agent', () => {
    expect(deviceOf(null)).toBe('Unknown device')
  })
})
