// Period invoices of managed-service plans (issue 37): one invoice per
// subscription and period, in arrears, made by the invoice service in the
// batch that numbers it. That batch also inserts the period_invoices row
// (UNIQUE subscription + period) and marks the time the invoice covers, so a
// second invoice for the same period, made at the same moment in another tab
// or by a second cron run, aborts whole: no invoice, no number, no time
// billed (ADR 135).
import { and, eq, inArray, isNull, lte, notExists, or, type SQL, sql } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import { computeTotals, moneyLineCents, roundCents, toQuantityMilli } from '../../schema/money'
import {
  addPeriods,
  billableFrom,
  dateWords,
  hoursText,
  periodLabel,
  periodOf,
  periodRange,
} from '../../schema/plans'
import { addDays, businessDate } from '../../schema/slot-time'
import type { Db } from '../db'
import { tables } from '../db'
import { log } from '../log'
import { idChunks } from './chunks'
import { Conflict, Invalid, NotFound } from './errors'
import { createInvoice, type InvoiceDetail, type LineInput, sendInvoice } from './invoices'
import { raiseCounter, takenNumber } from './numbering'
import { type CarriedLate, figuresOf, periodFigures, periodInvoicesOf } from './plan-figures'
import { responseTargets } from './plans'
import {
  closeEndedSubscriptions,
  getSubscription,
  historyOf,
  lateCondition,
  lateEntriesOf,
  type PeriodUsage,
  planTimeCondition,
  type SubscriptionView,
  usageInputsOf,
} from './subscriptions'

export { periodInvoicesOf }

export const PLAN_BILLING_MESSAGES = {
  already: 'This period is already invoiced',
  paused: 'This subscription was paused in that period: its time is billed as usual',
  ended: 'This subscription had ended before that period',
} as const

/** A period is billed once it has ended in the business time zone (issue 52): the refusal names the day. */
export const notEndedMessage = (period: string) =>
  `This period ends on ${dateWords(periodRange(period).to)}; it can be billed from ${dateWords(billableFrom(period), true)}.`

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

const startPeriodOf = (sub: { startDate: string }) => sub.startDate.slice(0, 7)

/** The invoice's note: what was used of what the period had. */
const periodNote = (planName: string, u: PeriodUsage) =>
  `${planName}, ${periodLabel(u.period)}: ${hoursText(u.usedMinutes)} used of ${hoursText(u.includedMinutes + u.rolloverMinutes)} (${hoursText(u.includedMinutes)} included${u.rolloverMinutes ? `, ${hoursText(u.rolloverMinutes)} rolled over` : ''}).`

/**
 * What commits with a period invoice: its period row, then the time it
 * covers. The period row comes first, so of two at once the second fails on
 * the unique period, not on the time the first one billed. The time is the
 * period's unbilled plan time up to the highest entry id read with the usage:
 * exactly what was counted, however many entries (no id list to bind).
 */
function periodStatements(
  db: Db,
  sub: Pick<SubscriptionView, 'id' | 'clientId' | 'startDate'>,
  period: string,
  invoiceId: SQL,
  maxEntryId: number,
  now: Date,
  sendDue = false,
): BatchItem<'sqlite'>[] {
  const e = tables.timeEntries
  const { from, to } = periodRange(period)
  return [
    db
      .insert(pi)
      .values({ subscriptionId: sub.id, period, invoiceId, sendDue, createdAt: now, updatedAt: now }),
    // The plan prices its period's time (included minutes, then its overage rate), so an entry
    // kept without an hourly rate (issue 36) needs none once a period invoice covers it.
    db
      .update(e)
      .set({ invoiceId, needsRate: false })
      .where(
        and(
          planTimeCondition(sub, to),
          sql`${e.date} >= ${from}`,
          isNull(e.invoiceId),
          lte(e.id, maxEntryId),
        ),
      ),
  ]
}

const prorated = (cents: number, u: PeriodUsage) =>
  u.days === u.of ? cents : roundCents(cents * u.days, u.of)

