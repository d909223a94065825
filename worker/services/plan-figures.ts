// A plan period's figures (issue 52): the ONE function every view of a
// period calls (the admin card through GraphQL, REST's usage, the portal's
// plan page, the usage e-mail) and the period invoice is made from, so what
// is shown is what is billed. A period is open until it ends in the business
// time zone, then ended (it can be billed), then billed: its figures are then
// those its invoice billed, since time dated in it afterwards is late time,
// kept apart (services/subscriptions.ts, lateCondition) and billed on the next
// period invoice as a late line, or not billed, as the owner chose.

import { eq, sql } from 'drizzle-orm'
import { timeLine } from '../../schema/money'
import {
  addPeriods,
  billableFrom,
  dateWords,
  hoursText,
  periodLabel,
  periodOf,
  periodOfDate,
  periodRange,
} from '../../schema/plans'
import type { Db } from '../db'
import { tables } from '../db'
import { Invalid } from './errors'
import {
  getSubscription,
  type LateEntry,
  lateEntriesOf,
  type PeriodUsage,
  type SubscriptionView,
  usageHistory,
} from './subscriptions'

export type PeriodState = 'open' | 'ended' | 'billed'

/** Late time of one period: what goes onto the next invoice, what was billed, what is not billed. */
export type LateFigures = {
  /** Going onto the next period invoice, not billed yet. */
  pendingMinutes: number
  /** Of those, over what the period had left: billed at the period's overage rate. */
  pendingOverageMinutes: number
  pendingOverageCents: number
  /** Already billed as late lines, and on which invoices. */
  billedMinutes: number
  billedOverageMinutes: number
  billedOverageCents: number
  billedOn: { invoiceId: number; number: string }[]
  /** The owner chose not to bill it. */
  notBilledMinutes: number
  /** No choice yet (logged while the period was being billed): not billed until the owner chooses. */
  undecidedMinutes: number
  entries: LateEntry[]
}

/** Late time of an earlier period that the next period invoice bills. */
export type CarriedLate = {
  period: string
  label: string
  minutes: number
  overageMinutes: number
  overageCents: number
  /** Its entries' dates and hours in words: "November 30: 8 h". */
  detail: string
}

export type PeriodFigures = {
  period: string
  /** "November 2026". */
  label: string
  state: PeriodState
  paused: boolean
  /** The period's last day, and the first day it can be billed (YYYY-MM-DD). */
  endsOn: string
  billableFrom: string
  includedMinutes: number
  rolloverMinutes: number
  /** Used, late time apart: for a billed period, what its invoice counted. */
  usedMinutes: number
  remainingMinutes: number
  /** Over the included and rolled-over time: to be billed, or (billed) what the invoice billed. */
  overageMinutes: number
  overageRateCents: number
  overageCents: number
  /** The period's invoice, once made. */
  invoice: { invoiceId: number; number: string; status: string; totalCents: number } | null
  late: LateFigures
  /** Late time of earlier periods going onto the next period invoice (shown on periods not billed yet). */
  carriedIn: CarriedLate[]
}

/** A subscription's period invoices, newest period first (the admin and, once sent, the portal). */
export async function periodInvoicesOf(db: Db, subscriptionId: number) {
  const pi = tables.periodInvoices
  const i = tables.invoices
  return db
    .select({
      period: pi.period,
      invoiceId: i.id,
      number: i.number,
      status: i.status,
      totalCents: i.totalCents,
      issueDate: i.issueDate,
    })
    .from(pi)
    .innerJoin(i, eq(i.id, pi.invoiceId))
    .where(eq(pi.subscriptionId, subscriptionId))
    .orderBy(sql`${pi.period} desc`)
}

export type PeriodInvoiceRow = Awaited<ReturnType<typeof periodInvoicesOf>>[number]

/** The hours of late entries by date, in words: "November 29: 2 h; November 30: 8 h". */
export function lateDetail(entries: Pick<LateEntry, 'date' | 'minutes'>[]): string {
  const byDate = new Map<string, number>()
  for (const e of entries) byDate.set(e.date, (byDate.get(e.date) ?? 0) + e.minutes)
  return [...byDate].map(([date, minutes]) => `${dateWords(date, true)}: ${hoursText(minutes)}`).join('; ')
}

const emptyLate = (): LateFigures => ({
  pendingMinutes: 0,
  pendingOverageMinutes: 0,
  pendingOverageCents: 0,
  billedMinutes: 0,
  billedOverageMinutes: 0,
  billedOverageCents: 0,
  billedOn: [],
  notBilledMinutes: 0,
  undecidedMinutes: 0,
  entries: [],
})

const sum = (entries: LateEntry[]) => entries.reduce((n, e) => n + e.minutes, 0)

/**
 * One billed period's late time. It uses first what the period had left when
 * it was billed, less what rolled over to the next period (those hours were
 * the next period's); anything beyond is over, at the period's overage rate.
 * Counted cumulatively, so late time billed in two goes is never over twice.
 */
