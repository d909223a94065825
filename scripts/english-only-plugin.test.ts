// @vitest-environment node
// scripts/english-only-plugin.ts: a react-aria package's import of another
// locale's strings becomes the empty module; English and every other import stay.
import { expect, test } from 'vitest'
import { englishOnly } from './english-only-plugin'

const plugin = englishOnly()
const resolve = (specifier: string, importer?: string) =>
  (plugin.resolveId as (s: string, i?: string) => string | null)(specifier, importer)
const load = (id: string) => (plugin.load as (id: string) => string | null)(id)
const ARIA = '/app/node_modules/react-aria/dist/private/intl/breadcrumbs/index.mjs'

test("another locale's strings from a react-aria package resolve to an empty module", () => {
  for (const importer of [
    ARIA,
    '/app/node_modules/@react-aria/dnd/dist/intlStrings.mjs',
    '/app/node_modules/react-aria-components/dist/intl.mjs',
    'C:\\app\\node_modules\\@react-stately\\x\\dist\\i.mjs',
  ]) {
    const removed = resolve('./de-DE.mjs', importer)
    expect(removed).toBeTruthy()
    expect(load(removed!)).toBe('export default undefined')
  }
  expect(resolve('./en-GB.mjs', ARIA)).toBeTruthy()
})

test('English, other specifiers and other packages are left to the normal resolution', () => {
  expect(resolve('./en-US.mjs', ARIA)).toBeNull()
  expect(resolve('./useBreadcrumbs.mjs', ARIA)).toBeNull()
  expect(resolve('./de-DE.mjs', '/app/web/admin/ui.tsx')).toBeNull()
  expect(resolve('./de-DE.mjs', undefined)).toBeNull()
  expect(load('/app/web/admin/ui.tsx')).toBeNull()
  const withFrench = englishOnly(['en-US', 'fr-FR']).resolveId as (s: string, i?: string) => string | null
  expect(withFrench('./fr-FR.mjs', ARIA)).toBeNull()
})