/** The lines of a period invoice: the fee (prorated), the unit lines, and the overage after the client's rounding. */
export function periodLines(sub: SubscriptionView, usage: PeriodUsage, roundingMinutes: number): LineInput[] {
  const share = usage.days === usage.of ? '' : ` (prorated: ${usage.days} of ${usage.of} days)`
  const lines: LineInput[] = [
    {
      description: `${sub.planName}, ${periodLabel(usage.period)}: monthly fee${share}`,
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
 * The late lines (issue 52): one per earlier period whose late time the owner
 * sent to the next invoice, labelled with that period and the entries' dates;
 * the hours within what that period had left cost nothing, the rest is billed
 * at that period's overage rate (plan-figures.ts, lateOf).
 */
export function lateLines(carried: CarriedLate[], rateOf: (period: string) => number): LineInput[] {
  return carried.map((c) => ({
    description: `Late time from ${c.label}, logged after its invoice (${c.detail}): ${
      c.overageMinutes
        ? `${hoursText(c.overageMinutes)} over the included hours`
        : `within the hours ${c.label} had left, no charge`
    }`,
    quantity: c.overageMinutes / 60,
    unit: 'h',
    unitPriceCents: rateOf(c.period),
    minutes: c.overageMinutes,
  }))
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
  if (period >= periodOf(now)) throw new Conflict(notEndedMessage(period), { period: 'Not ended yet' })
  if (sub.endsPeriod && period > sub.endsPeriod) throw new Invalid({ period: PLAN_BILLING_MESSAGES.ended })
  const taken = await existingInvoice(db, sub.id, period)
  if (taken) throw alreadyBilled(taken)
  if (period < startPeriodOf(sub))
    throw new Invalid({ period: `The subscription starts in ${periodLabel(startPeriodOf(sub))}` })
  const { inputs, maxEntryId } = await usageInputsOf(db, [sub], periodRange(period).to)
  const history = historyOf(sub.startDate, period, inputs.get(sub.id)!)
  const usage = history.at(-1)!
  if (usage.paused) throw new Conflict(PLAN_BILLING_MESSAGES.paused, { period: 'Paused' })
  // Late time of earlier periods the owner sent to the next invoice, as counted with the usage.
  const late = (await lateEntriesOf(db, sub)).filter(
    (e) => e.id <= maxEntryId && e.date < periodRange(period).from,
  )
  const figures = figuresOf(period, { sub, history, late, invoices: [], now })
  const lateIds = late.filter((e) => e.choice === 'next' && e.invoiceId === null).map((e) => e.id)
  const rateOf = (p: string) => history.find((u) => u.period === p)!.terms.overageRateCents
  const [client] = await db
    .select({ roundingMinutes: tables.clients.roundingMinutes })
    .from(tables.clients)
    .where(eq(tables.clients.id, sub.clientId))
  try {
    return await createInvoice(
      db,
      {
        clientId: sub.clientId,
        source: 'manual',
        lines: [
          ...periodLines(sub, usage, client?.roundingMinutes ?? 0),
          ...lateLines(figures.carriedIn, rateOf),
        ],
        notes: periodNote(sub.planName, usage),
        inBatch: (invoiceId) => [
          ...periodStatements(db, sub, period, invoiceId, maxEntryId, now),
          // No "invoice_id is null" on purpose: late time billed meanwhile makes the trigger abort the batch.
          ...idChunks(lateIds).map((ids) =>
            db
              .update(tables.timeEntries)
              .set({ invoiceId, needsRate: false })
              .where(inArray(tables.timeEntries.id, ids)),
          ),
        ],
      },
      now,
    )
  } catch (err) {
    if (isPeriodTaken(err)) throw alreadyBilled(await existingInvoice(db, sub.id, period))
    throw err
  }
}

export type CronBillingResult = {
  period: string
  created: number[]
  sent: number[]
  skipped: number
  failed: number
  /** D1 calls the run made (batches count once), for the bench. */
  queries: number
}

/** Subscriptions billed per D1 batch: D1 binds at most 100 parameters per statement (the usage reads bind the ids). */
export const CRON_CHUNK = 50
/** Period invoices sent per cron run (each draws and stores a PDF); the rest go on the next runs. */
export const SENDS_PER_RUN = 20

/**
 * The cron's part (worker/scheduled.ts): on the 1st (business time zone) the
 * drafts of the month before for every subscription that has none yet, in
 * bulk: each chunk of subscriptions is read in one batch and written in one
 * batch (numbers, invoices, lines, period rows, time), so 500 subscriptions
 * take a few dozen D1 calls. A chunk refused whole (a period billed by hand
 * meanwhile) is billed one by one. Then up to SENDS_PER_RUN drafts of plans
 * that send automatically are sent, any day, so sending never holds billing
 * up. A second run finds every period billed and makes nothing.
 */
export async function runPlanBilling(db: Db, env: Env, now = new Date()): Promise<CronBillingResult> {
  const period = addPeriods(periodOf(now), -1)
  const result: CronBillingResult = { period, created: [], sent: [], skipped: 0, failed: 0, queries: 0 }
  if (businessDate(now).slice(8) === '01') {
    const [due, late] = await Promise.all([dueSubscriptions(db, period), withPendingLateTime(db)])
    result.queries += 2
    for (let i = 0; i < due.length; i += CRON_CHUNK)
      await billChunk(db, due.slice(i, i + CRON_CHUNK), period, now, result, late)
  }
  // Every run, not only on the 1st: a plan cancelled at the end of a period ends once that period is over,
  // even when the run of the 1st was missed (the period is still billed: dueSubscriptions reads endsPeriod).
  await closeEndedSubscriptions(db, now)
  result.queries++
  await sendDueInvoices(db, env, now, result)
  return result
}

type DueRow = Awaited<ReturnType<typeof dueSubscriptions>>[number]

/** Subscriptions with late time waiting for the next period invoice (few): the cron bills them one by one. */
async function withPendingLateTime(db: Db): Promise<Set<number>> {
  const s = tables.subscriptions
  const e = tables.timeEntries
  const rows = await db
    .selectDistinct({ id: s.id })
    .from(s)
    .innerJoin(e, eq(e.clientId, s.clientId))
    .innerJoin(tables.lateTime, eq(tables.lateTime.timeEntryId, e.id))
    .where(and(eq(tables.lateTime.choice, 'next'), isNull(e.invoiceId), lateCondition(sql`${s.id}`)))
  return new Set(rows.map((r) => r.id))
}

/** Subscriptions with a period to bill and no invoice for it yet, with what their invoice needs. */
function dueSubscriptions(db: Db, period: string) {
  const s = tables.subscriptions
  const c = tables.clients
  return db
    .select({
      sub: s,
      planName: tables.plans.name,
      autoSend: tables.plans.autoSend,
      roundingMinutes: c.roundingMinutes,
      termsDays: c.paymentTermsDays,
      contactId: sql<number | null>`(select min(k.id) from contacts k where k.client_id = ${s.clientId})`,
    })
    .from(s)
    .innerJoin(tables.plans, eq(tables.plans.id, s.planId))
    .innerJoin(c, eq(c.id, s.clientId))
    .where(
      and(
        lte(s.startDate, periodRange(period).to),
        or(isNull(s.endsPeriod), sql`${s.endsPeriod} >= ${period}`),
        notExists(
          db
            .select({ one: sql`1` })
            .from(pi)
            .where(and(eq(pi.subscriptionId, s.id), eq(pi.period, period))),
        ),
      ),
    )
    .orderBy(s.id)
}

async function billChunk(
  db: Db,
  rows: DueRow[],
  period: string,
  now: Date,
  result: CronBillingResult,
  late: Set<number>,
) {
  // Those with late time take billPeriod's path, which adds the late lines.
  const chunk = rows.filter((r) => !late.has(r.sub.id))
  for (const row of rows) if (late.has(row.sub.id)) await billOne(db, row, period, now, result)
  if (!chunk.length) return
  const su = tables.subscriptionUnits
  const [units, { inputs, maxEntryId }] = await Promise.all([
    db
      .select()
      .from(su)
      .where(sql`${su.subscriptionId} between ${chunk[0]!.sub.id} and ${chunk.at(-1)!.sub.id}`)
      .orderBy(su.position),
    usageInputsOf(
      db,
      chunk.map((r) => r.sub),
      periodRange(period).to,
    ),
  ])
  result.queries += 2
  const issueDate = businessDate(now)
  const statements: BatchItem<'sqlite'>[] = []
  const made: DueRow[] = []
  for (const row of chunk) {
    const usage = historyOf(row.sub.startDate, period, inputs.get(row.sub.id)!).at(-1)!
    if (usage.paused) {
      result.skipped++
      continue
    }
    const { stripeSetupSessionId: _s, stripeCustomerId: _c, stripePaymentMethodId, ...sub } = row.sub
    const view: SubscriptionView = {
      ...sub,
      cardSaved: stripePaymentMethodId !== null,
      status: row.sub.status as SubscriptionView['status'],
      planName: row.planName,
      clientName: '',
      units: units.filter((u) => u.subscriptionId === row.sub.id),
    }
    const draft = draftInvoice(db, {
      clientId: row.sub.clientId,
      contactId: row.contactId,
      termsDays: row.termsDays,
      roundingMinutes: row.roundingMinutes,
      lines: periodLines(view, usage, row.roundingMinutes),
      notes: periodNote(row.planName, usage),
      issueDate,
      now,
    })
    statements.push(
      ...draft.statements,
      ...periodStatements(db, row.sub, period, draft.invoiceId, maxEntryId, now, row.autoSend),
    )
    made.push(row)
  }
  if (!statements.length) return
  try {
    await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]])
    result.queries++
    const ids = await db
      .select({ invoiceId: pi.invoiceId })
      .from(pi)
      .where(
        and(
          eq(pi.period, period),
          eq(pi.createdAt, now),
          sql`${pi.subscriptionId} between ${made[0]!.sub.id} and ${made.at(-1)!.sub.id}`,
        ),
      )
    result.queries++
    result.created.push(...ids.map((r) => r.invoiceId))
  } catch (err) {
    // Refused whole (nothing was written): one by one, each with its own once-only check.
    log('info', 'plan billing chunk retried one by one', { period, error: String(err) })
    for (const row of made) await billOne(db, row, period, now, result)
  }
}

