// Issue 34, points 4 and 6: once-only rules live in the database and hold when
// requests arrive at once (one live invoice per prepaid block and per part of
// a quote, the block drawn down in one statement), and the billing words are
// one list each, which GraphQL's enums and the database's triggers follow.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { INVOICE_SOURCES, INVOICE_STATUSES, PAYMENT_METHODS, QUOTE_PARTS } from '../../schema/billing-words'
import { enumName } from '../../schema/graphql-enums'
import { gql } from './admin-helpers'
import { countRows, json, makeClient, owner } from './billing-fixtures'
import { call } from './helpers'

async function ownerCaller() {
  const cookie = await owner()
  return (path: string, body: unknown) =>
    call(path, { method: 'POST', json: body, headers: { Cookie: cookie } })
}

const acceptedQuote = async (clientId: number, depositPercent = 30) =>
  (await env.DB.prepare(
    `insert into quotes (client_id, number, title, deposit_percent, valid_until, status, subtotal_cents, total_cents)
     values (?, ?, 'Clinic network', ?, '2099-01-01', 'accepted', 280000, 280000) returning id`,
  )
    .bind(clientId, `Q-2026-${Math.floor(Math.random() * 90_000) + 10_000}`, depositPercent)
    .first<{ id: number }>())!.id

describe('once-only rules in the database', () => {
  it('makes one live invoice of a prepaid block when five are asked at once', async () => {
    const post = await ownerCaller()
    const c = await makeClient()
    const block = await json<{ id: number }>(
      await post('/api/prepaid-blocks', { clientId: c.clientId, minutes: 600, priceCents: 100_000 }),
    )
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        post('/api/invoices', { clientId: c.clientId, source: 'block', blockId: block.id }),
      ),
    )
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409])
    expect(
      await countRows("select count(*) as n from invoices where block_id = ? and status <> 'void'", block.id),
    ).toBe(1)
  })

  it('makes one deposit and one remainder invoice of a quote when each is asked five times at once', async () => {
    const post = await ownerCaller()
    const c = await makeClient()
    const quoteId = await acceptedQuote(c.clientId)
    const ask = (part: string) =>
      Promise.all(
        Array.from({ length: 5 }, () =>
          post('/api/invoices', { clientId: c.clientId, source: 'quote', quoteId, part }),
        ),
      )
    expect((await ask('deposit')).map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409])
    expect((await ask('remainder')).map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409])
    const parts = await env.DB.prepare(
      "select quote_part as part, total_cents as total from invoices where quote_id = ? and status <> 'void' order by id",
    )
      .bind(quoteId)
      .all<{ part: string; total: number }>()
    expect(parts.results).toEqual([
      { part: 'deposit', total: 84_000 },
      { part: 'remainder', total: 196_000 },
    ])
    // The database itself refuses a second live deposit, whoever writes it.
    await expect(
      env.DB.prepare(
        `insert into invoices (client_id, number, source, quote_id, quote_part, issue_date, due_date, subtotal_cents, total_cents)
         values (?, ?, 'quote', ?, 'deposit', '2026-11-26', '2026-12-11', 1, 1)`,
      )
        .bind(c.clientId, `INV-TEST-${quoteId}`, quoteId)
        .run(),
    ).rejects.toThrow(/UNIQUE/)
  })

  it('never draws a prepaid block past its minutes when entries arrive at once', async () => {
    const post = await ownerCaller()
    const c = await makeClient()
    const block = await json<{ id: number }>(
      await post('/api/prepaid-blocks', { clientId: c.clientId, minutes: 60, priceCents: 10_000 }),
    )
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        post('/api/time-entries', { clientId: c.clientId, minutes: 30, description: 'Patch night' }),
      ),
    )
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201])
    const drawn = await env.DB.prepare(
      'select coalesce(sum(minutes), 0) as n from time_entries where block_id = ?',
    )
      .bind(block.id)
      .first<{ n: number }>()
    expect(drawn!.n).toBe(60)
    expect(
      await countRows('select sum(minutes) as n from time_entries where client_id = ?', c.clientId),
    ).toBe(150)
  })
})

describe('the billing words', () => {
  const bogus = 'bogus'

  it('are refused by the database outside their lists', async () => {
    const c = await makeClient()
    const invoice = (await env.DB.prepare(
      `insert into invoices (client_id, number, source, issue_date, due_date, subtotal_cents, total_cents)
       values (?, ?, 'manual', '2026-11-26', '2026-12-11', 100, 100) returning id`,
    )
      .bind(c.clientId, `INV-WORDS-${c.clientId}`)
      .first<{ id: number }>())!.id
    const set = (column: string, value: string) =>
      env.DB.prepare(`update invoices set ${column} = ? where id = ?`).bind(value, invoice).run()
    for (const status of INVOICE_STATUSES) await set('status', status)
    for (const source of INVOICE_SOURCES) await set('source', source)
    for (const part of QUOTE_PARTS) await set('quote_part', part)
    await expect(set('status', bogus)).rejects.toThrow(/INVOICE_STATUSES/)
    await expect(set('source', bogus)).rejects.toThrow(/INVOICE_SOURCES/)
    await expect(set('quote_part', bogus)).rejects.toThrow(/QUOTE_PARTS/)
    const pay = (method: string) =>
      env.DB.prepare("insert into payments (amount_cents, date, method) values (1, '2026-11-26', ?)")
        .bind(method)
        .run()
    for (const method of PAYMENT_METHODS) await pay(method)
    await expect(pay('barter')).rejects.toThrow(/PAYMENT_METHODS/)
  })

  it('are GraphQL enums generated from the same lists', async () => {
    const q = 'query($name: String!) { __type(name: $name) { enumValues { name } } }'
    const names = async (name: string) =>
      (await gql<{ __type: { enumValues: { name: string }[] } }>(q, { name })).body
        .data!.__type.enumValues.map((v) => v.name)
        .sort()
    expect(await names('InvoiceStatus')).toEqual(
      INVOICE_STATUSES.map((v) => enumName('InvoiceStatus', v)).sort(),
    )
    expect(await names('InvoiceSource')).toEqual(
      INVOICE_SOURCES.map((v) => enumName('InvoiceSource', v)).sort(),
    )
    expect(await names('PaymentMethod')).toEqual(
      PAYMENT_METHODS.map((v) => enumName('PaymentMethod', v)).sort(),
    )
  })
})
