// Shared by the quote tests: a client with a contact, a quote made, sent and accepted, the cron.
import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from 'cloudflare:test'
import { expect } from 'vitest'
import { createDb } from '../../worker/db'
import worker from '../../worker/index'
import { acceptQuote, offerHash, type PortalScope, portalQuote } from '../../worker/services/quotes'
import { rest } from './admin-helpers'

export const db = () => createDb(env.DB)
// biome-ignore lint/suspicious/noExplicitAny: JSON answers are read field by field in assertions
export type Json = Record<string, any>

let seq = 0
/** A client with one contact, made directly in D1 (the clients admin is another issue's). */
export async function clientWithContact(name = 'Riverside Dental'): Promise<PortalScope & { email: string }> {
  seq++
  const now = Date.now()
  const client = await env.DB.prepare(
    'insert into clients (name, created_at, updated_at) values (?, ?, ?) returning id',
  )
    .bind(`${name} ${seq}`, now, now)
    .first<{ id: number }>()
  const email = `dana${seq}-${crypto.randomUUID().slice(0, 8)}@riverside.example`
  const contact = await env.DB.prepare(
    'insert into contacts (client_id, name, email, created_at, updated_at) values (?, ?, ?, ?, ?) returning id',
  )
    .bind(client!.id, `Dana Whitfield ${seq}`, email, now, now)
    .first<{ id: number }>()
  return { clientId: client!.id, contactId: contact!.id, email }
}

export let baaId = 0
export async function seedBaaTemplate() {
  const now = Date.now()
  const row = await env.DB.prepare(
    "insert into agreement_templates (kind, name, body, needs_legal_review, created_at, updated_at) values ('baa', 'Business Associate Agreement', ?, 1, ?, ?) returning id",
  )
    .bind(
      '# BAA\n\nBetween {{client.name}} and {{owner.name}} for quote {{quote.number}} ({{quote.total}}), dated {{today}}.',
      now,
      now,
    )
    .first<{ id: number }>()
  baaId = row!.id
}

export const quoteBody = (clientId: number, extra: Json = {}) => ({
  clientId,
  title: 'Network refresh',
  intro: 'We **replace** the router.',
  lines: [
    { description: 'Router and firewall', quantity: 1, unitPriceCents: 150_000 },
    { description: 'Installation', quantity: 6.5, unit: 'hours', unitPriceCents: 12_000 },
    { description: 'Staff training', quantity: 2, unit: 'hours', unitPriceCents: 9_500, optional: true },
  ],
  depositPercent: 50,
  agreementTemplateIds: [baaId],
  ...extra,
})

export async function created(clientId: number, extra: Json = {}) {
  const res = await rest('POST', '/api/quotes', quoteBody(clientId, extra))
  expect(res.status).toBe(201)
  return (await res.json()) as Json
}

export async function sent(scope: PortalScope) {
  const q = await created(scope.clientId)
  const res = await rest('POST', `/api/quotes/${q.id}/send`)
  expect(res.status).toBe(200)
  return ((await res.json()) as Json).quote as Json
}

export const countQuotes = async () =>
  (await env.DB.prepare('select count(*) as n from quotes').first<{ n: number }>())!.n

export async function acceptAs(scope: PortalScope, id: number, extra: Json = {}) {
  const d = await portalQuote(db(), scope, id)
  const optional = d.lines.filter((l) => l.optional).map((l) => l.id)
  return acceptQuote(
    db(),
    env,
    scope,
    id,
    {
      signerName: 'Dana Whitfield',
      agree: true,
      chosenLineIds: optional,
      documentHash: await offerHash(d),
      ...extra,
    },
    { ip: '203.0.113.9', userAgent: 'test-agent/1.0' },
  )
}

export async function runCron(at: number) {
  const ctx = createExecutionContext()
  await worker.scheduled(createScheduledController({ scheduledTime: at }), env, ctx)
  await waitOnExecutionContext(ctx)
}
