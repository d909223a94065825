// The owner's billing overview and the accountant's CSV files.
import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm'
import { isOpenStatus, OPEN_STATUSES } from '../../../schema/billing-words'
import { formatCents, roundMinutes, timeLine } from '../../../schema/money'
import { addDays, businessDate } from '../../../schema/slot-time'
import type { Db } from '../../db'
import { tables } from '../../db'
import { csvLines } from '../csv'
import { planCovers } from '../subscriptions'
import { listInvoices } from './read'

// ---------- The owner's overview and the accountant's CSV ----------

export async function billingOverview(db: Db, now = new Date()) {
  const today = businessDate(now)
  const e = tables.timeEntries
  const unbilled = await db
    .select({ entry: e, clientName: tables.clients.name, rounding: tables.clients.roundingMinutes })
    .from(e)
    .innerJoin(tables.clients, eq(tables.clients.id, e.clientId))
    // Time a plan covers is billed by the plan (issue 52), not from here.
    .where(and(isNull(e.invoiceId), isNull(e.blockId), eq(e.billable, true), sql`not ${planCovers()}`))
  const perClient = new Map<
    number,
    { clientId: number; clientName: string; minutes: number; amountCents: number }
  >()
  for (const { entry, clientName, rounding } of unbilled) {
    const row = perClient.get(entry.clientId) ?? {
      clientId: entry.clientId,
      clientName,
      minutes: 0,
      amountCents: 0,
    }
    const minutes = roundMinutes(entry.minutes, rounding)
    row.minutes += minutes
    row.amountCents += timeLine(minutes, entry.rateCents).amountCents
    perClient.set(entry.clientId, row)
  }
  // A credit note is never outstanding; it shows as the lower balance of the invoice it corrects.
  const open = (await listInvoices(db)).filter(
    ({ invoice, balanceCents }) =>
      invoice.source !== 'credit' && isOpenStatus(invoice.status) && balanceCents > 0,
  )
  const outstanding = open.map(({ invoice, clientName, balanceCents }) => ({
    id: invoice.id,
    number: invoice.number,
    clientName,
    dueDate: invoice.dueDate,
    status: invoice.status,
    balanceCents,
    overdue: invoice.dueDate < today,
  }))
  const p = tables.payments
  const paidSince = async (from: string) =>
    (
      await db
        .select({ total: sql<number>`coalesce(sum(${p.amountCents}), 0)` })
        .from(p)
        .where(and(isNotNull(p.invoiceId), gte(p.date, from), lt(p.date, addDays(today, 1))))
    )[0]?.total ?? 0
  return {
    unbilled: [...perClient.values()],
    outstanding,
    outstandingCents: outstanding.reduce((sum, o) => sum + o.balanceCents, 0),
    overdueCents: outstanding.filter((o) => o.overdue).reduce((sum, o) => sum + o.balanceCents, 0),
    paidThisMonthCents: await paidSince(`${today.slice(0, 7)}-01`),
    paidThisYearCents: await paidSince(`${today.slice(0, 4)}-01-01`),
  }
}

const dollars = (cents: number) => formatCents(cents, 'plain')

/** Invoices for the accountant (amounts in dollars with two decimals). */
export async function invoicesCsv(db: Db) {
  const rows = await listInvoices(db)
  return csvLines(
    [
      'number',
      'client',
      'source',
      'status',
      'issue_date',
      'due_date',
      'subtotal',
      'discount',
      'tax',
      'total',
      'credited',
      'paid',
      'balance',
      'currency',
    ],
    rows.map(({ invoice: i, clientName, creditedCents, paidCents, balanceCents }) => [
      i.number,
      clientName,
      i.source,
      i.status,
      i.issueDate,
      i.dueDate,
      dollars(i.subtotalCents),
      dollars(i.discountCents),
      dollars(i.taxCents),
      dollars(i.totalCents),
      dollars(creditedCents),
      dollars(paidCents),
      dollars(balanceCents),
      i.currency,
    ]),
  )
}

/** Payments for the accountant, unmatched ones included (without an invoice number). */
export async function paymentsCsv(db: Db) {
  const p = tables.payments
  const rows = await db
    .select({ payment: p, number: tables.invoices.number, clientName: tables.clients.name })
    .from(p)
    .leftJoin(tables.invoices, eq(tables.invoices.id, p.invoiceId))
    .leftJoin(tables.clients, eq(tables.clients.id, tables.invoices.clientId))
    .orderBy(asc(p.date), asc(p.id))
  return csvLines(
    [
      'date',
      'invoice',
      'client',
      'amount',
      'currency',
      'method',
      'reference',
      'stripe_event',
      'unmatched_number',
      'unmatched_reason',
    ],
    rows.map(({ payment, number, clientName }) => [
      payment.date,
      number ?? '',
      clientName ?? '',
      dollars(payment.amountCents),
      payment.currency,
      payment.method,
      payment.reference,
      payment.stripeEventId,
      payment.unmatchedNumber,
      payment.unmatchedReason,
    ]),
  )
}

/** Sent invoices a client still owes on, for the reminders. */
export function openInvoices(db: Db) {
  return db
    .select()
    .from(tables.invoices)
    .where(and(inArray(tables.invoices.status, [...OPEN_STATUSES]), ne(tables.invoices.source, 'credit')))
}
