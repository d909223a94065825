// @vitest-environment node
// The public pages' browser-side counting must stay tiny (issue 18: at most 1 KB gzip).
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'
import { expect, it } from 'vitest'

it('the beacon module is at most 1 KB of gzipped JavaScript, minified with what it imports', async () => {
  const out = await build({
    entryPoints: [new URL('./beacon.ts', import.meta.url).pathname],
    bundle: true,
    minify: true,
    format: 'esm',
    write: false,
  })
  const bytes = gzipSync(out.outputFiles[0]!.contents, { level: 9 }).length
  expect(bytes).toBeGreaterThan(0)
  expect(bytes).toBeLessThanOrEqual(1024)
})
