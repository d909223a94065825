// After every recorded payment (issue 36, ADR 142): a receipt to the client
// and a notice to the owner, through the mail outbox, once per payment.
// Manual payments, matched ones and Stripe's all come here. "Once" is the
// unique once_key of the outbox ('payment:<id>:receipt', 'payment:<id>:owner');
// "every" is the cron's sweep, which queues what a Worker stopped between the
// payment and its notices left out (the key makes a second queueing nothing).
import { and, eq, gte, isNotNull, sql } from 'drizzle-orm'
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../schema/billing-words'
import { formatCents } from '../../schema/money'
import type { Db } from '../db'
import { tables } from '../db'
import { letterHtml } from '../mail/letter-html'
import { type QueuedMail, queueMailOnce } from '../mail/outbox'
import { headerSafe } from '../mail/templates'
import { visitorMailEnabled } from '../mail/visitor'
import type { ChargeNotice } from '../payments/stripe'
import {
  contactOf,
  getInvoice,
  invoiceAdminUrl,
  invoiceLink,
  matchPayment,
  type PaymentInput,
  recordPayment,
} from './invoices'

const receiptKey = (paymentId: number) => `payment:${paymentId}:receipt`
const ownerKey = (paymentId: number) => `payment:${paymentId}:owner`

const mail = (recipient: string, subject: string, paragraphs: string[], onceKey: string) =>
  ({
    recipient,
    replyTo: null,
    subject: headerSafe(subject, 200),
    textBody: paragraphs.join('\n\n'),
    htmlBody: letterHtml({ paragraphs }),
    kind: 'billing',
    onceKey,
  }) satisfies QueuedMail & { onceKey: string }

/**
 * Queues the receipt (when visitor mail is on and the invoice has a contact)
 * and the owner's notice for one payment recorded on an invoice; answers the
 * outbox ids queued now (none when they were queued before).
 */
export async function queuePaymentNotices(db: Db, env: Env, paymentId: number, now = new Date()) {
  const [payment] = await db.select().from(tables.payments).where(eq(tables.payments.id, paymentId))
  if (!payment?.invoiceId) return []
  const invoice = await getInvoice(db, payment.invoiceId)
  const [client] = await db
    .select({ name: tables.clients.name })
    .from(tables.clients)
    .where(eq(tables.clients.id, invoice.clientId))
  const amount = formatCents(payment.amountCents)
  const method = PAYMENT_METHOD_LABELS[payment.method as PaymentMethod] ?? payment.method
  // The one balance (services/balance.ts through getInvoice), as it stands after this payment.
  const left =
    invoice.balanceCents > 0
      ? `${formatCents(invoice.balanceCents)} is left to pay.`
      : 'It is now paid in full.'
  const rows = [
    mail(
      env.NOTIFY_EMAIL,
      `Payment of ${amount} on invoice ${invoice.number} (${client?.name ?? 'client'})`,
      [
        `A payment of ${amount} (${method}${payment.reference ? `, ${payment.reference}` : ''}) dated ${payment.date} was recorded on invoice ${invoice.number} of ${client?.name ?? 'a client'}.`,
        left,
        `The invoice in the admin: ${invoiceAdminUrl(env, invoice.id)}`,
      ],
      ownerKey(payment.id),
    ),
  ]
  const contact = await contactOf(db, invoice)
  if (contact && visitorMailEnabled(env))
    rows.push(
      mail(
        contact.email,
        `Receipt: ${amount} received for invoice ${invoice.number}`,
        [
          `Hello ${contact.name},`,
          `Thank you: we received your payment of ${amount} (${method}) dated ${payment.date} for invoice ${invoice.number}. ${left}`,
          `The invoice and its payments are in your client portal: ${invoiceLink(env, invoice.id)}`,
          env.OWNER_NAME,
        ],
        receiptKey(payment.id),
      ),
    )
  const queued = await queueMailOnce(db, rows, now)
  return queued.map((r) => r.id)
}

/**
 * How far back the cron's sweep looks for a payment without its notices: a
 * few cron runs (every 5 minutes), not more, so that payments recorded before
 * notices existed are not announced days later.
 */
