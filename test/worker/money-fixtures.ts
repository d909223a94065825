// Shared by the money tests of issue 34.
import { expect } from 'vitest'
import { asOwner, type InvoiceBody, json, makeClient } from './billing-fixtures'

export type Body = InvoiceBody & { clientId: number; creditedCents: number; paidCents: number }

/** A sent manual invoice of `cents` (taxed at `taxRateBp`), for a new client. */
export async function sentInvoice(cents: number, taxRateBp = 0) {
  const c = await makeClient()
  const created = await asOwner('/api/invoices', {
    method: 'POST',
    json: {
      clientId: c.clientId,
      source: 'manual',
      taxRateBp,
      lines: [{ description: 'Network overhaul', quantity: 1, unitPriceCents: cents }],
    },
  })
  expect(created.status).toBe(201)
  const invoice = await json<Body>(created)
  expect((await asOwner(`/api/invoices/${invoice.id}/send`, { method: 'POST' })).status).toBe(200)
  return { c, invoice }
}
