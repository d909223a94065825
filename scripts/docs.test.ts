// The front door and the decision index stay whole (issue 35): the README is a
// short page that links into docs/, every decision record is in the index, and
// a superseded record says so at its top, naming its successor, so a reader who
// lands on it from a search is not misled.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..')
const decisions = join(root, 'docs/decisions')
const index = readFileSync(join(decisions, 'README.md'), 'utf8')
const records = readdirSync(decisions).filter((f) => /^\d{3}-.+\.md$/.test(f))

describe('README', () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8')
  it('is at most 150 lines', () => {
    expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(150)
  })
  it('links only to files that exist', () => {
    const links = [...readme.matchAll(/\]\(((?!https?:)[^)#]+)\)/g)].map((m) => m[1] as string)
    expect(links.length).toBeGreaterThan(5)
    for (const link of links) expect(existsSync(join(root, link)), link).toBe(true)
  })
})

describe('decision index', () => {
  it('lists every record', () => {
    const missing = records.filter((f) => !index.includes(`](${f})`))
    expect(missing).toEqual([])
  })
  it('links only to records that exist', () => {
    const links = [...index.matchAll(/\]\((\d{3}-[^)]+\.md)\)/g)].map((m) => m[1] as string)
    expect(links.filter((l) => !records.includes(l))).toEqual([])
  })
  it('has a superseded record say so at its top, with a link to its successor', () => {
    const rows = index
      .split('\n')
      .filter((l) => /^\| \[\d{3}\]/.test(l) && /superseded|withdrawn/i.test(l.split('|')[4] ?? ''))
    expect(rows.length).toBeGreaterThan(5)
    const unmarked: string[] = []
    for (const row of rows) {
      const file = row.match(/\]\((\d{3}-[^)]+\.md)\)/)?.[1] as string
      const successors = [...(row.split('|')[4] ?? '').matchAll(/\((\d{3}-[^)]+\.md)\)/g)].map(
        (m) => m[1] as string,
      )
      const top = readFileSync(join(decisions, file), 'utf8').split('\n').slice(0, 8).join('\n')
      if (!/supersed|withdrawn/i.test(top) || !successors.every((s) => top.includes(s))) unmarked.push(file)
    }
    expect(unmarked).toEqual([])
  })
})

// Issue 53: a current record or guide that names a file sends a newcomer to it, so
// every backquoted repository path in one must exist. History is told apart two
// ways: a record whose index status starts with "Superseded" or "Withdrawn" is
// history as a whole and is not checked; inside a current record, a paragraph that
// says the file is gone ("removed", "deleted", "since moved", "since split") may
// name it. Paths are taken as written, or as a module name without its extension.
describe('paths cited in docs/', () => {
  const PATH = /`((?:worker|web|schema|scripts|test|e2e|migrations)\/[^`\s]*)`/g
  const GONE = /\b(removed|deleted|since moved|since split)\b/i
  const historical = new Set(
    index
      .split('\n')
      .filter((l) => /^\| \[\d{3}\]/.test(l) && /^\s*(superseded|withdrawn)/i.test(l.split('|')[4] ?? ''))
      .map((l) => l.match(/\]\((\d{3}-[^)]+\.md)\)/)?.[1] as string),
  )
  const exists = (path: string) =>
    ['', '.ts', '.tsx', '.mjs', '.js'].some((ext) => existsSync(join(root, path + ext)))
  /** The cited paths of a Markdown text that exist nowhere, less those its paragraph says are gone. */
  const deadPaths = (text: string) =>
    text
      .split(/\n\s*\n|\n(?=\s*- )/)
      .filter((paragraph) => !GONE.test(paragraph))
      .flatMap((paragraph) => [...paragraph.matchAll(PATH)].map((m) => m[1] as string))
      // A line or symbol after the path ("worker/app.ts:60", "file.ts#name") and globs or placeholders.
      .map((path) => path.replace(/[.,;:]+$/, '').replace(/(:\d+(-\d+)?|#.*)$/, ''))
      .filter((path) => !/[*<{]/.test(path) && !exists(path))

  it('the check itself finds a dead path, and passes one a paragraph says is gone', () => {
    expect(deadPaths('See `worker/nowhere.ts` and `worker/app.ts`.')).toEqual(['worker/nowhere.ts'])
    expect(deadPaths('Deleted: `worker/nowhere.ts`.\n\nSee `schema/tables`.')).toEqual([])
  })

  it('every current decision record and every guide cites only paths that exist', () => {
    const guides = readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md'))
    const dead: string[] = []
    for (const guide of guides)
      for (const path of deadPaths(readFileSync(join(root, 'docs', guide), 'utf8')))
        dead.push(`docs/${guide}: ${path}`)
    expect(historical.size).toBeGreaterThan(3)
    for (const record of records.filter((r) => !historical.has(r)))
      for (const path of deadPaths(readFileSync(join(decisions, record), 'utf8')))
        dead.push(`docs/decisions/${record}: ${path}`)
    expect(dead).toEqual([])
  })

  it('timing logs live in docs/test-times.md, not in decision records', () => {
    // A table row of durations ("| 291 s |", "| 4 min |") is a log of runs.
    const logged = records.filter((r) =>
      readFileSync(join(decisions, r), 'utf8')
        .split('\n')
        .some((line) => /^\|.*\|\s*[\d.,]+ (s|min|ms)\s*\|/.test(line)),
    )
    expect(logged).toEqual([])
  })
})