/** One subscription's period through billPeriod, with its own once-only check. */
async function billOne(db: Db, row: DueRow, period: string, now: Date, result: CronBillingResult) {
  try {
    const invoice = await billPeriod(db, row.sub.id, period, now)
    result.created.push(invoice.id)
    if (row.autoSend) await db.update(pi).set({ sendDue: true }).where(eq(pi.invoiceId, invoice.id))
  } catch (one) {
    if (one instanceof Conflict || one instanceof Invalid) result.skipped++
    else {
      result.failed++
      log('error', 'plan billing failed', { subscriptionId: row.sub.id, period, error: String(one) })
    }
  }
}

/**
 * The statements of one draft invoice, as createInvoice (invoices.ts) writes
 * them: the number from the counter raised in the same batch, the totals from
 * computeTotals, each line's amount from moneyLineCents. For the cron's bulk
 * path, which writes many invoices in one batch (ADR 135).
 */
function draftInvoice(
  db: Db,
  d: {
    clientId: number
    contactId: number | null
    termsDays: number
    roundingMinutes: number
    lines: LineInput[]
    notes: string
    issueDate: string
    now: Date
  },
) {
  const year = Number(d.issueDate.slice(0, 4))
  const number = takenNumber('invoice', year)
  const invoiceId = sql`(select ${tables.invoices.id} from ${tables.invoices} where ${tables.invoices.number} = ${number})`
  const lines = d.lines.map((l) => ({
    description: l.description,
    unit: l.unit ?? null,
    quantityMilli: toQuantityMilli(l.quantity),
    unitPriceCents: l.unitPriceCents,
    ...(l.minutes != null ? { minutes: l.minutes } : {}),
  }))
  const statements: BatchItem<'sqlite'>[] = [
    raiseCounter(db, 'invoice', year),
    db.insert(tables.invoices).values({
      clientId: d.clientId,
      contactId: d.contactId,
      number,
      source: 'manual',
      issueDate: d.issueDate,
      dueDate: addDays(d.issueDate, d.termsDays),
      termsDays: d.termsDays,
      roundingMinutes: d.roundingMinutes,
      notes: d.notes,
      ...computeTotals({ lines }),
      taxRateBp: 0,
      createdAt: d.now,
      updatedAt: d.now,
    }),
    db.insert(tables.invoiceLines).values(
      lines.map((l, i) => ({
        invoiceId,
        position: i + 1,
        description: l.description,
        quantityMilli: l.quantityMilli,
        unit: l.unit,
        unitPriceCents: l.unitPriceCents,
        amountCents: moneyLineCents(l),
        timeEntryId: null,
      })),
    ),
  ]
  return { statements, invoiceId }
}

