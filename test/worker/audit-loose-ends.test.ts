// The audit's loose ends (issue 52, point 8; ADRs 181-183), each as the audit
// found it: searches past D1's LIKE limit, empty PATCHes, a Stripe signature
// with two t=, a payment backdated through event.created, and a credit note
// against a draft. (The vault's second factor: vault.test.ts; every route at
// once: fuzz-routes.test.ts.)
import { env } from 'cloudflare:test'
import { exports } from 'cloudflare:workers'
import Stripe from 'stripe'
import { describe, expect, it } from 'vitest'
import { businessDate } from '../../schema/slot-time'
import { BadSignature, verifiedEvent } from '../../worker/payments/stripe'
import { receivedAt } from '../../worker/services/payments'
import { asOwner, checkoutEvent, countRows, json, makeClient, postWebhook } from './billing-fixtures'
import { ORIGIN } from './helpers'
import { sentInvoice } from './money-fixtures'

const DAY_S = 86_400
const SECRET = () => (env as unknown as { STRIPE_WEBHOOK_SECRET: string }).STRIPE_WEBHOOK_SECRET

describe('searches of any length', () => {
  it('a 500-character search answers 200 on every list that searches, and still finds by a short one', async () => {
    const c = await makeClient()
    const name = (await env.DB.prepare('select name from clients where id = ?').bind(c.clientId).first<{
      name: string
    }>())!.name
    // D1 refuses a LIKE pattern over 50 bytes: 49 characters was a 500 before.
    for (const q of ['x'.repeat(49), 'ł'.repeat(500), '%_\\'.repeat(170)]) {
      const clients = await asOwner(`/api/clients?${new URLSearchParams({ q })}`)
      expect(clients.status).toBe(200)
      expect(await clients.json()).toEqual([])
      const audit = await asOwner(`/api/security/audit?${new URLSearchParams({ action: q.slice(0, 100) })}`)
      expect(audit.status).toBe(200)
      const gql = await asOwner('/graphql', {
        method: 'POST',
        headers: { 'x-graphql-yoga-csrf': '1' },
        json: { query: 'query($q: String) { clients(search: $q) { id } }', variables: { q } },
      })
      expect(await gql.json()).toEqual({ data: { clients: [] } })
    }
    // What a person types still matches, ignoring case, and % and _ are plain characters.
    const found = await asOwner(`/api/clients?${new URLSearchParams({ q: name.slice(0, 12).toUpperCase() })}`)
    expect((await json<{ id: number }[]>(found)).map((r) => r.id)).toContain(c.clientId)
    const byEmail = await asOwner(`/api/clients?${new URLSearchParams({ q: c.email.slice(0, 60) })}`)
    expect((await json<{ id: number }[]>(byEmail)).map((r) => r.id)).toEqual([c.clientId])
    expect(await json(await asOwner('/api/clients?q=%25'))).toEqual([])
  })
})

