// The npm registry reachable here serves only this platform's optional binary
// packages (esbuild, workerd, biome, ... for linux-x64/arm64), so npm writes a
// package-lock.json without the other platforms' entries, and `npm ci` then
// refuses the lock as out of sync. This adds the missing optional entries with
// their os/cpu (read from the package name), which npm ci skips on other
// platforms. Run after any `npm install` that changes the lock:
//   node scripts/complete-lockfile.mjs
import { readFileSync, writeFileSync } from 'node:fs'

const OS = [
  'android',
  'darwin',
  'freebsd',
  'linux',
  'netbsd',
  'openbsd',
  'sunos',
  'win32',
  'aix',
  'openharmony',
  'wasi',
]
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 'riscv64', 's390x', 'loong64', 'mips64el', 'wasm32']
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'))
const packages = lock.packages
let added = 0

for (const [path, meta] of Object.entries(packages)) {
  for (const [name, range] of Object.entries(meta.optionalDependencies ?? {})) {
    const version = String(range).replace(/^[\^~=]/, '')
    // npm resolves from the nearest node_modules up; a hoisted entry of another
    // version does not satisfy a nested dependant, which then needs its own entry.
    const nested = path ? `${path}/node_modules/${name}` : `node_modules/${name}`
    const top = `node_modules/${name}`
    if (packages[nested]) continue
    if (packages[top] && (packages[top].version === version || nested === top)) continue
    const target = packages[top] ? nested : top
    const parts = name.toLowerCase().split(/[-/]/)
    const os = OS.filter((o) => parts.includes(o) || (o === 'win32' && parts.includes('windows')))
    const cpu = CPU.filter((c) => parts.includes(c) || (c === 'x64' && parts.includes('amd64')))
    packages[target] = {
      version,
      ...(meta.dev ? { dev: true } : {}),
      optional: true,
      ...(os.length ? { os } : {}),
      ...(cpu.length ? { cpu } : {}),
    }
    added++
  }
}
writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`)
console.log(`complete-lockfile: added ${added} optional platform entries`)
