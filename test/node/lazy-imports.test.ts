// @vitest-environment node
// Every lazy import in the Worker's code is warmed by the Worker tests' setup
// (test/worker/lazy-imports.ts says why). Read from the source, so a new
// `await import('x')` fails here until it is listed there.
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../..')
const DYNAMIC = /\bimport\(\s*'([^']+)'\s*\)/g

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.(test|d)\.tsx?$/.test(e.name))
    .map((e) => join(e.parentPath, e.name))
}

/** A specifier as one name: a package as written, a relative path from the repository root. */
function named(specifier: string, from: string): string {
  if (!specifier.startsWith('.')) return specifier
  return relative(root, resolve(dirname(from), specifier)).replace(/\.tsx?$/, '')
}

function lazyImports(files: string[]): Set<string> {
  const found = new Set<string>()
  for (const file of files)
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(DYNAMIC))
      if (!specifier!.startsWith('virtual:')) found.add(named(specifier!, file))
  return found
}

describe('lazy imports in the Worker', () => {
  const warmed = lazyImports([join(root, 'test/worker/lazy-imports.ts')])

  const inWorker = lazyImports([...sources('worker'), ...sources('schema')])
  const unwarmed = (list: Set<string>) => [...inWorker].filter((name) => !list.has(name))

  it('are each warmed by the Worker tests before any request', () => {
    expect(inWorker.has('@simplewebauthn/server')).toBe(true)
    expect(unwarmed(warmed)).toEqual([])
  })

  it('a lazy import missing from the list is named (the check can fail)', () => {
    const short = new Set([...warmed].filter((name) => name !== 'worker/pdf/invoice-pdf'))
    expect(unwarmed(short)).toEqual(['worker/pdf/invoice-pdf'])
  })
})
