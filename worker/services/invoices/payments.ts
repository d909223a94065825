// Payments recorded by hand and matched later; refused by the same rules as Stripe's (services/payments.ts).
import { and, desc, eq, isNull } from 'drizzle-orm'
import {
  invoiceStatusLabel,
  isOpenStatus,
  type PaymentMethod,
  type UnmatchedReason,
} from '../../../schema/billing-words'
import { formatCents } from '../../../schema/money'
import { businessDate } from '../../../schema/slot-time'
import type { Db } from '../../db'
import { tables } from '../../db'
import { moneyRefusal } from '../balance'
import { Conflict, Invalid, NotFound } from '../errors'
import { getInvoice, type InvoiceDetail } from './read'
import { settleStatement } from './status'

// ---------- Payments ----------

export type PaymentInput = {
  amountCents: number
  date?: string | null
  method: PaymentMethod
  reference?: string | null
  /** ISO 4217; the invoice's currency when absent. */
  currency?: string | null
}

/**
 * Why a payment cannot be recorded on this invoice, or null when it can: the
 * invoice must be sent and unpaid (not a draft, paid, void or a credit note),
 * in its currency, and the amount more than zero and at most what is left.
 * The webhook keeps a refused payment as unmatched with this reason; a manual
 * payment is answered with it. The payment triggers of migration 0017 check
 * the same inside the insert (for payments arriving at once).
 */
export function paymentRefusal(
  invoice: Pick<InvoiceDetail, 'status' | 'source' | 'currency' | 'balanceCents'>,
  amountCents: number,
  currency: string,
): UnmatchedReason | null {
  if (invoice.source === 'credit' || !isOpenStatus(invoice.status)) return 'not_open'
  if (currency.toUpperCase() !== invoice.currency.toUpperCase()) return 'wrong_currency'
  if (amountCents <= 0) return 'not_positive'
  if (amountCents > invoice.balanceCents) return 'exceeds_balance'
  return null
}

/** A refusal as a person reads it, on the field it concerns. */
function paymentRefusalError(reason: UnmatchedReason, invoice: InvoiceDetail) {
  switch (reason) {
    case 'not_open':
      return new Conflict(
        invoice.source === 'credit'
          ? 'A credit note takes no payment'
          : invoice.status === 'draft'
            ? 'A draft invoice takes no payment: send it first'
            : invoice.status === 'void'
              ? 'A void invoice takes no payment'
              : 'This invoice is paid',
        { invoiceId: invoiceStatusLabel(invoice.source === 'credit' ? 'void' : invoice.status) },
      )
    case 'wrong_currency':
      return new Invalid({ currency: `This invoice is in ${invoice.currency}` })
    case 'not_positive':
      return new Invalid({ amountCents: 'Amount must be more than zero' })
    default:
      return new Invalid({
        amountCents: `At most ${formatCents(Math.max(0, invoice.balanceCents))} is left to pay on this invoice`,
      })
  }
}

/**
 * Records a payment on an invoice: THE way a payment is recorded (manual
 * payments, GraphQL, and the services to come call it). A partial one leaves a
 * balance; more than what is left, a draft, a paid, void or credit-note
 * invoice, or another currency is refused (Invalid or Conflict, field named).
 * Its receipt and the owner's notice: services/payment-notices.ts
 * (recordPaymentAndNotify), which the edges call.
 */
export async function recordPayment(db: Db, invoiceId: number, input: PaymentInput, now = new Date()) {
  const invoice = await getInvoice(db, invoiceId)
  const currency = (input.currency ?? invoice.currency).toUpperCase()
  const refusal = paymentRefusal(invoice, input.amountCents, currency)
  if (refusal) throw paymentRefusalError(refusal, invoice)
  let paymentId: number
  try {
    const [[inserted]] = await db.batch([
      db
        .insert(tables.payments)
        .values({
          invoiceId,
          amountCents: input.amountCents,
          currency,
          date: input.date ?? businessDate(now),
          method: input.method,
          reference: input.reference ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: tables.payments.id }),
      settleStatement(db, invoiceId, now),
    ])
    paymentId = inserted!.id
  } catch (err) {
    // Another payment landed meanwhile: the trigger measured against the balance as it now is.
    const reason = moneyRefusal(err)
    if (reason && reason !== 'credit' && reason !== 'block')
      throw paymentRefusalError(reason, await getInvoice(db, invoiceId))
    throw err
  }
  return { ...(await getInvoice(db, invoiceId)), paymentId }
}

/** Payments kept for the owner instead of being recorded on an invoice (with the reason), newest first. */
export function unmatchedPayments(db: Db) {
  return db
    .select()
    .from(tables.payments)
    .where(isNull(tables.payments.invoiceId))
    .orderBy(desc(tables.payments.id))
}

/** Attaches an unmatched payment to an invoice, under the same rules as recordPayment. */
export async function matchPayment(db: Db, paymentId: number, invoiceId: number, now = new Date()) {
  const invoice = await getInvoice(db, invoiceId)
  const [payment] = await db
    .select()
    .from(tables.payments)
    .where(and(eq(tables.payments.id, paymentId), isNull(tables.payments.invoiceId)))
    .limit(1)
  if (!payment) throw new NotFound('No such unmatched payment')
  const refusal = paymentRefusal(invoice, payment.amountCents, payment.currency)
  if (refusal) throw paymentRefusalError(refusal, invoice)
  try {
    const [[matched]] = await db.batch([
      db
        .update(tables.payments)
        .set({ invoiceId, unmatchedReason: null, updatedAt: now })
        .where(and(eq(tables.payments.id, paymentId), isNull(tables.payments.invoiceId)))
        .returning({ id: tables.payments.id }),
      settleStatement(db, invoiceId, now),
    ])
    if (!matched) throw new NotFound('No such unmatched payment')
  } catch (err) {
    const reason = moneyRefusal(err)
    if (reason && reason !== 'credit' && reason !== 'block')
      throw paymentRefusalError(reason, await getInvoice(db, invoiceId))
    throw err
  }
  return getInvoice(db, invoiceId)
}
