// Online payments (issues 26 and 34): "Pay now" opens a Stripe Checkout
// Session for an invoice's balance; Stripe's signed webhook records the
// payment, but only after checking it against the invoice: sent and unpaid,
// in its currency, for at most what is left (services/invoices/
// paymentRefusal, and the payment triggers of migration 0017 inside the
// insert). Anything else is kept as an unmatched payment with its reason, for
// the owner, and the invoice is not touched. One payment per Checkout Session
// and per PaymentIntent (unique indexes), whatever the event id that told us.
import { eq, or } from 'drizzle-orm'
import type { UnmatchedReason } from '../../schema/billing-words'
import { businessDate } from '../../schema/slot-time'
import type { Db } from '../db'
import { tables } from '../db'
import type { PaymentGateway, VerifiedEvent } from '../payments/stripe'
import { moneyRefusal } from './balance'
import { Conflict, NotFound } from './errors'
import { getInvoice, type PortalScope, paymentRefusal, portalInvoice, settleStatement } from './invoices'
import { queueChargeNotice, queuePaymentNotices } from './payment-notices'

/** A Checkout Session for what is left to pay on an invoice; its URL is where "Pay now" leads. */
export async function checkoutForInvoice(
  db: Db,
  env: Env,
  gateway: PaymentGateway | null,
  invoiceId: number,
  customerEmail?: string | null,
) {
  if (!gateway) throw new NotFound('Online payment is not set up')
  const invoice = await getInvoice(db, invoiceId)
  if (invoice.status === 'void' || invoice.status === 'draft' || invoice.source === 'credit')
    throw new Conflict('This invoice cannot be paid online')
  if (invoice.balanceCents <= 0) throw new Conflict('This invoice is paid')
  const page = new URL(`/portal/invoices/${invoice.id}`, env.SITE_URL)
  return gateway.createCheckout({
    invoiceNumber: invoice.number,
    amountCents: invoice.balanceCents,
    currency: invoice.currency,
    customerEmail,
    successUrl: `${page}?paid=1`,
    cancelUrl: page.toString(),
  })
}

/** "Pay now" on the portal: only for an invoice of the session's client (NotFound for any other). */
export async function portalCheckout(
  db: Db,
  env: Env,
  gateway: PaymentGateway | null,
  scope: PortalScope,
  invoiceId: number,
  customerEmail?: string | null,
) {
  await portalInvoice(db, scope, invoiceId)
  return checkoutForInvoice(db, env, gateway, invoiceId, customerEmail)
}

export type WebhookOutcome =
  | { recorded: 'payment'; invoiceId: number; paymentId: number; outboxIds: number[] }
  | { recorded: 'notice'; kind: 'refund' | 'dispute'; outboxIds: number[] }
  | { recorded: 'unmatched'; paymentId: number; number: string | null; reason: UnmatchedReason }
  | { recorded: 'duplicate' }
  | { recorded: 'ignored'; type: string }

/**
 * Records a verified, well-formed Stripe event (payments/stripe.ts
 * verifiedEvent). Only a paid Checkout Session is a payment; other events are
 * acknowledged and ignored (Stripe retries anything but a 2xx, so they must
 * not fail).
 */
export async function recordStripeEvent(
  db: Db,
  env: Env,
  event: VerifiedEvent,
  now = new Date(),
): Promise<WebhookOutcome> {
  // Refunds and disputes are not synced back (the invoice stays as recorded): the owner is told, once per event.
  if (event.notice)
    return {
      recorded: 'notice',
      kind: event.notice.kind,
      outboxIds: await queueChargeNotice(db, env, event.id, event.notice, now),
    }
  const session = event.session
  if (!session) return { recorded: 'ignored', type: event.type }
  // A delayed method (bank debit) completes unpaid; its async_payment_succeeded event pays it.
  if (session.payment_status !== 'paid')
    return { recorded: 'ignored', type: `${event.type} (${session.payment_status})` }
  const intent =
    typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null)
  const number = session.client_reference_id ?? session.metadata?.invoice_number ?? null
  const [row] = number
    ? await db
        .select({ id: tables.invoices.id })
        .from(tables.invoices)
        .where(eq(tables.invoices.number, number))
        .limit(1)
    : []
  return recordStripePayment(
    db,
    env,
    {
      invoiceId: row?.id ?? null,
      number,
      amountCents: session.amount_total ?? 0,
      currency: session.currency,
      eventId: event.id,
      created: event.created,
      sessionId: session.id,
      intentId: intent,
    },
    now,
  )
}

