// Every module the Worker imports lazily (`await import(...)`), loaded once per
// isolate by the setup file (apply-migrations.ts) before any test sends a request.
//
// Why: inside vitest-pool-workers a module is not in the isolate until the Vite
// runner sends it, and that fetch runs as I/O of the request that first asked for
// it. When several requests side by side reach the same lazy import (the route
// fuzz sends 16 at once; three of them build passkey options), the others wait on
// I/O that belongs to another request: workerd reports "Cannot perform I/O on
// behalf of a different request" and cancels them as hung. A deployed Worker (and
// `npm start`) has every chunk in its upload, so an import there is no I/O and
// this cannot happen; it is the test harness's, which is why it is solved here.
// test/node/lazy-imports.test.ts fails when the Worker gains a lazy import that
// is not listed below.
export const LAZY_IMPORTS = [
  () => import('reflect-metadata'),
  () => import('@simplewebauthn/server'),
  () => import('@simplewebauthn/server/helpers'),
  () => import('stripe'),
  () => import('postal-mime'),
  () => import('../../worker/services/ical-busy'),
  () => import('../../worker/graphql/yoga'),
  () => import('../../worker/auth/password-policy'),
  () => import('../../schema/slot-time'),
  () => import('../../worker/pdf/invoice-pdf'),
  () => import('../../worker/pdf/quote-pdf'),
  () => import('../../worker/pdf/incident-notice-pdf'),
  () => import('../../worker/pdf/asset-inventory-pdf'),
  () => import('../../worker/pdf/risk-pdf'),
  () => import('../../worker/pdf/service-report-pdf'),
  () => import('../../worker/pdf/people-pdf'),
]

export async function warmLazyImports() {
  // One after another: the point is that no two loads overlap.
  for (const load of LAZY_IMPORTS) await load()
}