/** Sends period drafts the cron made for plans that send automatically, a few per run. */
async function sendDueInvoices(db: Db, env: Env, now: Date, result: CronBillingResult) {
  const due = await db
    .select({ invoiceId: pi.invoiceId })
    .from(pi)
    .where(eq(pi.sendDue, true))
    .orderBy(pi.id)
    .limit(SENDS_PER_RUN)
  result.queries++
  for (const { invoiceId } of due) {
    try {
      await sendInvoice(db, env, invoiceId, {}, now)
      result.sent.push(invoiceId)
    } catch (err) {
      // A voided draft is not sent; anything else is logged and not retried forever either.
      log('error', 'plan invoice not sent', { invoiceId, error: String(err) })
    }
    await db.update(pi).set({ sendDue: false }).where(eq(pi.invoiceId, invoiceId))
  }
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
export async function portalPlan(db: Db, scope: { clientId: number }, period: string, now = new Date()) {
  const s = tables.subscriptions
  const [row] = await db
    .select({ id: s.id })
    .from(s)
    .where(and(eq(s.clientId, scope.clientId), sql`${s.status} <> 'cancelled'`))
    .limit(1)
  if (!row) throw new NotFound('No plan')
  const sub = await getSubscription(db, row.id)
  if (period < sub.startDate.slice(0, 7)) throw new NotFound('No such period')
  const figures = await periodFigures(db, sub, period, now)
  const [plan] = await db.select().from(tables.plans).where(eq(tables.plans.id, sub.planId))
  const invoices = (await periodInvoicesOf(db, sub.id)).filter((i) => i.status !== 'draft')
  return {
    planName: sub.planName,
    status: sub.status,
    startDate: sub.startDate,
    endsPeriod: sub.cancelAtPeriodEnd ? sub.endsPeriod : null,
    autopay: sub.autopay,
    cardSaved: sub.cardSaved,
    figures,
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
