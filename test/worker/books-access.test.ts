// Issue 56's owner routes, walked as a stranger and as a clinic's portal
// contact: every one refuses (401), and nothing is stored or changed.
import { exports } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { countRows } from './billing-fixtures'
import { portalCookie, seedClient } from './portal-fixtures'

const ROUTES: [method: string, path: string, body?: unknown][] = [
  ['GET', '/api/exports/quickbooks/invoices.csv?from=2026-11-01&to=2026-11-30'],
  ['GET', '/api/exports/quickbooks/credit-memos.csv?from=2026-11-01&to=2026-11-30'],
  ['GET', '/api/exports/quickbooks/payments.csv?from=2026-11-01&to=2026-11-30'],
  ['GET', '/api/exports/xero/invoices.csv?from=2026-11-01&to=2026-11-30'],
  ['GET', '/api/exports/xero/credit-notes.csv?from=2026-11-01&to=2026-11-30'],
  ['GET', '/api/billing-settings/accounting-codes'],
  [
    'PUT',
    '/api/billing-settings/accounting-codes',
    { xeroAccountCode: '1', xeroTaxType: 'x', xeroTaxTypeNone: 'y' },
  ],
  ['GET', '/api/calendar-feed'],
  ['POST', '/api/calendar-feed', { busyOnly: false }],
  ['DELETE', '/api/calendar-feed'],
  ['GET', '/api/calendar-sources'],
  ['POST', '/api/calendar-sources', { name: 'X', url: 'https://calendar.example/x.ics' }],
  ['POST', '/api/calendar-sources/1/sync'],
  ['DELETE', '/api/calendar-sources/1'],
]

const send = (method: string, path: string, body: unknown, cookie?: string) =>
  exports.default.fetch(
    new Request(`http://localhost${path}`, {
      method,
      headers: {
        origin: 'http://localhost',
        ...(cookie ? { Cookie: cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  )

const stored = async () =>
  (await countRows('select count(*) as n from calendar_sources')) +
  (await countRows('select count(*) as n from calendar_feed')) +
  (await countRows('select count(*) as n from billing_settings'))

describe("issue 56's owner routes", () => {
  it('refuse a request without a session and a portal contact alike, storing nothing', async () => {
    const a = await seedClient('books-access')
    const cookie = await portalCookie(a.contactId)
    const before = await stored()
    for (const [method, path, body] of ROUTES)
      for (const who of [undefined, cookie]) {
        const res = await send(method, path, body, who)
        expect(res.status, `${method} ${path} ${who ? 'as a portal contact' : 'without a session'}`).toBe(401)
      }
    expect(await stored()).toBe(before)
  })
})
