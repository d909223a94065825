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
