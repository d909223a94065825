// No source or test file over 600 lines (issue 35): a file a newcomer can read
// whole. Split a long one by what it does (see worker/services/quotes/, and the
// tables by domain in schema/tables-<domain>.ts). Generated files are not read
// by people.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..')
const MAX_LINES = 600
const EXEMPT = new Set([
  // Generated: `wrangler types` and gql.tada.
  'worker/worker-configuration.d.ts',
  'web/admin/graphql-env.d.ts',
])

const files = execFileSync(
  'git',
  ['ls-files', '--cached', '--others', '--exclude-standard', '*.ts', '*.tsx'],
  {
    cwd: root,
    encoding: 'utf8',
  },
)
  .split('\n')
  .filter((f) => f !== '' && !EXEMPT.has(f))

describe('file size', () => {
  it('finds the TypeScript files', () => {
    expect(files.length).toBeGreaterThan(100)
  })
  it(`keeps every .ts and .tsx file at most ${MAX_LINES} lines`, () => {
    const long = files
      .map((f) => {
        let text: string
        try {
          text = readFileSync(join(root, f), 'utf8')
        } catch {
          return null // deleted in the work tree, not yet in the index
        }
        return { f, lines: text.trimEnd().split('\n').length }
      })
      .filter((x): x is { f: string; lines: number } => x !== null && x.lines > MAX_LINES)
      .map(({ f, lines }) => `${f}: ${lines} lines`)
    expect(long).toEqual([])
  })
})
