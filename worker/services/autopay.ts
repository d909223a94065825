// Autopay of period invoices (issue 37, ADR 139). The client saves a card in
// the portal (a Stripe Checkout Session in setup mode); the webhook's
// setup_intent.succeeded stores the customer and card on the subscription it
// names, if that subscription is waiting for one. Each sent period invoice of
// an autopay subscription is charged off-session by the cron with the invoice
// number as idempotency key; the webhook's payment_intent.succeeded records
// the payment once (its event id is unique), and only for a PaymentIntent an
// attempt of ours made. A failed charge mails the pay link; it is retried on
// days 1, 3 and 7 after the first attempt, then stops and tells the owner.
import { and, asc, desc, eq, inArray, isNotNull, notExists, sql } from 'drizzle-orm'
import { OPEN_STATUSES } from '../../schema/billing-words'
import type { Db } from '../db'
import { tables } from '../db'
import { letterHtml } from '../mail/letter-html'
import { enqueueMessages } from '../mail/outbox'
import { headerSafe } from '../mail/templates'
import { visitorMailEnabled } from '../mail/visitor'
import type { VerifiedEvent } from '../payments/stripe'
import type { AutopayGateway } from '../payments/stripe-autopay'
import { Conflict, NotFound } from './errors'
import { getInvoice, invoiceAdminUrl, invoiceLink } from './invoices'
import { recordStripePayment, type WebhookOutcome } from './payments'

/** Retries after the first attempt, in days after it: at most 3 over 7 days. */
export const AUTOPAY_RETRY_DAYS = [1, 3, 7] as const
export const AUTOPAY_ATTEMPTS = 1 + AUTOPAY_RETRY_DAYS.length
/** Charges per cron run. */
export const AUTOPAY_PER_RUN = 20
const DAY_MS = 86_400_000

const s = tables.subscriptions
const a = tables.autopayAttempts
const pi = tables.periodInvoices

export const subscriptionReference = (id: number) => `subscription-${id}`
const subscriptionOfReference = (ref: string | null | undefined) => {
  const m = /^subscription-(\d+)$/.exec(ref ?? '')
  return m ? Number(m[1]) : null
}

/** The portal's "Save a card": a setup Checkout Session for the client's autopay subscription. */
export async function startCardSetup(
  db: Db,
  env: Env,
  gateway: AutopayGateway | null,
  scope: { clientId: number; email?: string | null },
) {
  if (!gateway) throw new NotFound('Online payment is not set up')
  const [sub] = await db
    .select()
    .from(s)
    .where(and(eq(s.clientId, scope.clientId), sql`${s.status} <> 'cancelled'`))
    .limit(1)
  if (!sub) throw new NotFound('No plan')
  if (!sub.autopay) throw new Conflict('Automatic payment is not on for this plan')
  const page = new URL('/portal/plan', env.SITE_URL)
  const session = await gateway.createSetupCheckout({
    reference: subscriptionReference(sub.id),
    customerEmail: scope.email,
    currency: 'USD',
    successUrl: `${page}?card=saved`,
    cancelUrl: page.toString(),
  })
  await db.update(s).set({ stripeSetupSessionId: session.id, updatedAt: new Date() }).where(eq(s.id, sub.id))
  return session
}

export type AutopayOutcome = { recorded: 'card'; subscriptionId: number } | WebhookOutcome

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null))

/**
 * Autopay's webhook events; null for any other event (the Checkout payments
 * of services/payments.ts). Nothing in an event is believed unless it matches
 * our record: a card only for a subscription waiting for one, a payment only
 * for a PaymentIntent one of our attempts made, for that attempt's invoice.
 */
export async function recordAutopayEvent(
  db: Db,
  env: Env,
  event: VerifiedEvent,
  now = new Date(),
): Promise<AutopayOutcome | null> {
  if (event.setupIntent) {
    const intent = event.setupIntent
    const id = subscriptionOfReference(intent.metadata?.subscription)
    const customerId = idOf(intent.customer)
    const paymentMethodId = idOf(intent.payment_method)
    if (!id || !customerId || !paymentMethodId) return { recorded: 'ignored', type: event.type }
    const [saved] = await db
      .update(s)
      .set({
        stripeCustomerId: customerId,
        stripePaymentMethodId: paymentMethodId,
        stripeSetupSessionId: null,
        updatedAt: now,
      })
      .where(and(eq(s.id, id), isNotNull(s.stripeSetupSessionId), eq(s.autopay, true)))
      .returning({ id: s.id })
    return saved ? { recorded: 'card', subscriptionId: saved.id } : { recorded: 'ignored', type: event.type }
  }
  const intent = event.paymentIntent
  if (!intent) return null
  // Only a PaymentIntent one of our attempts made pays anything, and then only
  // as the invoice allows (services/payments.ts recordStripePayment).
  const [attempt] = await db.select().from(a).where(eq(a.paymentIntentId, intent.id)).limit(1)
  if (!attempt) return null
  const outcome = await recordStripePayment(
    db,
    env,
    {
      invoiceId: attempt.invoiceId,
      number: null,
      amountCents: intent.amount_received,
      currency: intent.currency,
      eventId: event.id,
      created: event.created,
      sessionId: null,
      intentId: intent.id,
    },
    now,
  )
  await db.update(a).set({ status: 'succeeded', updatedAt: now }).where(eq(a.id, attempt.id))
  return outcome
}

type Due = { invoiceId: number; attempt: number }

