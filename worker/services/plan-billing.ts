// Period invoices of managed-service plans (issue 37): one invoice per
// subscription and period, in arrears, made by the invoice service in the
// batch that numbers it. That batch also inserts the period_invoices row
// (UNIQUE subscription + period) and marks the time the invoice covers, so a
// second invoice for the same period, made at the same moment in another tab
// or by a second cron run, aborts whole: no invoice, no number, no time
// billed (ADR 135).
import { and, eq, inArray, isNull, lte, notExists, or, sql } from 'drizzle-orm'
import { roundCents } from '../../schema/money'
import { addPeriods, hoursText, periodOf, periodRange } from '../../schema/plans'
import { businessDate } from '../../schema/slot-time'
import type { Db } from '../db'
import { tables } from '../db'
import { log } from '../log'
import { Conflict, Invalid, NotFound } from './errors'
import { createInvoice, type InvoiceDetail, type LineInput, sendInvoice } from './invoices'
import { responseTargets } from './plans'
import {
  closeEndedSubscriptions,
  getSubscription,
  type PeriodUsage,
  planTimeCondition,
  type SubscriptionView,
  usageHistory,
} from './subscriptions'

export const PLAN_BILLING_MESSAGES = {
  already: 'This period is already invoiced',
  paused: 'This subscription was paused in that period: its time is billed as usual',
  future: 'A period can be billed once it has begun',
  ended: 'This subscription had ended before that period',
} as const

const pi = tables.periodInvoices

const isPeriodTaken = (err: unknown) =>
  /UNIQUE constraint failed: period_invoices/.test(`${err} ${(err as Error)?.cause ?? ''}`)

async function existingInvoice(db: Db, subscriptionId: number, period: string) {
  const [row] = await db
    .select({ invoiceId: pi.invoiceId })
    .from(pi)
    .where(and(eq(pi.subscriptionId, subscriptionId), eq(pi.period, period)))
    .limit(1)
  return row?.invoiceId ?? null
}

const alreadyBilled = (invoiceId: number | null) =>
  new Conflict(
    PLAN_BILLING_MESSAGES.already,
    { period: 'Already invoiced' },
    invoiceId ? { invoiceId } : undefined,
  )

const prorated = (cents: number, u: PeriodUsage) =>
  u.days === u.of ? cents : roundCents(cents * u.days, u.of)

/** The lines of a period invoice: the fee (prorated), the unit lines, and the overage after the client's rounding. */
export function periodLines(sub: SubscriptionView, usage: PeriodUsage, roundingMinutes: number): LineInput[] {
  const share = usage.days === usage.of ? '' : ` (prorated: ${usage.days} of ${usage.of} days)`
  const lines: LineInput[] = [
    {
      description: `${sub.planName}, ${usage.period}: monthly fee${share}`,
      quantity: 1,
      unitPriceCents: prorated(usage.terms.monthlyFeeCents, usage),
    },
  ]
  for (const u of sub.units)
    if (u.quantity > 0)
      lines.push({
        description: `${u.description}${share}`,
        quantity: u.quantity,
        unitPriceCents: prorated(u.unitPriceCents, usage),
      })
  if (usage.overageMinutes > 0) {
    const rolled = usage.rolloverMinutes ? ` + ${hoursText(usage.rolloverMinutes)} rolled over` : ''
    const rounding = roundingMinutes ? `, each entry rounded up to ${roundingMinutes} min` : ''
    lines.push({
      description: `Time over the included hours: ${hoursText(usage.usedMinutes)} used, ${hoursText(usage.includedMinutes)} included${rolled}${rounding}`,
      quantity: usage.overageMinutes / 60,
      unit: 'h',
      unitPriceCents: usage.terms.overageRateCents,
      minutes: usage.overageMinutes,
    })
  }
  return lines
}

/**
 * "Bill this period": the draft invoice of a subscription's period (the
 * current one or an earlier one). The same period again is a Conflict that
 * names the invoice made first.
 */
export async function billPeriod(
  db: Db,
  subscriptionId: number,
  period: string,
  now = new Date(),
): Promise<InvoiceDetail> {
  const sub = await getSubscription(db, subscriptionId)
  if (period > periodOf(now)) throw new Invalid({ period: PLAN_BILLING_MESSAGES.future })
  if (sub.endsPeriod && period > sub.endsPeriod) throw new Invalid({ period: PLAN_BILLING_MESSAGES.ended })
  const taken = await existingInvoice(db, sub.id, period)
  if (taken) throw alreadyBilled(taken)
  const usage = (await usageHistory(db, sub, period)).at(-1)!
  if (usage.paused) throw new Conflict(PLAN_BILLING_MESSAGES.paused, { period: 'Paused' })
  const [client] = await db
    .select({ roundingMinutes: tables.clients.roundingMinutes })
    .from(tables.clients)
    .where(eq(tables.clients.id, sub.clientId))
  const { from, to } = periodRange(period)
  const e = tables.timeEntries
  const covered = await db
    .select({ id: e.id })
    .from(e)
    .where(and(planTimeCondition(sub, to), sql`${e.date} >= ${from}`, isNull(e.invoiceId)))
  const entryIds = covered.map((c) => c.id)
  const lines = periodLines(sub, usage, client?.roundingMinutes ?? 0)
  try {
    return await createInvoice(
      db,
      {
        clientId: sub.clientId,
        source: 'manual',
        lines,
        notes: `${sub.planName}, ${period}: ${hoursText(usage.usedMinutes)} used of ${hoursText(usage.includedMinutes + usage.rolloverMinutes)} (${hoursText(usage.includedMinutes)} included${usage.rolloverMinutes ? `, ${hoursText(usage.rolloverMinutes)} rolled over` : ''}).`,
        // The period row comes before the time: of two at once, the second
        // fails on the unique period, not on the time the first one billed.
        inBatch: (invoiceId) => [
          db.insert(pi).values({ subscriptionId: sub.id, period, invoiceId, createdAt: now, updatedAt: now }),
          ...(entryIds.length ? [db.update(e).set({ invoiceId }).where(inArray(e.id, entryIds))] : []),
        ],
      },
      now,
    )
  } catch (err) {
    if (isPeriodTaken(err)) throw alreadyBilled(await existingInvoice(db, sub.id, period))
    throw err
  }
}

