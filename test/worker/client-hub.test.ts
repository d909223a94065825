// Issue 36: the client page as the hub, over GraphQL: a dated notes log that
// is added to (never overwritten), and the client's payments with their invoice.
import { describe, expect, it } from 'vitest'
import { gql } from './admin-helpers'
import { asOwner } from './billing-fixtures'
import { sentInvoice } from './money-fixtures'

type Hub = {
  client: {
    noteLog: { body: string; author: string | null; createdAt: string }[]
    payments: { date: string; method: string; amountCents: number; invoiceNumber: string }[]
  }
}
const HUB = `query($id: ID!) { client(id: $id) { noteLog { body author createdAt } payments { date method amountCents invoiceNumber } } }`
const ADD = `mutation($clientId: ID!, $body: String!) { addClientNote(clientId: $clientId, body: $body) { id body } }`

describe('the client hub', () => {
  it('keeps every note, dated and newest first; refuses an empty note and an unknown client', async () => {
    const { c } = await sentInvoice(10_000)
    const id = String(c.clientId)
    expect(
      (await gql(ADD, { clientId: id, body: 'Front desk uses the old printer.' })).body.errors,
    ).toBeUndefined()
    expect((await gql(ADD, { clientId: id, body: 'Printer replaced.' })).body.errors).toBeUndefined()
    const { body } = await gql<Hub>(HUB, { id })
    expect(body.data!.client.noteLog.map((n) => n.body)).toEqual([
      'Printer replaced.',
      'Front desk uses the old printer.',
    ])
    expect(body.data!.client.noteLog[0]!.author).toBe('owner')
    expect(Date.parse(body.data!.client.noteLog[0]!.createdAt)).toBeGreaterThan(0)

    const empty = await gql(ADD, { clientId: id, body: '   ' })
    expect(empty.body.errors?.[0]?.extensions?.errors).toEqual({ body: 'Note is required' })
    const unknown = await gql(ADD, { clientId: '999999', body: 'x' })
    expect(unknown.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND')
    expect((await gql<Hub>(HUB, { id })).body.data!.client.noteLog).toHaveLength(2)
  })

  it("lists the client's payments with date, method, amount and invoice, and no other client's", async () => {
    const { c, invoice } = await sentInvoice(10_000)
    const other = await sentInvoice(7_000)
    for (const [inv, cents] of [
      [invoice, 4_000],
      [other.invoice, 7_000],
    ] as const) {
      const paid = await asOwner(`/api/invoices/${inv.id}/payments`, {
        method: 'POST',
        json: { amountCents: cents, method: 'bank transfer', date: '2026-11-25' },
      })
      expect(paid.status).toBe(201)
    }
    const { body } = await gql<Hub>(HUB, { id: String(c.clientId) })
    expect(body.data!.client.payments).toEqual([
      { date: '2026-11-25', method: 'BANK_TRANSFER', amountCents: 4_000, invoiceNumber: invoice.number },
    ])
  })
})
