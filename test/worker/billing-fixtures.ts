// Shared by the time and money tests (issue 26): a client with a contact and a
// support request of theirs, the owner's session, and Stripe's own helper to
// sign webhook payloads as Stripe would.
import { env } from 'cloudflare:test'
import { exports } from 'cloudflare:workers'
import Stripe from 'stripe'
import { call, ORIGIN } from './helpers'
import { freshEmail } from './requests-fixtures'
import { ownerCookie } from './session-helpers'

export type TestClient = {
  clientId: number
  contactId: number
  email: string
  reference: string
  requestId: number
}

let seq = 0

/** A client (default rate $120/hour unless given) with one contact and one support request of theirs. */
export async function makeClient(
  opts: { rateCents?: number | null; roundingMinutes?: number; termsDays?: number } = {},
): Promise<TestClient> {
  const email = freshEmail('client')
  const client = await env.DB.prepare(
    'insert into clients (name, default_rate_cents, rounding_minutes, payment_terms_days) values (?, ?, ?, ?) returning id',
  )
    .bind(
      `Client ${++seq} ${email}`,
      opts.rateCents === undefined ? 12_000 : opts.rateCents,
      opts.roundingMinutes ?? 0,
      opts.termsDays ?? 15,
    )
    .first<{ id: number }>()
  const contact = await env.DB.prepare(
    'insert into contacts (client_id, name, email) values (?, ?, ?) returning id',
  )
    .bind(client!.id, 'Dana Ruiz', email)
    .first<{ id: number }>()
  const reference = `S-${90_000 + Math.floor(Math.random() * 9_000_000)}`
  const request = await env.DB.prepare(
    `insert into support_requests (name, email, phone, issue_type, urgency, description, preferred_contact, reference, client_id, contact_id)
     values ('Dana Ruiz', ?, '618-555-0142', 'network', 'high', 'Printer queue stuck', 'email', ?, ?, ?) returning id`,
  )
    .bind(email, reference, client!.id, contact!.id)
    .first<{ id: number }>()
  return { clientId: client!.id, contactId: contact!.id, email, reference, requestId: request!.id }
}

// Storage is reset between tests, so each call makes its own session (cheap: 1,000 PBKDF2 rounds).
export const owner = () => ownerCookie()

/** Calls the API as the signed-in owner. */
export async function asOwner(path: string, init: RequestInit & { json?: unknown } = {}) {
  const headers = new Headers(init.headers)
  headers.set('Cookie', await owner())
  return call(path, { ...init, headers })
}

export const json = async <T = Record<string, unknown>>(res: Response) => (await res.json()) as T

export type InvoiceBody = {
  id: number
  number: string
  status: string
  totalCents: number
  balanceCents: number
  dueDate: string
  issueDate: string
  lines: { description: string; amountCents: number; quantityMilli: number; unitPriceCents: number }[]
  payments: { amountCents: number; method: string }[]
}

const stripe = new Stripe('sk_test_signing_only', { httpClient: Stripe.createFetchHttpClient() })
const crypto = Stripe.createSubtleCryptoProvider()

/** A completed, paid Checkout Session event for an invoice number. */
export function checkoutEvent(
  number: string | null,
  amountCents: number,
  id = `evt_${globalThis.crypto.randomUUID().replaceAll('-', '')}`,
) {
  return {
    id,
    object: 'event',
    type: 'checkout.session.completed',
    api_version: '2025-01-27.acacia',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: {
      object: {
        id: `cs_test_${id}`,
        object: 'checkout.session',
        client_reference_id: number,
        amount_total: amountCents,
        currency: 'usd',
        payment_status: 'paid',
        payment_intent: `pi_${id}`,
        metadata: {},
      },
    },
  }
}

/** Posts an event to the webhook signed with `secret` (the tests' one by default) at `timestamp` (seconds). */
export async function postWebhook(
  event: unknown,
  opts: { secret?: string; timestamp?: number; tamper?: boolean } = {},
) {
  const payload = JSON.stringify(event)
  const signature = await stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret: opts.secret ?? (env as unknown as { STRIPE_WEBHOOK_SECRET: string }).STRIPE_WEBHOOK_SECRET,
    timestamp: opts.timestamp ?? Math.floor(Date.now() / 1000),
    cryptoProvider: crypto,
  })
  // As Stripe's servers send it: no Origin or Sec-Fetch-Site (call() would add them), Stripe's content type.
  return exports.default.fetch(
    new Request(`${ORIGIN}/api/payments/stripe/webhook`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=utf-8', 'Stripe-Signature': signature },
      body: opts.tamper ? payload.replace(/"amount_total":\d+/, '"amount_total":1') : payload,
    }),
  )
}

export const countRows = async (sql: string, ...binds: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...binds)
    .first<{ n: number }>())!.n
