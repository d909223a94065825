// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { definedKeys, missingFromExample } from './dev-vars'

const example = `# Local settings.
OWNER_USERNAME=owner

# Mail to visitors.
VISITOR_MAIL=on

# Stripe's webhook signing secret for local tries.
# Production: wrangler secret put STRIPE_WEBHOOK_SECRET.
STRIPE_WEBHOOK_SECRET=whsec_local_test_secret
STRIPE_SECRET_KEY=
`

describe('.dev.vars from the example', () => {
  it('appends only the keys new in the example, with their comments, and leaves the others as they are', () => {
    const current = 'OWNER_USERNAME=me\nVISITOR_MAIL=off'
    const { text, keys } = missingFromExample(example, current)
    expect(keys).toEqual(['STRIPE_WEBHOOK_SECRET', 'STRIPE_SECRET_KEY'])
    const merged = current + text
    expect(merged.startsWith('OWNER_USERNAME=me\nVISITOR_MAIL=off\n')).toBe(true)
    expect(merged).toContain(
      "# Stripe's webhook signing secret for local tries.\n# Production: wrangler secret put STRIPE_WEBHOOK_SECRET.\nSTRIPE_WEBHOOK_SECRET=whsec_local_test_secret",
    )
    expect(merged).not.toContain('VISITOR_MAIL=on')
    expect(merged).not.toContain('OWNER_USERNAME=owner')
    expect([...definedKeys(merged)].sort()).toEqual([...definedKeys(example)].sort())
  })

  it('adds nothing when every key is there, even with another value or an empty one', () => {
    const current =
      'OWNER_USERNAME=x\nVISITOR_MAIL=\nSTRIPE_WEBHOOK_SECRET=whsec_mine\n  STRIPE_SECRET_KEY = sk_test_1\n'
    expect(missingFromExample(example, current)).toEqual({ text: '', keys: [] })
  })

  it('gives a whole file when .dev.vars is empty', () => {
    const { text } = missingFromExample(example, '')
    expect(definedKeys(text)).toEqual(definedKeys(example))
  })
})
