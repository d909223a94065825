// Subscriptions (issue 37): a client on a plan from a start date, and what
// each period used. A period is a calendar month in the business time zone;
// time counts by its entries' dates, rounded per entry by the client's rule,
// as an invoice from time would round it. At most one subscription per
// client that is not cancelled: the partial unique index of migration 0017.
import { and, asc, eq, gte, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm'
import type { SubscriptionPatchPayload, SubscriptionPayload } from '../../schema/plan-payloads.server'
import {
  addPeriods,
  type LateTimeChoice,
  type PlanRollover,
  periodOf,
  periodOfDate,
  periodRange,
  periodShare,
  type SubscriptionStatus,
} from '../../schema/plans'
import type { Subscription, SubscriptionUnit } from '../../schema/tables'
import type { Db } from '../db'
import { tables } from '../db'
import { Conflict, Invalid, NotFound } from './errors'
import type { PlanTerms } from './plans'

export const SUBSCRIPTION_MESSAGES = {
  notFound: 'Subscription not found',
  onePerClient: 'This client already has a subscription: cancel it first',
  notActive: 'Only an active subscription can be paused',
  notPaused: 'This subscription is not paused',
  cancelled: 'This subscription is cancelled',
  notCancelling: 'This plan is not set to end',
  ended: 'This plan has already ended: put the client on a plan again instead',
} as const

const s = tables.subscriptions

/** The Stripe ids stay on the server: the views say only whether a card is saved. */
type StripeIds = 'stripeSetupSessionId' | 'stripeCustomerId' | 'stripePaymentMethodId'

export type SubscriptionView = Omit<Subscription, StripeIds> & {
  /** Autopay has a saved card to charge. */
  cardSaved: boolean
  status: SubscriptionStatus
  planName: string
  clientName: string
  units: Pick<SubscriptionUnit, 'description' | 'unitPriceCents' | 'quantity'>[]
}

const isUniqueOnClient = (err: unknown) =>
  /UNIQUE constraint failed: subscriptions\.client_id/.test(`${err} ${(err as Error)?.cause ?? ''}`)

export async function listSubscriptions(
  db: Db,
  filter: { clientId?: number; ids?: number[] } = {},
): Promise<SubscriptionView[]> {
  const rows = await db
    .select({ sub: s, planName: tables.plans.name, clientName: tables.clients.name })
    .from(s)
    .innerJoin(tables.plans, eq(tables.plans.id, s.planId))
    .innerJoin(tables.clients, eq(tables.clients.id, s.clientId))
    .where(
      and(
        filter.clientId ? eq(s.clientId, filter.clientId) : undefined,
        filter.ids ? inArray(s.id, filter.ids) : undefined,
      ),
    )
    .orderBy(asc(s.id))
  if (!rows.length) return []
  const units = await db
    .select()
    .from(tables.subscriptionUnits)
    .where(
      inArray(
        tables.subscriptionUnits.subscriptionId,
        rows.map((r) => r.sub.id),
      ),
    )
    .orderBy(asc(tables.subscriptionUnits.position))
  return rows.map(
    ({
      sub: { stripeSetupSessionId: _s, stripeCustomerId: _c, stripePaymentMethodId, ...sub },
      planName,
      clientName,
    }) => ({
      ...sub,
      cardSaved: stripePaymentMethodId !== null,
      status: sub.status as SubscriptionStatus,
      planName,
      clientName,
      units: units
        .filter((u) => u.subscriptionId === sub.id)
        .map((u) => ({ description: u.description, unitPriceCents: u.unitPriceCents, quantity: u.quantity })),
    }),
  )
}

export async function getSubscription(db: Db, id: number): Promise<SubscriptionView> {
  const [row] = await listSubscriptions(db, { ids: [id] })
  if (!row) throw new NotFound(SUBSCRIPTION_MESSAGES.notFound)
  return row
}

async function checkAlertContact(db: Db, clientId: number, contactId: number | null | undefined) {
  if (!contactId) return
  const [row] = await db
    .select({ id: tables.contacts.id })
    .from(tables.contacts)
    .where(and(eq(tables.contacts.id, contactId), eq(tables.contacts.clientId, clientId)))
    .limit(1)
  if (!row) throw new Invalid({ alertContactId: 'No such contact of this client' })
}

/** Puts a client on a plan; its units default to the plan's, each with quantity 0. */
export async function createSubscription(db: Db, input: SubscriptionPayload, now = new Date()) {
  const [[client], [plan]] = await db.batch([
    db.select({ id: tables.clients.id }).from(tables.clients).where(eq(tables.clients.id, input.clientId)),
    db.select({ id: tables.plans.id }).from(tables.plans).where(eq(tables.plans.id, input.planId)),
  ])
  if (!client) throw new Invalid({ clientId: 'No such client' })
  if (!plan) throw new Invalid({ planId: 'No such plan' })
  await checkAlertContact(db, client.id, input.alertContactId)
  const units =
    input.units ??
    (
      await db
        .select()
        .from(tables.planUnits)
        .where(eq(tables.planUnits.planId, plan.id))
        .orderBy(asc(tables.planUnits.position))
    ).map((u) => ({ description: u.description, unitPriceCents: u.unitPriceCents, quantity: 0 }))
  const subscriptionId = sql`(select max(${s.id}) from ${s})`
  try {
    const [[created]] = await db.batch([
      db
        .insert(s)
        .values({
          clientId: client.id,
          planId: plan.id,
          startDate: input.startDate,
          autopay: input.autopay ?? false,
          alertContactId: input.alertContactId ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: s.id }),
      ...(units.length
        ? [
            db
              .insert(tables.subscriptionUnits)
              .values(units.map((u, i) => ({ subscriptionId, position: i + 1, ...u }))),
          ]
        : []),
    ])
    return getSubscription(db, created!.id)
  } catch (err) {
    if (!isUniqueOnClient(err)) throw err
    const [live] = await db
      .select({ id: s.id })
      .from(s)
      .where(and(eq(s.clientId, client.id), sql`${s.status} <> 'cancelled'`))
      .limit(1)
    throw new Conflict(
      SUBSCRIPTION_MESSAGES.onePerClient,
      { clientId: 'Already subscribed' },
      live ? { subscriptionId: live.id } : undefined,
    )
  }
}

/** Quantities (the units replace the subscription's), autopay and the alert contact; from the next invoice on. */
export async function updateSubscription(
  db: Db,
  id: number,
  patch: SubscriptionPatchPayload,
  now = new Date(),
) {
  const sub = await getSubscription(db, id)
  await checkAlertContact(db, sub.clientId, patch.alertContactId)
  const u = tables.subscriptionUnits
  await db.batch([
    db
      .update(s)
      .set({
        ...(patch.autopay !== undefined ? { autopay: patch.autopay } : {}),
        ...(patch.alertContactId !== undefined ? { alertContactId: patch.alertContactId } : {}),
        updatedAt: now,
      })
      .where(eq(s.id, id)),
    ...(patch.units
      ? [
          db.delete(u).where(eq(u.subscriptionId, id)),
          ...(patch.units.length
            ? [
                db
                  .insert(u)
                  .values(patch.units.map((l, i) => ({ subscriptionId: id, position: i + 1, ...l }))),
              ]
            : []),
        ]
      : []),
  ])
  return getSubscription(db, id)
}

/** Pauses from the current period on (whole periods: no fee, the time is billed as usual). */
export async function pauseSubscription(db: Db, id: number, now = new Date()) {
  const sub = await getSubscription(db, id)
  if (sub.status !== 'active') throw new Conflict(SUBSCRIPTION_MESSAGES.notActive)
  const [[paused]] = await db.batch([
    db
      .update(s)
      .set({ status: 'paused', updatedAt: now })
      .where(and(eq(s.id, id), eq(s.status, 'active')))
      .returning({ id: s.id }),
    // Only when the update above took it: a second pause at once adds no row.
    // (all four columns, in the table's order: id, subscription_id, from_period, to_period)
    db
      .insert(tables.subscriptionPauses)
      .select(sql`select null, ${id}, ${periodOf(now)}, null where changes() = 1`),
  ])
  if (!paused) throw new Conflict(SUBSCRIPTION_MESSAGES.notActive)
  return getSubscription(db, id)
}

/** Resumes: the current period is billed again (a pause begun in it is undone). */
export async function resumeSubscription(db: Db, id: number, now = new Date()) {
  const sub = await getSubscription(db, id)
  if (sub.status !== 'paused') throw new Conflict(SUBSCRIPTION_MESSAGES.notPaused)
  const current = periodOf(now)
  const sp = tables.subscriptionPauses
  const open = and(eq(sp.subscriptionId, id), isNull(sp.toPeriod))
  await db.batch([
    db
      .update(s)
      .set({ status: 'active', updatedAt: now })
      .where(and(eq(s.id, id), eq(s.status, 'paused'))),
    db.delete(sp).where(and(open, gte(sp.fromPeriod, current))),
    db
      .update(sp)
      .set({ toPeriod: addPeriods(current, -1) })
      .where(open),
  ])
  return getSubscription(db, id)
}

/** Cancels at the end of the current period: that period is still billed, none after it. */
export async function cancelSubscription(db: Db, id: number, now = new Date()) {
  const sub = await getSubscription(db, id)
  if (sub.status === 'cancelled') throw new Conflict(SUBSCRIPTION_MESSAGES.cancelled)
  const current = periodOf(now)
  // One that has not started yet ends before its first period.
  const ends = current < periodOfDate(sub.startDate) ? addPeriods(periodOfDate(sub.startDate), -1) : current
  await db.update(s).set({ cancelAtPeriodEnd: true, endsPeriod: ends, updatedAt: now }).where(eq(s.id, id))
  return getSubscription(db, id)
}

/**
 * Takes a cancellation back while its last period has not ended: the plan
 * goes on as before. The update re-checks the period, so an undo that comes
 * after the cron closed the plan changes nothing.
 */
export async function undoCancelSubscription(db: Db, id: number, now = new Date()) {
  const sub = await getSubscription(db, id)
  if (sub.status === 'cancelled') throw new Conflict(SUBSCRIPTION_MESSAGES.ended)
  if (!sub.cancelAtPeriodEnd) throw new Conflict(SUBSCRIPTION_MESSAGES.notCancelling)
  const [row] = await db
    .update(s)
    .set({ cancelAtPeriodEnd: false, endsPeriod: null, updatedAt: now })
    .where(
      and(
        eq(s.id, id),
        eq(s.cancelAtPeriodEnd, true),
        sql`${s.status} <> 'cancelled'`,
        // Its last period still runs (the cron closes it once that period is over).
        sql`${s.endsPeriod} >= ${periodOf(now)}`,
      ),
    )
    .returning({ id: s.id })
  if (!row) throw new Conflict(SUBSCRIPTION_MESSAGES.ended)
  return getSubscription(db, id)
}

/** Subscriptions whose last period has ended become cancelled (the cron, after billing that period). */
export async function closeEndedSubscriptions(db: Db, now = new Date()) {
  const rows = await db
    .update(s)
    .set({ status: 'cancelled', updatedAt: now })
    .where(
      and(
        eq(s.cancelAtPeriodEnd, true),
        sql`${s.status} <> 'cancelled'`,
        sql`${s.endsPeriod} < ${periodOf(now)}`,
      ),
    )
    .returning({ id: s.id })
  return rows.length
}

// ---------- Usage ----------

export type PeriodUsage = {
  period: string
  /** This period's included minutes (prorated by days in the first period). */
  includedMinutes: number
  /** Unused included minutes of the period before (rollover 'next'), capped at one period's included minutes. */
  rolloverMinutes: number
  usedMinutes: number
  remainingMinutes: number
  overageMinutes: number
  /** A paused period: no fee, and its time is billed as usual. */
  paused: boolean
  /** The share of the period billed: days / of (prorated first period). */
  days: number
  of: number
  terms: PlanTerms
}

/** The terms in force in a period, from a plan's terms ordered by fromPeriod. */
const termsAt = (
  rows: {
    fromPeriod: string
    monthlyFeeCents: number
    includedMinutes: number
    overageRateCents: number
    rollover: string
  }[],
  period: string,
): PlanTerms => {
  const row = rows.filter((r) => r.fromPeriod <= period).at(-1) ?? rows[0]!
  return {
    monthlyFeeCents: row.monthlyFeeCents,
    includedMinutes: row.includedMinutes,
    overageRateCents: row.overageRateCents,
    rollover: row.rollover as PlanRollover,
  }
}

/**
 * The time of a subscription that counts towards its plan: billable, not on a
 * prepaid block, dated from the start date to the period's end, and either
 * unbilled or billed by one of this subscription's period invoices.
 */
export function planTimeCondition(sub: Pick<Subscription, 'id' | 'clientId' | 'startDate'>, to: string) {
  const e = tables.timeEntries
  return and(
    eq(e.clientId, sub.clientId),
    eq(e.billable, true),
    isNull(e.blockId),
    gte(e.date, sub.startDate),
    lte(e.date, to),
    or(
      isNull(e.invoiceId),
      sql`${e.invoiceId} in (select pi.invoice_id from period_invoices pi where pi.subscription_id = ${sub.id})`,
    ),
  )
}

/**
 * Late time (issue 52): an entry of the subscription's plan time dated in a
 * period whose invoice is made, and not on that invoice (logged after it, or
 * billed later as a late line). It is kept out of its period's used minutes,
 * which stay what the period invoice billed; its owner's choice (late_time)
 * says whether it goes onto the next period invoice or is not billed. A voided
 * period invoice frees its period (migration 0018), and its late time counts
 * as ordinary time again.
 */
export function lateCondition(subscriptionId: number | SQL) {
  const e = tables.timeEntries
  return sql`exists (select 1 from period_invoices lp where lp.subscription_id = ${subscriptionId} and lp.period = substr(${e.date}, 1, 7) and (${e.invoiceId} is null or ${e.invoiceId} <> lp.invoice_id))`
}

/** Minutes per entry after the client's rounding rule (as roundMinutes in schema/money.ts), in SQL. */
const roundedMinutes = sql<number>`case when ${tables.clients.roundingMinutes} > 0 then ((${tables.timeEntries.minutes} + ${tables.clients.roundingMinutes} - 1) / ${tables.clients.roundingMinutes}) * ${tables.clients.roundingMinutes} else ${tables.timeEntries.minutes} end`

/** Usage of every period from the subscription's first to `period`, oldest first. */
export async function usageHistory(
  db: Db,
  sub: Pick<Subscription, 'id' | 'clientId' | 'planId' | 'startDate'>,
  period: string,
): Promise<PeriodUsage[]> {
  const first = periodOfDate(sub.startDate)
  if (period < first) throw new Invalid({ period: `The subscription starts in ${first}` })
  const e = tables.timeEntries
  const [terms, used, pauses] = await db.batch([
    db
      .select()
      .from(tables.planPrices)
      .where(eq(tables.planPrices.planId, sub.planId))
      .orderBy(asc(tables.planPrices.fromPeriod)),
    db
      .select({ period: sql<string>`substr(${e.date}, 1, 7)`, minutes: sql<number>`sum(${roundedMinutes})` })
      .from(e)
      .innerJoin(tables.clients, eq(tables.clients.id, e.clientId))
      .where(and(planTimeCondition(sub, periodRange(period).to), sql`not ${lateCondition(sub.id)}`))
      .groupBy(sql`substr(${e.date}, 1, 7)`),
    db.select().from(tables.subscriptionPauses).where(eq(tables.subscriptionPauses.subscriptionId, sub.id)),
  ])
  return historyOf(sub.startDate, period, {
    terms,
    usedBy: new Map(used.map((u) => [u.period, Number(u.minutes)])),
    pauses,
  })
}

export type UsageInputs = {
  /** The plan's terms, ordered by fromPeriod. */
  terms: TermsRow[]
  /** Minutes used (after rounding) by period. */
  usedBy: Map<string, number>
  pauses: { fromPeriod: string; toPeriod: string | null }[]
}
type TermsRow = Parameters<typeof termsAt>[0][number]

/** Every period's usage from the start date's period to `period`: the one rule, without D1 (the cron loads in bulk). */
export function historyOf(
  startDate: string,
  period: string,
  { terms, usedBy, pauses }: UsageInputs,
): PeriodUsage[] {
  const first = periodOfDate(startDate)
  const isPaused = (p: string) =>
    pauses.some((x) => x.fromPeriod <= p && (x.toPeriod === null || x.toPeriod >= p))
  const out: PeriodUsage[] = []
  let rolloverIn = 0
  for (let p = first; p <= period; p = addPeriods(p, 1)) {
    const t = termsAt(terms, p)
    const paused = isPaused(p)
    const { days, of } = periodShare(p, startDate)
    // A paused period includes nothing and uses nothing: its time is billed as ordinary time.
    const included = paused ? 0 : Math.round((t.includedMinutes * days) / of)
    const rollover = paused ? 0 : rolloverIn
    const usedMinutes = paused ? 0 : (usedBy.get(p) ?? 0)
    out.push({
      period: p,
      includedMinutes: included,
      rolloverMinutes: rollover,
      usedMinutes,
      remainingMinutes: Math.max(0, included + rollover - usedMinutes),
      overageMinutes: Math.max(0, usedMinutes - included - rollover),
      paused,
      days: paused ? 0 : days,
      of,
      terms: t,
    })
    // Rolled-over minutes are used first and never roll again; what is left of
    // this period's own minutes goes to the next period only, capped at one
    // period's included minutes (the next period's terms).
    const unusedOwn = Math.max(0, included - Math.max(0, usedMinutes - rollover))
    const next = addPeriods(p, 1)
    rolloverIn = t.rollover === 'next' ? Math.min(unusedOwn, termsAt(terms, next).includedMinutes) : 0
  }
  return out
}

/**
 * The same inputs for many subscriptions at once, in one D1 batch (the cron's
 * bulk path): terms by plan, minutes by subscription and period, pauses by subscription.
 */
export async function usageInputsOf(
  db: Db,
  subs: Pick<Subscription, 'id' | 'planId'>[],
  to: string,
): Promise<{ inputs: Map<number, UsageInputs>; maxEntryId: number }> {
  if (!subs.length) return { inputs: new Map(), maxEntryId: 0 }
  const e = tables.timeEntries
  const ids = subs.map((x) => x.id)
  // One batch is one transaction: the highest entry id is read with the minutes,
  // so the invoice marks exactly the entries it counted (and none added since).
  const [terms, used, pauses, [max]] = await db.batch([
    db
      .select()
      .from(tables.planPrices)
      .where(inArray(tables.planPrices.planId, [...new Set(subs.map((x) => x.planId))]))
      .orderBy(asc(tables.planPrices.fromPeriod)),
    db
      .select({
        subscriptionId: s.id,
        period: sql<string>`substr(${e.date}, 1, 7)`,
        minutes: sql<number>`sum(${roundedMinutes})`,
      })
      .from(e)
      .innerJoin(tables.clients, eq(tables.clients.id, e.clientId))
      .innerJoin(s, eq(s.clientId, e.clientId))
      .where(
        and(
          inArray(s.id, ids),
          eq(e.billable, true),
          isNull(e.blockId),
          sql`${e.date} >= ${s.startDate}`,
          lte(e.date, to),
          or(
            isNull(e.invoiceId),
            sql`${e.invoiceId} in (select pi.invoice_id from period_invoices pi where pi.subscription_id = ${s.id})`,
          ),
          sql`not ${lateCondition(sql`${s.id}`)}`,
        ),
      )
      .groupBy(s.id, sql`substr(${e.date}, 1, 7)`),
    db.select().from(tables.subscriptionPauses).where(inArray(tables.subscriptionPauses.subscriptionId, ids)),
    db.select({ id: sql<number>`coalesce(max(${e.id}), 0)` }).from(e),
  ])
  const inputs = new Map(
    subs.map((sub) => [
      sub.id,
      {
        terms: terms.filter((t) => t.planId === sub.planId),
        usedBy: new Map(
          used.filter((u) => u.subscriptionId === sub.id).map((u) => [u.period, Number(u.minutes)]),
        ),
        pauses: pauses.filter((p) => p.subscriptionId === sub.id),
      },
    ]),
  )
  return { inputs, maxEntryId: Number(max?.id ?? 0) }
}

/** One period's usage of a subscription. */
export async function periodUsage(db: Db, id: number, period: string): Promise<PeriodUsage> {
  const sub = await getSubscription(db, id)
  return (await usageHistory(db, sub, period)).at(-1)!
}

export type LateEntry = {
  id: number
  date: string
  /** After the client's rounding rule. */
  minutes: number
  /** The owner's choice; null: none yet (logged while the period was being billed, or before issue 52). */
  choice: LateTimeChoice | null
  /** The invoice that billed it as a late line. */
  invoiceId: number | null
  invoiceNumber: string | null
}

/** A subscription's late time (see lateCondition), oldest first. */
export async function lateEntriesOf(
  db: Db,
  sub: Pick<Subscription, 'id' | 'clientId' | 'startDate'>,
): Promise<LateEntry[]> {
  const e = tables.timeEntries
  const rows = await db
    .select({
      id: e.id,
      date: e.date,
      minutes: roundedMinutes,
      choice: tables.lateTime.choice,
      invoiceId: e.invoiceId,
      invoiceNumber: tables.invoices.number,
    })
    .from(e)
    .innerJoin(tables.clients, eq(tables.clients.id, e.clientId))
    .leftJoin(tables.lateTime, eq(tables.lateTime.timeEntryId, e.id))
    .leftJoin(tables.invoices, eq(tables.invoices.id, e.invoiceId))
    .where(and(planTimeCondition(sub, '9999-12-31'), lateCondition(sub.id)))
    .orderBy(asc(e.date), asc(e.id))
  return rows.map((r) => ({ ...r, minutes: Number(r.minutes), choice: r.choice ?? null }))
}

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
