// The one balance (issue 34). What an invoice owes, was credited, was paid and
// has left is the database view `invoice_balances` (migration 0017): one SQL
// expression, which the credit-note and payment triggers also check inside the
// statement that writes. This module is the only reader; every view (REST,
// GraphQL, the overview, the CSV, the portal, the PDF, the reminders, the
// payment dialog) gets its figures from listInvoices / getInvoice, which
// select these columns. Other services (plans, statements) call
// `invoiceBalance` for one invoice or select `balanceColumns` beside their own.
import { eq } from 'drizzle-orm'
import type { Db } from '../db'
import { tables } from '../db'
import { NotFound } from './errors'

const b = tables.invoiceBalances

export type InvoiceBalance = {
  /** The total, or 0 for a credit note or a void invoice. */
  owedCents: number
  /** Live credit notes' totals (zero or negative). */
  creditedCents: number
  paidCents: number
  /** What is left: owed + credited - paid. Never "outstanding" for a credit note (always 0). */
  balanceCents: number
}

/** The view's columns, to select beside an invoice (join on `balanceJoin`). */
export const balanceColumns = {
  owedCents: b.owedCents,
  creditedCents: b.creditedCents,
  paidCents: b.paidCents,
  balanceCents: b.balanceCents,
}

/** The join condition of the view on the invoices table. */
export const balanceJoin = eq(b.invoiceId, tables.invoices.id)

/** One invoice's balance. */
export async function invoiceBalance(db: Db, invoiceId: number): Promise<InvoiceBalance> {
  const [row] = await db.select(balanceColumns).from(b).where(eq(b.invoiceId, invoiceId)).limit(1)
  if (!row) throw new NotFound('Invoice not found')
  return row
}

/** Whether a D1 error is one of migration 0017's money triggers refusing a write, and which. */
export function moneyRefusal(
  err: unknown,
): 'credit' | 'not_open' | 'wrong_currency' | 'not_positive' | 'exceeds_balance' | 'block' | null {
  const text = (e: unknown): string =>
    e instanceof Error ? `${e.message} ${e.cause === undefined ? '' : text(e.cause)}` : String(e)
  const t = text(err)
  if (/credit note exceeds the balance/.test(t)) return 'credit'
  if (/payment: invoice not open/.test(t)) return 'not_open'
  if (/payment: wrong currency/.test(t)) return 'wrong_currency'
  if (/payment: not positive/.test(t)) return 'not_positive'
  if (/payment: exceeds balance/.test(t)) return 'exceeds_balance'
  if (/prepaid block overdrawn/.test(t)) return 'block'
  return null
}

/** Whether a D1 error is a UNIQUE index refusing a second row (the once-only rules). */
export const isUniqueRefusal = (err: unknown, index: string): boolean => {
  const text = (e: unknown): string =>
    e instanceof Error ? `${e.message} ${e.cause === undefined ? '' : text(e.cause)}` : String(e)
  const t = text(err)
  return /UNIQUE constraint failed/.test(t) && t.includes(index)
}