describe('a PATCH with nothing to change', () => {
  it('is a 400 naming the problem on the routes the audit found (BAA, incident notice), and writes nothing', async () => {
    const c = await makeClient()
    const baa = await json<{ id: number; updatedAt: string }>(
      await asOwner('/api/baas', {
        method: 'POST',
        json: { clientId: c.clientId, effectiveDate: '2026-01-01', renewalDate: '2027-01-01' },
      }),
    )
    const incident = await json<{ id: number }>(
      await asOwner('/api/incidents', {
        method: 'POST',
        json: {
          title: 'Laptop stolen',
          discoveredAt: '2026-11-23T09:00:00-06:00',
          description: 'The front-desk laptop was stolen.',
          clientIds: [c.clientId],
          ephiInvolved: 'unknown',
          individualsAffected: null,
        },
      }),
    )
    const notice = await json<{ id: number }>(
      await asOwner(`/api/incidents/${incident.id}/notices`, {
        method: 'POST',
        json: { clientId: c.clientId },
      }),
    )
    const rows = async () =>
      JSON.stringify([
        await env.DB.prepare('select * from baas where id = ?').bind(baa.id).first(),
        await env.DB.prepare('select * from incident_notices where id = ?').bind(notice.id).first(),
      ])
    const before = await rows()
    for (const path of [`/api/baas/${baa.id}`, `/api/incident-notices/${notice.id}`]) {
      const empty = await asOwner(path, { method: 'PATCH', json: {} })
      expect(empty.status).toBe(400)
      expect(await empty.json()).toEqual({
        message: 'Nothing to change: send at least one field of this record with its new value.',
      })
      const unknown = await asOwner(path, { method: 'PATCH', json: { colour: 'red' } })
      expect(unknown.status).toBe(400)
      expect(await unknown.json()).toMatchObject({
        errors: { colour: 'Not a field that can be changed here' },
      })
      expect((await asOwner(path, { method: 'PATCH' })).status).toBe(400)
    }
    expect(await rows()).toBe(before)
    // A real change still goes through.
    const renamed = await asOwner(`/api/baas/${baa.id}`, { method: 'PATCH', json: { notificationDays: 20 } })
    expect(renamed.status).toBe(200)
    // GraphQL's patches follow the same rule.
    const gql = await asOwner('/graphql', {
      method: 'POST',
      headers: { 'x-graphql-yoga-csrf': '1' },
      json: {
        query: 'mutation($id: ID!) { updateIncidentNotice(id: $id, input: {}) { id } }',
        variables: { id: notice.id },
      },
    })
    const body = await json<{ errors?: { extensions: { code: string; errors: Record<string, string> } }[] }>(
      gql,
    )
    expect(body.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT')
    expect(JSON.stringify(body.errors?.[0]?.extensions.errors)).toContain('Nothing to change')
    expect(await rows()).not.toBe(before)
  })
})

describe('the Stripe webhook', () => {
  it('refuses a Stripe-Signature with more than one t= before any clock check', async () => {
    const { invoice } = await sentInvoice(10_000)
    const event = checkoutEvent(invoice.number, 10_000)
    const payload = JSON.stringify(event)
    const now = Math.floor(Date.now() / 1000)
    const stripe = new Stripe('sk_test_unused')
    const signed = await stripe.webhooks.generateTestHeaderStringAsync({
      payload,
      secret: SECRET(),
      timestamp: now,
      cryptoProvider: Stripe.createSubtleCryptoProvider(),
    })
    // A second t= either side: one far in the future (the clock check would read one, the helper the other).
    for (const header of [`t=${now + 10 * DAY_S},${signed}`, `${signed},t=${now - 10 * DAY_S}`]) {
      await expect(verifiedEvent(env, payload, header, now)).rejects.toThrow(
        new BadSignature('More than one timestamp (t=) in Stripe-Signature'),
      )
      const res = await exports.default.fetch(
        new Request(`${ORIGIN}/api/payments/stripe/webhook`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Stripe-Signature': header },
          body: payload,
        }),
      )
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual({ message: 'Invalid Stripe signature' })
    }
    expect(await countRows('select count(*) as n from payments where invoice_id = ?', invoice.id)).toBe(0)
    // The same event with its one t= is taken.
    expect((await verifiedEvent(env, payload, signed, now)).id).toBe(event.id)
  })

  it('dates a payment by the event within Stripe’s three-day retry window, otherwise by its receipt', async () => {
    const now = new Date('2026-11-29T18:00:00Z')
    const nowS = now.getTime() / 1000
    expect(receivedAt(nowS - 2 * DAY_S, now).toISOString()).toBe('2026-11-27T18:00:00.000Z')
    expect(receivedAt(nowS - 3 * DAY_S, now).toISOString()).toBe('2026-11-26T18:00:00.000Z')
    expect(receivedAt(nowS - 3 * DAY_S - 1, now)).toEqual(now)
    expect(receivedAt(nowS - 5 * 365 * DAY_S, now)).toEqual(now)

    // Through the webhook: an event signed now but "created" five years ago is dated today.
    for (const [ageDays, expected] of [
      [5 * 365, businessDate(new Date())],
      [2, businessDate(new Date(Date.now() - 2 * DAY_S * 1000))],
    ] as const) {
      const { invoice } = await sentInvoice(10_000)
      const event = {
        ...checkoutEvent(invoice.number, 10_000),
        created: Math.floor(Date.now() / 1000) - ageDays * DAY_S,
      }
      const res = await postWebhook(event)
      expect(res.status).toBe(200)
      const paid = await env.DB.prepare('select date from payments where invoice_id = ?')
        .bind(invoice.id)
        .first<{ date: string }>()
      expect(paid?.date).toBe(expected)
    }
  })
})