/** A subscription's period invoices, newest period first (the admin and, once sent, the portal). */
export async function periodInvoicesOf(db: Db, subscriptionId: number) {
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

export type CronBillingResult = {
  period: string
  created: number[]
  sent: number[]
  skipped: number
  failed: number
}

/**
 * The cron's part (worker/scheduled.ts): on the 1st (business time zone) the
 * drafts of the month before, for every subscription that has none yet; a
 * plan that sends automatically sends them. A second run that day finds every
 * period billed and makes nothing (and were two runs to overlap, the unique
 * period would still allow one invoice each).
 */
export async function runPlanBilling(db: Db, env: Env, now = new Date()): Promise<CronBillingResult> {
  const period = addPeriods(periodOf(now), -1)
  const result: CronBillingResult = { period, created: [], sent: [], skipped: 0, failed: 0 }
  if (businessDate(now).slice(8) !== '01') return result
  const s = tables.subscriptions
  const due = await db
    .select({ id: s.id, autoSend: tables.plans.autoSend })
    .from(s)
    .innerJoin(tables.plans, eq(tables.plans.id, s.planId))
    .where(
      and(
        lte(s.startDate, periodRange(period).to),
        or(isNull(s.endsPeriod), sql`${s.endsPeriod} >= ${period}`),
        sql`${s.status} <> 'cancelled' or ${s.endsPeriod} >= ${period}`,
        notExists(
          db
            .select({ one: sql`1` })
            .from(pi)
            .where(and(eq(pi.subscriptionId, s.id), eq(pi.period, period))),
        ),
      ),
    )
  for (const sub of due) {
    try {
      const invoice = await billPeriod(db, sub.id, period, now)
      result.created.push(invoice.id)
      if (sub.autoSend) {
        await sendInvoice(db, env, invoice.id, now)
        result.sent.push(invoice.id)
      }
    } catch (err) {
      if (err instanceof Conflict || err instanceof Invalid) result.skipped++
      else {
        result.failed++
        log('error', 'plan billing failed', { subscriptionId: sub.id, period, error: String(err) })
      }
    }
  }
  await closeEndedSubscriptions(db, now)
  return result
}

/** Drafts of period invoices waiting for the owner's review (the billing overview). */
export async function periodDraftsWaiting(db: Db) {
  const i = tables.invoices
  return db
    .select({
      invoiceId: i.id,
      number: i.number,
      status: i.status,
      totalCents: i.totalCents,
      period: pi.period,
      clientId: i.clientId,
    })
    .from(pi)
    .innerJoin(i, eq(i.id, pi.invoiceId))
    .where(eq(i.status, 'draft'))
}

/**
 * What the portal shows a client of its plan: the plan, one period's usage,
 * the SLA targets and the period invoices once sent (never drafts). Scoped to
 * the session's client; a client with no live plan gets NotFound, as does a
 * period before its start.
 */
export async function portalPlan(db: Db, scope: { clientId: number }, period: string) {
  const s = tables.subscriptions
  const [row] = await db
    .select({ id: s.id })
    .from(s)
    .where(and(eq(s.clientId, scope.clientId), sql`${s.status} <> 'cancelled'`))
    .limit(1)
  if (!row) throw new NotFound('No plan')
  const sub = await getSubscription(db, row.id)
  if (period < sub.startDate.slice(0, 7)) throw new NotFound('No such period')
  const usage = (await usageHistory(db, sub, period)).at(-1)!
  const [plan] = await db.select().from(tables.plans).where(eq(tables.plans.id, sub.planId))
  const invoices = (await periodInvoicesOf(db, sub.id)).filter((i) => i.status !== 'draft')
  return {
    planName: sub.planName,
    status: sub.status,
    startDate: sub.startDate,
    endsPeriod: sub.cancelAtPeriodEnd ? sub.endsPeriod : null,
    usage,
    sla: responseTargets(
      plan
        ? {
            urgent: plan.slaUrgentHours,
            high: plan.slaHighHours,
            medium: plan.slaMediumHours,
            low: plan.slaLowHours,
          }
        : null,
    ),
    invoices,
  }
}
