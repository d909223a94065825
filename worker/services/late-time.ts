// Late time (issue 52): time dated in a plan period whose invoice is already
// made. The owner chooses where it goes (the next plan invoice, or not billed);
// these are the rules the time service asks, and the condition an invoice from
// unbilled time uses to leave plan time out.
import { and, eq, lte, sql } from 'drizzle-orm'
import { periodOfDate } from '../../schema/plans'
import type { Db } from '../db'
import { tables } from '../db'

const s = tables.subscriptions

/** The question asked when time is logged into, or moved into, a plan period already invoiced (issue 52). */
export const LATE_TIME_MESSAGES = {
  field: 'Choose where this time goes: the next plan invoice, or not billed',
  noNext:
    'This plan ends with that period: there is no next plan invoice, so this time can only be not billed',
} as const

export const lateTimeQuestion = (label: string, number: string) =>
  `${label} is already invoiced (${number}). Choose where this time goes: onto the next plan invoice as late time, labelled with its date, or not billed.`

/**
 * The client's plan period a date falls in, when that period is already
 * invoiced: time dated there is late time and needs the owner's choice.
 * canCarry: a later period invoice can still take it (not after the plan's last period).
 */
export async function billedPlanPeriodOf(db: Db, clientId: number, date: string) {
  const pi = tables.periodInvoices
  const [row] = await db
    .select({
      subscriptionId: s.id,
      period: pi.period,
      number: tables.invoices.number,
      status: s.status,
      cancelAtPeriodEnd: s.cancelAtPeriodEnd,
      endsPeriod: s.endsPeriod,
    })
    .from(s)
    .innerJoin(pi, and(eq(pi.subscriptionId, s.id), eq(pi.period, periodOfDate(date))))
    .innerJoin(tables.invoices, eq(tables.invoices.id, pi.invoiceId))
    .where(and(eq(s.clientId, clientId), lte(s.startDate, date)))
    .limit(1)
  if (!row) return null
  const last =
    row.status === 'cancelled' ||
    (row.cancelAtPeriodEnd && row.endsPeriod !== null && row.endsPeriod <= row.period)
  return { ...row, canCarry: !last }
}

/**
 * Time a plan period covers (issue 52): dated from a subscription's start to
 * its last period, in a period not paused. Its plan bills it (the period
 * invoice, or a late line), so an invoice from unbilled time never does.
 */
export function planCovers() {
  const e = tables.timeEntries
  return sql`exists (select 1 from subscriptions cs where cs.client_id = ${e.clientId} and ${e.date} >= cs.start_date and (cs.cancel_at_period_end = 0 or cs.ends_period is null or substr(${e.date}, 1, 7) <= cs.ends_period) and not exists (select 1 from subscription_pauses cp where cp.subscription_id = cs.id and cp.from_period <= substr(${e.date}, 1, 7) and (cp.to_period is null or cp.to_period >= substr(${e.date}, 1, 7))))`
}