describe('a credit note', () => {
  it('is refused against a draft (409) and a void invoice, by the API and by the database', async () => {
    const c = await makeClient()
    const draft = await json<{ id: number; number: string }>(
      await asOwner('/api/invoices', {
        method: 'POST',
        json: {
          clientId: c.clientId,
          source: 'manual',
          lines: [{ description: 'Setup', quantity: 1, unitPriceCents: 10_000 }],
        },
      }),
    )
    const credit = (creditForId: number) =>
      asOwner('/api/invoices', {
        method: 'POST',
        json: {
          clientId: c.clientId,
          source: 'credit',
          creditForId,
          lines: [{ description: 'Goodwill', quantity: 1, unitPriceCents: 1_000 }],
        },
      })
    const notes = () => countRows("select count(*) as n from invoices where source = 'credit'")
    const onDraft = await credit(draft.id)
    expect(onDraft.status).toBe(409)
    expect(await onDraft.json()).toEqual({
      message: 'A draft invoice cannot be credited: change the draft instead, or send it first',
      errors: { creditForId: 'Not sent yet' },
    })
    // GraphQL answers the same.
    const gql = await asOwner('/graphql', {
      method: 'POST',
      headers: { 'x-graphql-yoga-csrf': '1' },
      json: {
        query: 'mutation($i: InvoiceInput!) { createInvoice(input: $i) { id } }',
        variables: {
          i: {
            clientId: c.clientId,
            source: 'CREDIT',
            creditForId: draft.id,
            lines: [{ description: 'Goodwill', quantity: 1, unitPriceCents: 1_000 }],
          },
        },
      },
    })
    expect(JSON.stringify(await gql.json())).toContain('A draft invoice cannot be credited')
    expect(await notes()).toBe(0)

    // The database refuses it too, whoever writes.
    const insert = (creditForId: number, number: string) =>
      env.DB.prepare(
        `insert into invoices (client_id, number, source, credit_for_id, status, issue_date, due_date, subtotal_cents, total_cents)
         values (?, ?, 'credit', ?, 'draft', '2026-11-26', '2026-12-11', -1000, -1000)`,
      )
        .bind(c.clientId, number, creditForId)
        .run()
    await expect(insert(draft.id, 'CN-DRAFT')).rejects.toThrow(/credit note: invoice not sent/)
    await env.DB.prepare("update invoices set status = 'void' where id = ?").bind(draft.id).run()
    await expect(insert(draft.id, 'CN-VOID')).rejects.toThrow(/credit note/)
    expect((await credit(draft.id)).status).toBe(409)
    expect(await notes()).toBe(0)

    // Once sent, an invoice takes a credit note, through the API and in SQL.
    const { c: other, invoice } = await sentInvoice(10_000)
    const ok = await asOwner('/api/invoices', {
      method: 'POST',
      json: {
        clientId: other.clientId,
        source: 'credit',
        creditForId: invoice.id,
        lines: [{ description: 'Goodwill', quantity: 1, unitPriceCents: 1_000 }],
      },
    })
    expect(ok.status).toBe(201)
    expect(await notes()).toBe(1)
  })
})