/** Sent, unpaid period invoices of autopay subscriptions with a card, and the attempt each is due for now. */
async function dueCharges(db: Db, now: Date): Promise<Due[]> {
  const i = tables.invoices
  const open = await db
    .select({ invoiceId: i.id })
    .from(pi)
    .innerJoin(i, eq(i.id, pi.invoiceId))
    .innerJoin(s, eq(s.id, pi.subscriptionId))
    .where(
      and(
        inArray(i.status, [...OPEN_STATUSES]),
        eq(s.autopay, true),
        isNotNull(s.stripePaymentMethodId),
        // Not given up: fewer than all attempts failed.
        notExists(
          db
            .select({ one: sql`1` })
            .from(a)
            .where(and(eq(a.invoiceId, i.id), sql`${a.attempt} >= ${AUTOPAY_ATTEMPTS}`)),
        ),
      ),
    )
    .orderBy(asc(i.id))
  if (!open.length) return []
  const attempts = await db
    .select()
    .from(a)
    .where(
      inArray(
        a.invoiceId,
        open.slice(0, 90).map((o) => o.invoiceId),
      ),
    )
    .orderBy(desc(a.attempt))
  const out: Due[] = []
  for (const { invoiceId } of open.slice(0, 90)) {
    const mine = attempts.filter((x) => x.invoiceId === invoiceId)
    const last = mine[0]
    if (!last) out.push({ invoiceId, attempt: 1 })
    else if (last.status === 'failed') {
      const first = mine.at(-1)!
      const dueAt = first.createdAt.getTime() + AUTOPAY_RETRY_DAYS[last.attempt - 1]! * DAY_MS
      if (now.getTime() >= dueAt) out.push({ invoiceId, attempt: last.attempt + 1 })
    }
  }
  return out.slice(0, AUTOPAY_PER_RUN)
}

/** The cron's charges: each due attempt claimed by its unique row first, so overlapping runs charge once. */
export async function runAutopay(db: Db, env: Env, gateway: AutopayGateway | null, now = new Date()) {
  if (!gateway) return { charged: 0, failed: 0 }
  let charged = 0
  let failed = 0
  for (const due of await dueCharges(db, now)) {
    const [claimed] = await db
      .insert(a)
      .values({ invoiceId: due.invoiceId, attempt: due.attempt, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning({ id: a.id })
    if (!claimed) continue
    const invoice = await getInvoice(db, due.invoiceId)
    if (invoice.balanceCents <= 0) {
      await db
        .update(a)
        .set({ status: 'succeeded', error: 'Paid otherwise', updatedAt: now })
        .where(eq(a.id, claimed.id))
      continue
    }
    const [card] = await db
      .select({ customerId: s.stripeCustomerId, paymentMethodId: s.stripePaymentMethodId })
      .from(pi)
      .innerJoin(s, eq(s.id, pi.subscriptionId))
      .where(eq(pi.invoiceId, due.invoiceId))
    const outcome = await gateway.charge({
      customerId: card!.customerId!,
      paymentMethodId: card!.paymentMethodId!,
      amountCents: invoice.balanceCents,
      currency: invoice.currency,
      invoiceNumber: invoice.number,
      // The invoice number: a repeated call for the same attempt never charges twice.
      idempotencyKey: due.attempt === 1 ? invoice.number : `${invoice.number}-retry-${due.attempt - 1}`,
    })
    if (outcome.ok) {
      charged++
      await db
        .update(a)
        .set({
          paymentIntentId: outcome.paymentIntentId,
          status: outcome.status === 'succeeded' ? 'succeeded' : 'pending',
          updatedAt: now,
        })
        .where(eq(a.id, claimed.id))
      continue
    }
    failed++
    await db
      .update(a)
      .set({
        paymentIntentId: outcome.paymentIntentId,
        status: 'failed',
        error: outcome.message.slice(0, 500),
        updatedAt: now,
      })
      .where(eq(a.id, claimed.id))
    await failureMail(db, env, invoice, due.attempt, now)
  }
  return { charged, failed }
}

/** The pay link to the invoice's contact; after the last attempt, a word to the owner too. */
async function failureMail(
  db: Db,
  env: Env,
  invoice: Awaited<ReturnType<typeof getInvoice>>,
  attempt: number,
  now: Date,
) {
  const k = tables.contacts
  const [contact] = await db
    .select()
    .from(k)
    .where(invoice.contactId ? eq(k.id, invoice.contactId) : eq(k.clientId, invoice.clientId))
    .orderBy(asc(k.id))
    .limit(1)
  const link = invoiceLink(env, invoice.id)
  const last = attempt >= AUTOPAY_ATTEMPTS
  const messages = []
  if (contact && visitorMailEnabled(env)) {
    const paragraphs = [
      `Hello ${contact.name},`,
      `The automatic payment of invoice ${invoice.number} did not go through.${last ? ' We will not try the card again.' : ' We will try again in a few days.'}`,
      'You can pay it now at the link below.',
      env.OWNER_NAME,
    ]
    messages.push({
      recipient: contact.email,
      subject: headerSafe(`Payment of invoice ${invoice.number} did not go through`),
      textBody: [...paragraphs.slice(0, 3), link, '', paragraphs[3]].join('\n\n'),
      htmlBody: letterHtml({ paragraphs, link: { href: link, text: `Invoice ${invoice.number}` } }),
    })
  }
  if (last) {
    const text = `Autopay of invoice ${invoice.number} failed ${AUTOPAY_ATTEMPTS} times and has stopped. Follow it up: ${invoiceAdminUrl(env, invoice.id)}`
    messages.push({
      recipient: env.NOTIFY_EMAIL,
      subject: headerSafe(`Autopay stopped: invoice ${invoice.number}`),
      textBody: text,
      htmlBody: letterHtml({ paragraphs: [text] }),
    })
  }
  await enqueueMessages(db, 'billing', messages, now)
}