function lateOf(
  usage: PeriodUsage,
  next: PeriodUsage | undefined,
  entries: LateEntry[],
  endsPeriod: string | null,
): LateFigures {
  if (!entries.length) return emptyLate()
  const rolledOut = (endsPeriod && usage.period >= endsPeriod) || !next ? 0 : next.rolloverMinutes
  const left = Math.max(0, usage.remainingMinutes - rolledOut)
  const toBill = entries.filter((e) => e.choice === 'next')
  const billed = toBill.filter((e) => e.invoiceId !== null)
  const allMinutes = sum(toBill)
  const billedMinutes = sum(billed)
  const overAll = Math.max(0, allMinutes - left)
  const overBilled = Math.max(0, billedMinutes - left)
  const rate = usage.terms.overageRateCents
  const billedOn = new Map<number, string>()
  for (const e of billed) billedOn.set(e.invoiceId!, e.invoiceNumber ?? '')
  return {
    pendingMinutes: allMinutes - billedMinutes,
    pendingOverageMinutes: overAll - overBilled,
    pendingOverageCents: timeLine(overAll - overBilled, rate).amountCents,
    billedMinutes,
    billedOverageMinutes: overBilled,
    billedOverageCents: timeLine(overBilled, rate).amountCents,
    billedOn: [...billedOn].map(([invoiceId, number]) => ({ invoiceId, number })),
    notBilledMinutes: sum(entries.filter((e) => e.choice === 'none')),
    undecidedMinutes: sum(entries.filter((e) => e.choice === null)),
    entries,
  }
}

export type FigureInputs = {
  sub: Pick<SubscriptionView, 'startDate' | 'endsPeriod' | 'cancelAtPeriodEnd'>
  /** Every period's usage from the first to at least one after the latest period asked about. */
  history: PeriodUsage[]
  late: LateEntry[]
  invoices: PeriodInvoiceRow[]
  now: Date
}

/** The figures of one period from the loaded inputs (no D1: the invoice is made from the same). */
export function figuresOf(
  period: string,
  { sub, history, late, invoices, now }: FigureInputs,
): PeriodFigures {
  const at = (p: string) => history.find((u) => u.period === p)
  const usage = at(period)!
  const invoice = invoices.find((i) => i.period === period) ?? null
  const endsPeriod = sub.cancelAtPeriodEnd ? sub.endsPeriod : null
  const lateBy = (p: string) => late.filter((e) => periodOfDate(e.date) === p)
  const carriedIn: CarriedLate[] = []
  if (!invoice)
    for (const p of [...new Set(late.map((e) => periodOfDate(e.date)))]) {
      const u = at(p)
      if (!u) continue
      const f = lateOf(u, at(addPeriods(p, 1)), lateBy(p), endsPeriod)
      const pending = lateBy(p).filter((e) => e.choice === 'next' && e.invoiceId === null)
      if (f.pendingMinutes > 0)
        carriedIn.push({
          period: p,
          label: periodLabel(p),
          minutes: f.pendingMinutes,
          overageMinutes: f.pendingOverageMinutes,
          overageCents: f.pendingOverageCents,
          detail: lateDetail(pending),
        })
    }
  return {
    period,
    label: periodLabel(period),
    state: invoice ? 'billed' : period >= periodOf(now) ? 'open' : 'ended',
    paused: usage.paused,
    endsOn: periodRange(period).to,
    billableFrom: billableFrom(period),
    includedMinutes: usage.includedMinutes,
    rolloverMinutes: usage.rolloverMinutes,
    usedMinutes: usage.usedMinutes,
    remainingMinutes: usage.remainingMinutes,
    overageMinutes: usage.overageMinutes,
    overageRateCents: usage.terms.overageRateCents,
    overageCents: timeLine(usage.overageMinutes, usage.terms.overageRateCents).amountCents,
    invoice: invoice
      ? {
          invoiceId: invoice.invoiceId,
          number: invoice.number,
          status: invoice.status,
          totalCents: invoice.totalCents,
        }
      : null,
    late: invoice ? lateOf(usage, at(addPeriods(period, 1)), lateBy(period), endsPeriod) : emptyLate(),
    carriedIn,
  }
}

/** Loads what figuresOf needs for a subscription, up to `period` (and the periods its late time needs). */
export async function figureInputs(db: Db, sub: SubscriptionView, period: string, now = new Date()) {
  const [late, invoices] = await Promise.all([lateEntriesOf(db, sub), periodInvoicesOf(db, sub.id)])
  const latest = [period, periodOf(now), ...late.map((e) => periodOfDate(e.date))].sort().at(-1)!
  const history = await usageHistory(db, sub, addPeriods(latest, 1))
  return { sub, history, late, invoices, now } satisfies FigureInputs
}

/** A period's figures: used, included, rolled over, overage to be billed or billed, late time. */
export async function periodFigures(
  db: Db,
  subscription: number | SubscriptionView,
  period: string,
  now = new Date(),
): Promise<PeriodFigures> {
  const sub = typeof subscription === 'number' ? await getSubscription(db, subscription) : subscription
  const first = periodOfDate(sub.startDate)
  if (period < first) throw new Invalid({ period: `The subscription starts in ${periodLabel(first)}` })
  return figuresOf(period, await figureInputs(db, sub, period, now))
}