/** Stripe retries a webhook for up to three days; an event older than that is not a delivery. */
export const STRIPE_RETRY_WINDOW_MS = 3 * 24 * 60 * 60 * 1000

/**
 * When a Stripe payment counts as received (ADR 182): the event's time while
 * it is within Stripe's retry window of now, otherwise now. A signed but old
 * event (replayed, or made up with a leaked secret) cannot date a payment
 * years back; an event from the future was refused by parseEvent already.
 */
export function receivedAt(createdSeconds: number, now: Date): Date {
  const created = createdSeconds * 1000
  return now.getTime() - created > STRIPE_RETRY_WINDOW_MS ? now : new Date(Math.min(created, now.getTime()))
}

export type StripePayment = {
  /** The invoice the payment names (null: none found by its reference). */
  invoiceId: number | null
  number: string | null
  amountCents: number
  currency: string
  eventId: string
  /** The event's time (seconds): the payment's date in the business time zone, unless older than the retry window (receivedAt). */
  created: number
  sessionId: string | null
  intentId: string | null
}

/**
 * Records money Stripe says was paid, checked against the invoice: a payment
 * when it fits (sent, unpaid, same currency, at most what is left; the
 * triggers check again inside the insert), otherwise an unmatched payment
 * with its reason. Once per event, Checkout Session and PaymentIntent (unique
 * indexes). Checkout's webhook and autopay's off-session charges both land here.
 */
export async function recordStripePayment(
  db: Db,
  env: Env,
  payment: StripePayment,
  now = new Date(),
): Promise<Exclude<WebhookOutcome, { recorded: 'ignored' }>> {
  const p = tables.payments
  const [seen] = await db
    .select({ id: p.id })
    .from(p)
    .where(
      or(
        eq(p.stripeEventId, payment.eventId),
        payment.sessionId ? eq(p.stripeSessionId, payment.sessionId) : undefined,
        payment.intentId ? eq(p.stripePaymentIntentId, payment.intentId) : undefined,
      ),
    )
    .limit(1)
  if (seen) return { recorded: 'duplicate' }
  const invoice = payment.invoiceId ? await getInvoice(db, payment.invoiceId).catch(() => null) : null
  const currency = payment.currency.toUpperCase()
  const values = {
    amountCents: payment.amountCents,
    currency,
    date: businessDate(receivedAt(payment.created, now)),
    method: 'stripe' as const,
    reference: payment.intentId ?? payment.sessionId,
    stripeEventId: payment.eventId,
    stripeSessionId: payment.sessionId,
    stripePaymentIntentId: payment.intentId,
    createdAt: now,
    updatedAt: now,
  }
  let reason: UnmatchedReason | null = invoice
    ? paymentRefusal(invoice, payment.amountCents, currency)
    : 'unknown_invoice'
  if (invoice && !reason) {
    try {
      // The status follows in the same batch; a replay (same session or intent) inserts nothing.
      const [[inserted]] = await db.batch([
        db
          .insert(p)
          .values({ ...values, invoiceId: invoice.id })
          .onConflictDoNothing()
          .returning({ id: p.id }),
        settleStatement(db, invoice.id, now),
      ])
      if (!inserted) return { recorded: 'duplicate' }
      const outboxIds = await queuePaymentNotices(db, env, inserted.id, now)
      return { recorded: 'payment', invoiceId: invoice.id, paymentId: inserted.id, outboxIds }
    } catch (err) {
      // Another payment landed meanwhile and the trigger measured against what is left now.
      const refused = moneyRefusal(err)
      if (!refused || refused === 'credit' || refused === 'block') throw err
      reason = refused
    }
  }
  const number = payment.number ?? invoice?.number ?? null
  const [kept] = await db
    .insert(p)
    .values({ ...values, invoiceId: null, unmatchedNumber: number, unmatchedReason: reason })
    .onConflictDoNothing()
    .returning({ id: p.id })
  if (!kept) return { recorded: 'duplicate' }
  return { recorded: 'unmatched', paymentId: kept.id, number, reason: reason ?? 'unknown_invoice' }
}
