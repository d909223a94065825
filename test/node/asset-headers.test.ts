import { readFileSync } from 'node:fs'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { securityHeaders } from '../../worker/middleware/security-headers'

// The build's hashed output (/assets/*) is served by the assets service without
// the Worker (ADR 176), with the headers of web/public/_headers. They must be
// the ones the Worker's middleware gives a response at the same path (less the
// Content-Security-Policy, which only a page uses), or the two drift apart.
// That Cloudflare's local assets service applies the file is seen end to end
// (e2e/public-seo.spec.ts reads an asset's Cache-Control from a served build).

/** The header rules of a `_headers` file: path pattern -> header name (lower case) -> value. */
function parseHeadersFile(text: string): Map<string, Map<string, string>> {
  const rules = new Map<string, Map<string, string>>()
  let current: Map<string, string> | undefined
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trimStart().startsWith('#')) continue
    if (!/^\s/.test(line)) {
      current = new Map()
      rules.set(line.trim(), current)
      continue
    }
    const colon = line.indexOf(':')
    if (!current || colon < 0) throw new Error(`_headers: a header line outside a rule: ${line}`)
    current.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  return rules
}

const rules = parseHeadersFile(readFileSync('web/public/_headers', 'utf8'))

describe('web/public/_headers', () => {
  it('has one rule, for the hashed build output, cached for a year', () => {
    expect([...rules.keys()]).toEqual(['/assets/*'])
    expect(rules.get('/assets/*')?.get('cache-control')).toBe('public, max-age=31536000, immutable')
  })

  it("gives /assets/* exactly the security headers the Worker's middleware gives that path", async () => {
    const app = new Hono().use(...securityHeaders).get('*', (c) => c.text('x'))
    const res = await app.request('https://example.com/assets/root-abc123.js', {}, {
      CHATBOT_DEMO_URL: '',
      TURNSTILE_SITE_KEY: '',
    } as unknown as Env)
    const fromMiddleware = Object.fromEntries(
      [...res.headers].filter(([name]) => !['content-type', 'content-security-policy'].includes(name)),
    )
    const fromFile = Object.fromEntries(
      [...rules.get('/assets/*')!].filter(([name]) => name !== 'cache-control'),
    )
    expect(fromFile).toEqual(fromMiddleware)
  })
})
