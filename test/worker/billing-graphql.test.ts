// What the admin's new-invoice form and client page read over GraphQL (issue
// 26): one client's accepted quotes with their deposit, the invoice beside a
// prepaid block once it is billed, and the clients list that replaced the old
// `billingClients` field. Owner only, like every admin field.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { gql } from './admin-helpers'
import { asOwner, type InvoiceBody, json, makeClient } from './billing-fixtures'

const acceptedQuote = async (clientId: number) =>
  (await env.DB.prepare(
    `insert into quotes (client_id, number, title, deposit_percent, valid_until, status, subtotal_cents, total_cents)
     values (?, ?, 'Clinic network', 30, '2099-01-01', 'accepted', 280000, 280000) returning id`,
  )
    .bind(clientId, `Q-2026-${Math.floor(Math.random() * 9000) + 1000}`)
    .first<{ id: number }>())!.id

const QUOTES =
  'query($clientId: ID!) { quotes(status: "accepted", clientId: $clientId) { id clientId depositPercent depositToInvoice } }'
const BLOCKS =
  'query($clientId: ID!) { prepaidBlocks(clientId: $clientId) { id remainingMinutes invoiceNumber } }'

describe("the new-invoice form's reads", () => {
  it("lists one client's accepted quotes only, with the deposit still to invoice", async () => {
    const a = await makeClient()
    const b = await makeClient()
    const mine = await acceptedQuote(a.clientId)
    await acceptedQuote(b.clientId)
    const before = await gql<{ quotes: Record<string, unknown>[] }>(QUOTES, { clientId: String(a.clientId) })
    expect(before.body.data?.quotes).toEqual([
      { id: String(mine), clientId: String(a.clientId), depositPercent: 30, depositToInvoice: true },
    ])
    const deposit = await asOwner('/api/invoices', {
      method: 'POST',
      json: { clientId: a.clientId, source: 'quote', quoteId: mine },
    })
    expect(deposit.status).toBe(201)
    const after = await gql<{ quotes: { depositToInvoice: boolean }[] }>(QUOTES, {
      clientId: String(a.clientId),
    })
    expect(after.body.data?.quotes[0]?.depositToInvoice).toBe(false)
    // A malformed client id is a field error, not an empty list.
    const bad = await gql(QUOTES, { clientId: 'abc' })
    expect(bad.body.errors?.[0]?.extensions?.errors).toEqual({
      clientId: 'Id must be a positive whole number',
    })
  })

  it('names the invoice of a billed prepaid block, and none once that invoice is void', async () => {
    const c = await makeClient()
    const block = await gql<{ createPrepaidBlock: { id: string } }>(
      'mutation($input: PrepaidBlockInput!) { createPrepaidBlock(input: $input) { id } }',
      { input: { clientId: String(c.clientId), minutes: 600, priceCents: 110_000 } },
    )
    const blockId = block.body.data!.createPrepaidBlock.id
    const read = async () =>
      (
        await gql<{ prepaidBlocks: { id: string; invoiceNumber: string | null }[] }>(BLOCKS, {
          clientId: String(c.clientId),
        })
      ).body.data!.prepaidBlocks
    expect(await read()).toEqual([{ id: blockId, remainingMinutes: 600, invoiceNumber: null }])
    const invoice = await json<InvoiceBody>(
      await asOwner('/api/invoices', {
        method: 'POST',
        json: { clientId: c.clientId, source: 'block', blockId: Number(blockId) },
      }),
    )
    expect(invoice.totalCents).toBe(110_000)
    expect((await read())[0]!.invoiceNumber).toBe(invoice.number)
    expect((await asOwner(`/api/invoices/${invoice.id}/void`, { method: 'POST' })).status).toBe(200)
    expect((await read())[0]!.invoiceNumber).toBeNull()
  })

  it('offers clients through `clients` (archived ones too when asked); `billingClients` is gone', async () => {
    const c = await makeClient()
    const all = await gql<{ clients: { id: string; defaultRateCents: number | null; status: string }[] }>(
      '{ clients(all: true) { id defaultRateCents status } }',
    )
    expect(all.body.data?.clients).toContainEqual({
      id: String(c.clientId),
      defaultRateCents: 12_000,
      status: 'ACTIVE',
    })
    const gone = await gql('{ billingClients { id } }')
    expect(gone.body.errors?.[0]?.message).toMatch(/Cannot query field "billingClients"/)
  })

  it('answers these reads to the owner only', async () => {
    const c = await makeClient()
    const anonymous = await gql(BLOCKS, { clientId: String(c.clientId) }, false)
    expect(anonymous.status).toBe(401)
    expect(anonymous.body.data ?? null).toBeNull()
  })
})
