// The layer rules refuse what they should (issue 35, ADR 119): dependency-cruiser
// runs with the project's own config on a small fixture tree in which a service
// imports a REST route and a new, unlisted folder imports schema/. Both must be
// errors, and the allowed import beside them must not be. Likewise the page
// modules (issue 53, ADR 211): the page renderer and a page's loader importing a
// REST route are refused, while the loader's import of a service is not.
import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { expect, it } from 'vitest'

const root = join(import.meta.dirname, '..')
const fixture = join(root, 'test/fixtures/layers')

it('fails the lint on a forbidden import and on an unlisted folder', async () => {
  const run = promisify(execFile)(
    process.execPath,
    [
      join(root, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs'),
      'worker',
      'schema',
      'web',
      '--config',
      join(root, '.dependency-cruiser.cjs'),
      '--output-type',
      'json',
    ],
    { cwd: fixture },
  )
  // The JSON report carries the violations whatever the exit code of this output type.
  const { stdout } = await run.catch((err: { stdout: string }) => err)
  const result = JSON.parse(stdout) as {
    summary: { error: number; violations: { from: string; to: string; rule: { name: string } }[] }
  }
  expect(result.summary.error).toBeGreaterThan(0)
  const refused = result.summary.violations
    .filter((v) => v.rule.name === 'not-in-allowed')
    .map((v) => `${v.from} -> ${v.to}`)
    .sort()
  expect(refused).toEqual([
    'web/routes/portal_.invoices.ts -> worker/routes/invoices.ts',
    'worker/reports/monthly.ts -> schema/words.ts',
    'worker/services/invoices.ts -> worker/routes/invoices.ts',
  ])
  const pagesToRoutes = result.summary.violations
    .filter((v) => v.rule.name === 'pages-without-rest-routes')
    .map((v) => `${v.from} -> ${v.to}`)
    .sort()
  expect(pagesToRoutes).toEqual([
    'web/routes/portal_.invoices.ts -> worker/routes/invoices.ts',
    'worker/pages.ts -> worker/routes/invoices.ts',
  ])
}, 60_000)