const SWEEP_MS = 60 * 60_000

/** The cron's sweep: notices for recent payments that have none yet (a Worker stopped in between). */
export async function queueMissingPaymentNotices(db: Db, env: Env, now = new Date()) {
  const p = tables.payments
  const missing = await db
    .select({ id: p.id })
    .from(p)
    .where(
      and(
        isNotNull(p.invoiceId),
        gte(p.updatedAt, new Date(now.getTime() - SWEEP_MS)),
        sql`not exists (select 1 from mail_outbox o where o.once_key = 'payment:' || ${p.id} || ':owner')`,
      ),
    )
    .limit(20)
  const ids: number[] = []
  for (const { id } of missing) ids.push(...(await queuePaymentNotices(db, env, id, now)))
  return ids
}

/**
 * A Stripe refund or dispute, told to the owner once per event: neither is
 * synced back (the payment and the invoice stay as recorded), so the owner
 * decides (a credit note for a refund, evidence in Stripe for a dispute).
 */
export async function queueChargeNotice(
  db: Db,
  env: Env,
  eventId: string,
  notice: ChargeNotice,
  now = new Date(),
) {
  const p = tables.payments
  const [payment] = notice.paymentIntent
    ? await db
        .select({ invoiceId: p.invoiceId, number: tables.invoices.number, unmatched: p.unmatchedNumber })
        .from(p)
        .leftJoin(tables.invoices, eq(tables.invoices.id, p.invoiceId))
        .where(eq(p.stripePaymentIntentId, notice.paymentIntent))
        .limit(1)
    : []
  const amount = `${formatCents(notice.amountCents)}${notice.currency === 'USD' ? '' : ` ${notice.currency}`}`
  const which = payment?.number
    ? `the payment on invoice ${payment.number}`
    : payment
      ? `an unmatched payment${payment.unmatched ? ` (it named ${payment.unmatched})` : ''}`
      : `a payment this site has no record of (PaymentIntent ${notice.paymentIntent ?? 'unknown'})`
  const paragraphs =
    notice.kind === 'refund'
      ? [
          `Stripe reports a refund of ${amount} in total on ${which}.`,
          'Refunds are not synced back: the payment and the invoice here stay as recorded. If the client is owed the money back on the books, issue a credit note for the amount refunded.',
        ]
      : [
          `Stripe reports a dispute (chargeback) of ${amount} on ${which}${notice.reason ? `, reason: ${notice.reason}` : ''}.`,
          'Disputes are not synced back. Answer it in the Stripe Dashboard (Payments > Disputes) before its deadline; if you lose it, issue a credit note or record how it was settled.',
        ]
  if (payment?.invoiceId)
    paragraphs.push(`The invoice in the admin: ${invoiceAdminUrl(env, payment.invoiceId)}`)
  const subject =
    notice.kind === 'refund'
      ? `Stripe refund of ${amount}${payment?.number ? ` on invoice ${payment.number}` : ''}`
      : `Stripe dispute of ${amount}${payment?.number ? ` on invoice ${payment.number}` : ''}`
  const queued = await queueMailOnce(
    db,
    [mail(env.NOTIFY_EMAIL, subject, paragraphs, `stripe:${eventId}`)],
    now,
  )
  return queued.map((r) => r.id)
}

/** A payment recorded by the owner (REST, GraphQL), then its receipt and notice queued. */
export async function recordPaymentAndNotify(
  db: Db,
  env: Env,
  invoiceId: number,
  input: PaymentInput,
  now = new Date(),
) {
  const { paymentId, ...invoice } = await recordPayment(db, invoiceId, input, now)
  return { invoice, paymentId, outboxIds: await queuePaymentNotices(db, env, paymentId, now) }
}

/** An unmatched payment attached to an invoice: now it is recorded, so it gets its receipt and notice. */
export async function matchPaymentAndNotify(
  db: Db,
  env: Env,
  paymentId: number,
  invoiceId: number,
  now = new Date(),
) {
  const invoice = await matchPayment(db, paymentId, invoiceId, now)
  return { invoice, paymentId, outboxIds: await queuePaymentNotices(db, env, paymentId, now) }
}
