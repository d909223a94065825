// Status changes: paid when settled, viewed, void.
import { and, eq, ne, sql } from 'drizzle-orm'
import type { Db } from '../../db'
import { tables } from '../../db'
import { Conflict } from '../errors'
import { getInvoice, getInvoiceRow } from './read'

// ---------- Status changes ----------

/**
 * The statement that brings an invoice's status in line with what was paid
 * and credited: paid, partially paid, or as it was. A void invoice stays void.
 * Placed in the same batch as the payment it follows.
 */
export function settleStatement(db: Db, invoiceId: number, now: Date) {
  const i = tables.invoices
  // From the one balance (the view), qualified: inside a subquery an unqualified "id" would be the view's.
  const paid = sql`(select bb.paid_cents from invoice_balances bb where bb.invoice_id = "invoices"."id")`
  const settled = sql`(select bb.balance_cents from invoice_balances bb where bb.invoice_id = "invoices"."id") <= 0`
  return db
    .update(i)
    .set({
      // A paid invoice whose credit note was voided owes again: back to sent.
      status: sql`case when ${settled} then 'paid' when ${paid} > 0 then 'partially_paid' when ${i.status} in ('paid', 'partially_paid') then 'sent' else ${i.status} end`,
      paidAt: sql`case when ${settled} then coalesce(${i.paidAt}, ${now.getTime()}) else null end`,
      updatedAt: now,
    })
    .where(and(eq(i.id, invoiceId), ne(i.status, 'void'), ne(i.status, 'draft'), ne(i.source, 'credit')))
}

/** The client opened a sent invoice in the portal. */
export async function markViewed(db: Db, id: number, now = new Date()) {
  await db
    .update(tables.invoices)
    .set({ status: 'viewed', viewedAt: now, updatedAt: now })
    .where(and(eq(tables.invoices.id, id), eq(tables.invoices.status, 'sent')))
}

/**
 * Voids an invoice: it keeps its number, and its time returns to unbilled
 * (the status changes first in the batch: the trigger only lets time go from
 * a void invoice). An invoice with payments is corrected by a credit note.
 */
export async function voidInvoice(db: Db, id: number, now = new Date()) {
  const invoice = await getInvoiceRow(db, id)
  if (invoice.status === 'void') throw new Conflict('This invoice is already void')
  const i = tables.invoices
  const [[voided]] = await db.batch([
    db
      .update(i)
      .set({ status: 'void', voidedAt: now, updatedAt: now })
      .where(
        and(
          eq(i.id, id),
          ne(i.status, 'void'),
          sql`not exists (select 1 from payments pp where pp.invoice_id = "invoices"."id")`,
        ),
      )
      .returning({ id: i.id }),
    db
      .update(tables.timeEntries)
      .set({ invoiceId: null })
      .where(
        and(
          eq(tables.timeEntries.invoiceId, id),
          sql`(select status from invoices where id = ${id}) = 'void'`,
        ),
      ),
    // A voided credit note no longer lowers what the invoice it corrected owes.
    ...(invoice.creditForId ? [settleStatement(db, invoice.creditForId, now)] : []),
  ])
  if (!voided) throw new Conflict('This invoice has payments: correct it with a credit note')
  return getInvoice(db, id)
}
