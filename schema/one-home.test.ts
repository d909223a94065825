// @vitest-environment node
// One home for money text and the link lifetime (issue 34, point 6;
// docs/decisions/116-money-text-in-one-module.md): cents become text only
// through schema/money.ts (formatCents, taxLabel), typed amounts become cents
// only through parseCents, and the sign-in link's lifetime is written only as
// its constant (schema/sign-in-link.ts). The review found the tax label in 5
// places, cents-to-text in 4, a rate parsed with Number() * 100 and "15
// minutes" in 7 texts; this scan keeps new copies out.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = new URL('..', import.meta.url).pathname

function* sources(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) {
      if (name !== 'node_modules') yield* sources(path)
    } else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$|\.d\.ts$/.test(name)) yield path
  }
}

/** Every code line (comments left out) of worker/, web/ and schema/, with where it is. */
function codeLines(): { at: string; file: string; line: string }[] {
  const lines = []
  for (const dir of ['worker', 'web', 'schema'])
    for (const path of sources(join(root, dir))) {
      const file = relative(root, path)
      for (const [i, line] of readFileSync(path, 'utf8').split('\n').entries()) {
        const code = line.trim()
        if (code.startsWith('//') || code.startsWith('*') || code.startsWith('/*')) continue
        lines.push({ at: `${file}:${i + 1}`, file, line })
      }
    }
  return lines
}

const RULES: { what: string; pattern: RegExp; home: string[]; except?: RegExp }[] = [
  {
    what: 'cents turned into text by hand (use formatCents)',
    pattern: /\/\s*100\s*\)?\s*\.toFixed\(|Intl\.NumberFormat\([^)]*currency|formatCents\([^)]*\)\.replace\(/,
    home: ['schema/money.ts'],
  },
  {
    what: 'a tax label written by hand (use taxLabel)',
    pattern: /`Tax \(\$\{|'Tax \(' \+/,
    home: ['schema/money.ts'],
  },
  {
    what: 'an amount parsed with a float (use parseCents)',
    pattern: /Number\([^)]*\)\s*\*\s*100\b|parseFloat\([^)]*\)\s*\*\s*100\b/,
    home: ['schema/money.ts'],
  },
  {
    what: 'the sign-in link lifetime typed as a number (use SIGN_IN_LINK_LIFETIME)',
    pattern: /\b15[ -]minutes?\b|\bfifteen minutes\b/i,
    home: ['schema/sign-in-link.ts'],
    // The time-rounding increments (0, 6 or 15 minutes) are another rule.
    except: /Rounding must be 0, 6 or 15|Up to 15 minutes/,
  },
]

describe('one home for money text and the link lifetime', () => {
  const lines = codeLines()

  it('scans the sources (the check can fail)', () => {
    expect(lines.length).toBeGreaterThan(1_000)
    // Built from pieces so that this file's own source holds no copy the scan would flag.
    const planted = [
      '  tax: `Tax (',
      '$',
      '{(bp / 100).toFixed(2)}%)`, rate: Math.round(Number(rate) * 100), in 15 minutes',
    ].join('')
    for (const rule of RULES) expect(rule.pattern.test(planted), rule.what).toBe(true)
  })

  for (const rule of RULES)
    it(`has no ${rule.what}`, () => {
      const found = lines
        .filter(({ file, line }) => !rule.home.includes(file) && rule.pattern.test(line))
        .filter(({ line }) => !rule.except?.test(line))
        .map(({ at, line }) => `${at}: ${line.trim()}`)
      expect(found).toEqual([])
    })
})
