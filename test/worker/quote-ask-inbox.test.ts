// Issue 36 (ADR 164): a contact's "Ask for changes" on a quote is a message in
// the admin inbox: the first ask opens a support request of the client,
// authored by that contact and linked to the quote; a later ask by another
// contact joins the same conversation, so the owner answers whoever wrote last.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { createDb } from '../../worker/db'
import { askForQuoteChanges } from '../../worker/services/quotes'
import { gql, rest } from './admin-helpers'

const db = () => createDb(env.DB)
let seq = 0

async function practice() {
  seq++
  const now = Date.now()
  const client = await env.DB.prepare(
    'insert into clients (name, created_at, updated_at) values (?, ?, ?) returning id',
  )
    .bind(`Ask Inbox Clinic ${seq} ${crypto.randomUUID().slice(0, 6)}`, now, now)
    .first<{ id: number }>()
  const contacts: { id: number; email: string }[] = []
  for (const name of ['Tom Becker', 'Maria Lopez']) {
    const email = `${name.split(' ')[0]!.toLowerCase()}-${crypto.randomUUID().slice(0, 8)}@ask.example`
    const row = await env.DB.prepare(
      'insert into contacts (client_id, name, email, created_at, updated_at) values (?, ?, ?, ?, ?) returning id',
    )
      .bind(client!.id, name, email, now, now)
      .first<{ id: number }>()
    contacts.push({ id: row!.id, email })
  }
  return { clientId: client!.id, contacts }
}

async function sentQuote(clientId: number) {
  const res = await rest('POST', '/api/quotes', {
    clientId,
    title: 'Clinic network',
    lines: [{ description: 'Firewall', quantity: 1, unitPriceCents: 150_000 }],
  })
  expect(res.status).toBe(201)
  const q = (await res.json()) as { id: number; number: string }
  expect((await rest('POST', `/api/quotes/${q.id}/send`)).status).toBe(200)
  return q
}

type Thread = { supportRequests: { id: string; reference: string; clientId: string | null }[] }

describe('"Ask for changes" in the inbox', () => {
  it('opens one support request per quote, authored by the asker; a second contact joins its thread', async () => {
    const p = await practice()
    const q = await sentQuote(p.clientId)
    const scope = (i: number) => ({ clientId: p.clientId, contactId: p.contacts[i]!.id })
    await askForQuoteChanges(db(), env, scope(0), q.id, 'Could the firewall be a rental?')
    await askForQuoteChanges(db(), env, scope(1), q.id, 'And add a second access point, please.')

    const rows = (
      await env.DB.prepare(
        'select id, reference, client_id, contact_id, email, description from support_requests where quote_id = ?',
      )
        .bind(q.id)
        .all<{
          id: number
          reference: string
          client_id: number
          contact_id: number
          email: string
          description: string
        }>()
    ).results
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      client_id: p.clientId,
      contact_id: p.contacts[0]!.id,
      email: p.contacts[0]!.email,
    })
    expect(rows[0]!.description).toContain('Could the firewall be a rental?')
    expect(rows[0]!.description).toContain(q.number)

    // The owner's inbox lists it, and its thread has Maria's message under her name.
    const list = await gql<Thread>('{ supportRequests { id reference } }')
    expect(list.body.data!.supportRequests.map((r) => r.reference)).toContain(rows[0]!.reference)
    const messages = (
      await env.DB.prepare('select author_name, body from request_messages where support_request_id = ?')
        .bind(rows[0]!.id)
        .all<{ author_name: string; body: string }>()
    ).results
    expect(messages).toEqual([{ author_name: 'Maria Lopez', body: 'And add a second access point, please.' }])
  })

  it('keeps one conversation when two contacts ask at the same moment', async () => {
    const p = await practice()
    const q = await sentQuote(p.clientId)
    await Promise.all(
      p.contacts.map((k, i) =>
        askForQuoteChanges(db(), env, { clientId: p.clientId, contactId: k.id }, q.id, `Change ${i}`),
      ),
    )
    const n = await env.DB.prepare('select count(*) as n from support_requests where quote_id = ?')
      .bind(q.id)
      .first<{ n: number }>()
    expect(n!.n).toBe(1)
  })
})
