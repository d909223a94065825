// Online payments (issue 26): "Pay now" opens a Stripe Checkout Session for
// an invoice's balance; Stripe's signed webhook records the payment. Each
// Stripe event is recorded once (payments.stripe_event_id is unique, so a
// replay inserts nothing), and a payment naming an invoice number that matches
// nothing is kept unmatched for the owner, never dropped.
import { eq } from 'drizzle-orm'
import { businessDate } from '../../schema/slot-time'
import type { Db } from '../db'
import { tables } from '../db'
import type { PaymentGateway, Stripe } from '../payments/stripe'
import { Conflict, NotFound } from './errors'
import { getInvoice, type PortalScope, portalInvoice, settleStatement } from './invoices'

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
  | { recorded: 'payment'; invoiceId: number; paymentId: number }
  | { recorded: 'unmatched'; paymentId: number; number: string | null }
  | { recorded: 'duplicate' }
  | { recorded: 'ignored'; type: string }

/**
 * Records a verified Stripe event. Only a completed, paid Checkout Session is
 * a payment; other events are acknowledged and ignored (Stripe retries
 * anything but a 2xx, so they must not fail).
 */
export async function recordStripeEvent(
  db: Db,
  event: Stripe.Event,
  now = new Date(),
): Promise<WebhookOutcome> {
  if (
    event.type !== 'checkout.session.completed' &&
    event.type !== 'checkout.session.async_payment_succeeded'
  )
    return { recorded: 'ignored', type: event.type }
  const session = event.data.object as Stripe.Checkout.Session
  // A delayed method (bank debit) completes unpaid; its async_payment_succeeded event pays it.
  if (session.payment_status !== 'paid')
    return { recorded: 'ignored', type: `${event.type} (${session.payment_status})` }
  const number = session.client_reference_id ?? session.metadata?.invoice_number ?? null
  const [invoice] = number
    ? await db
        .select({ id: tables.invoices.id })
        .from(tables.invoices)
        .where(eq(tables.invoices.number, number))
        .limit(1)
    : []
  const values = {
    invoiceId: invoice?.id ?? null,
    unmatchedNumber: invoice ? null : number,
    amountCents: session.amount_total ?? 0,
    date: businessDate(new Date(event.created * 1000)),
    method: 'stripe',
    reference: typeof session.payment_intent === 'string' ? session.payment_intent : session.id,
    stripeEventId: event.id,
    createdAt: now,
    updatedAt: now,
  }
  const insert = db
    .insert(tables.payments)
    .values(values)
    .onConflictDoNothing({ target: tables.payments.stripeEventId })
    .returning({ id: tables.payments.id })
  // The status follows in the same batch; on a replay nothing is inserted and it changes nothing.
  const [inserted] = invoice
    ? (await db.batch([insert, settleStatement(db, invoice.id, now)]))[0]
    : await insert
  if (!inserted) return { recorded: 'duplicate' }
  return invoice
    ? { recorded: 'payment', invoiceId: invoice.id, paymentId: inserted.id }
    : { recorded: 'unmatched', paymentId: inserted.id, number }
}
