import { describe, expect, it } from 'vitest'
import { signInPath } from './portal-next'

describe('signInPath (issue 36: the sign-in form keeps the page asked for)', () => {
  it('keeps any portal page with its query', () => {
    expect(signInPath('https://example.com/portal/invoices/12?paid=1')).toBe(
      `/portal?next=${encodeURIComponent('/portal/invoices/12?paid=1')}`,
    )
    expect(signInPath('/portal/files')).toBe(`/portal?next=${encodeURIComponent('/portal/files')}`)
  })

  it("takes React Router's data request for its page", () => {
    expect(signInPath('https://example.com/portal/requests/S-1043.data?_routes=routes%2Fportal')).toBe(
      `/portal?next=${encodeURIComponent('/portal/requests/S-1043')}`,
    )
  })

  it('never leads off the portal', () => {
    for (const url of [
      'https://example.com/portal',
      'https://example.com/admin',
      'https://example.com/portal//evil.example',
      'https://example.com/portal/../admin',
      'https://example.com/portal\\..\\admin',
      'https://example.com/portalx',
    ])
      expect(signInPath(url), url).toBe('/portal')
  })
})
