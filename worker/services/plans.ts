// Managed-service plans (issue 37): the owner's monthly IT-support plans, the
// terms each period is billed at, and the SLA targets they promise. A price
// change writes the terms of the next period and leaves the current and past
// ones as they were (ADR 134); subscriptions, usage and billing live in
// subscriptions.ts and plan-billing.ts.
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm'
import type { PlanPatchPayload, PlanPayload } from '../../schema/plan-payloads.server'
import {
  addPeriods,
  type PlanRollover,
  periodOf,
  SLA_URGENCIES,
  type SlaUrgency,
  slaUrgencyOf,
} from '../../schema/plans'
import type { Plan, PlanUnit } from '../../schema/tables'
import type { Db } from '../db'
import { tables } from '../db'
import { DUE_TARGETS, type Urgency } from '../mail/business-time'
import { NotFound } from './errors'

/** The first terms of a plan apply from any period. */
export const FIRST_TERMS_PERIOD = '0000-00'

export type SlaHours = Record<SlaUrgency, number | null>
export type PlanView = Omit<Plan, 'slaUrgentHours' | 'slaHighHours' | 'slaMediumHours' | 'slaLowHours'> & {
  rollover: PlanRollover
  slaHours: SlaHours
  units: Pick<PlanUnit, 'description' | 'unitPriceCents'>[]
  /** The period from which the current terms are billed (null: from the first). */
  termsFrom: string | null
}

const p = tables.plans

const slaColumns = {
  urgent: 'slaUrgentHours',
  high: 'slaHighHours',
  medium: 'slaMediumHours',
  low: 'slaLowHours',
} as const satisfies Record<SlaUrgency, keyof Plan>

function slaOf(plan: Plan): SlaHours {
  return Object.fromEntries(SLA_URGENCIES.map((u) => [u, plan[slaColumns[u]]])) as SlaHours
}

function slaSet(sla: Partial<Record<SlaUrgency, number | null>> | undefined) {
  if (!sla) return {}
  return Object.fromEntries(
    SLA_URGENCIES.filter((u) => sla[u] !== undefined).map((u) => [slaColumns[u], sla[u]]),
  )
}

function view(plan: Plan, units: PlanUnit[], termsFrom: string | null): PlanView {
  const { slaUrgentHours, slaHighHours, slaMediumHours, slaLowHours, ...rest } = plan
  return {
    ...rest,
    rollover: plan.rollover as PlanRollover,
    slaHours: slaOf(plan),
    units: units
      .filter((u) => u.planId === plan.id)
      .sort((a, b) => a.position - b.position)
      .map((u) => ({ description: u.description, unitPriceCents: u.unitPriceCents })),
    termsFrom: termsFrom === FIRST_TERMS_PERIOD ? null : termsFrom,
  }
}

export async function listPlans(db: Db): Promise<PlanView[]> {
  const [plans, units, terms] = await db.batch([
    db.select().from(p).orderBy(asc(p.name), asc(p.id)),
    db.select().from(tables.planUnits),
    db
      .select({ planId: tables.planPrices.planId, from: sql<string>`max(${tables.planPrices.fromPeriod})` })
      .from(tables.planPrices)
      .groupBy(tables.planPrices.planId),
  ])
  const latest = new Map(terms.map((t) => [t.planId, t.from]))
  return plans.map((plan) => view(plan, units, latest.get(plan.id) ?? null))
}

export async function getPlan(db: Db, id: number): Promise<PlanView> {
  const [[plan], units, [terms]] = await db.batch([
    db.select().from(p).where(eq(p.id, id)).limit(1),
    db.select().from(tables.planUnits).where(eq(tables.planUnits.planId, id)),
    db
      .select({ from: tables.planPrices.fromPeriod })
      .from(tables.planPrices)
      .where(eq(tables.planPrices.planId, id))
      .orderBy(desc(tables.planPrices.fromPeriod))
      .limit(1),
  ])
  if (!plan) throw new NotFound('Plan not found')
  return view(plan, units, terms?.from ?? null)
}

export async function createPlan(db: Db, input: PlanPayload, now = new Date()): Promise<PlanView> {
  const terms = {
    monthlyFeeCents: input.monthlyFeeCents,
    includedMinutes: input.includedMinutes,
    overageRateCents: input.overageRateCents,
    rollover: input.rollover ?? 'none',
  }
  const planId = sql`(select max(${p.id}) from ${p})`
  // One batch: the plan, its first terms and its unit lines, or nothing.
  const [[created]] = await db.batch([
    db
      .insert(p)
      .values({
        name: input.name,
        ...terms,
        ...slaSet(input.slaHours),
        autoSend: input.autoSend ?? false,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: p.id }),
    db
      .insert(tables.planPrices)
      .values({ planId, fromPeriod: FIRST_TERMS_PERIOD, ...terms, createdAt: now, updatedAt: now }),
    ...(input.units?.length
      ? [db.insert(tables.planUnits).values(input.units.map((u, i) => ({ planId, position: i + 1, ...u })))]
      : []),
  ])
  return getPlan(db, created!.id)
}

/**
 * Changes a plan. New prices (fee, included minutes, overage rate, rollover)
 * are written as the terms of the next period: the current period, its
 * invoice and every issued invoice keep what they were billed at.
 */
export async function updatePlan(db: Db, id: number, patch: PlanPatchPayload, now = new Date()) {
  const before = await getPlan(db, id)
  const next = {
    monthlyFeeCents: patch.monthlyFeeCents ?? before.monthlyFeeCents,
    includedMinutes: patch.includedMinutes ?? before.includedMinutes,
    overageRateCents: patch.overageRateCents ?? before.overageRateCents,
    rollover: patch.rollover ?? before.rollover,
  }
  const termsChanged = (Object.keys(next) as (keyof typeof next)[]).some((k) => next[k] !== before[k])
  const fromPeriod = addPeriods(periodOf(now), 1)
  await db.batch([
    db
      .update(p)
      .set({
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.autoSend !== undefined ? { autoSend: patch.autoSend } : {}),
        ...slaSet(patch.slaHours),
        ...next,
        updatedAt: now,
      })
      .where(eq(p.id, id)),
    ...(termsChanged
      ? [
          db
            .insert(tables.planPrices)
            .values({ planId: id, fromPeriod, ...next, createdAt: now, updatedAt: now })
            .onConflictDoUpdate({
              target: [tables.planPrices.planId, tables.planPrices.fromPeriod],
              set: { ...next, updatedAt: now },
            }),
        ]
      : []),
    ...(patch.units
      ? [
          db.delete(tables.planUnits).where(eq(tables.planUnits.planId, id)),
          ...(patch.units.length
            ? [
                db
                  .insert(tables.planUnits)
                  .values(patch.units.map((u, i) => ({ planId: id, position: i + 1, ...u }))),
              ]
            : []),
        ]
      : []),
  ])
  return getPlan(db, id)
}

export type PlanTerms = {
  monthlyFeeCents: number
  includedMinutes: number
  overageRateCents: number
  rollover: PlanRollover
}

/** The terms each plan bills a period at: its latest terms from that period or before. */
export async function termsFor(db: Db, planIds: number[], period: string): Promise<Map<number, PlanTerms>> {
  if (!planIds.length) return new Map()
  const t = tables.planPrices
  const rows = await db
    .select()
    .from(t)
    .where(and(inArray(t.planId, [...new Set(planIds)]), lte(t.fromPeriod, period)))
    .orderBy(asc(t.planId), asc(t.fromPeriod))
  const out = new Map<number, PlanTerms>()
  for (const r of rows)
    out.set(r.planId, {
      monthlyFeeCents: r.monthlyFeeCents,
      includedMinutes: r.includedMinutes,
      overageRateCents: r.overageRateCents,
      rollover: r.rollover as PlanRollover,
    })
  return out
}

const HOUR_MS = 3_600_000
/** The inbox's urgency behind each SLA key. */
const INBOX_URGENCY: Record<SlaUrgency, Urgency> = {
  urgent: 'critical',
  high: 'high',
  medium: 'medium',
  low: 'low',
}

export type ResponseTarget = { hours: number; businessHours: boolean; basis: 'plan' | 'default' }

/**
 * The first-response targets a client is promised: the plan's hours where it
 * sets them, else the inbox's defaults (DUE_TARGETS, ADR 053). A plan changes
 * the span only; urgent runs on the wall clock and the others in business
 * hours, as the defaults do (ADR 137).
 */
export function responseTargets(sla: SlaHours | null): Record<SlaUrgency, ResponseTarget> {
  return Object.fromEntries(
    SLA_URGENCIES.map((u) => {
      const target = DUE_TARGETS[INBOX_URGENCY[u]]
      const planHours = sla?.[u] ?? null
      return [
        u,
        planHours != null
          ? { hours: planHours, businessHours: target.businessHours, basis: 'plan' }
          : { hours: target.ms / HOUR_MS, businessHours: target.businessHours, basis: 'default' },
      ]
    }),
  ) as Record<SlaUrgency, ResponseTarget>
}

/** The first-response target of a request of a client with this urgency (null: not a known urgency). */
export async function firstResponseTarget(
  db: Db,
  clientId: number | null,
  urgency: string | null,
): Promise<ResponseTarget | null> {
  const key = slaUrgencyOf(urgency)
  if (!key) return null
  const targets = clientId ? await slaTargetsOfClient(db, [clientId]) : new Map<number, SlaHours>()
  return responseTargets(clientId ? (targets.get(clientId) ?? null) : null)[key]
}

/**
 * The span (ms) the inbox's due clock uses for a request of this client, when
 * the client's plan sets one for the urgency; undefined: the default target.
 */
export async function planTargetMs(db: Db, clientId: number | null, urgency: string | null) {
  const target = await firstResponseTarget(db, clientId, urgency)
  return target?.basis === 'plan' ? target.hours * HOUR_MS : undefined
}

/** Each client's plan SLA targets (clients with a subscription that is not cancelled). */
export async function slaTargetsOfClient(db: Db, clientIds: number[]): Promise<Map<number, SlaHours>> {
  if (!clientIds.length) return new Map()
  const s = tables.subscriptions
  const rows = await db
    .select({ clientId: s.clientId, plan: p })
    .from(s)
    .innerJoin(p, eq(p.id, s.planId))
    .where(and(inArray(s.clientId, [...new Set(clientIds)]), sql`${s.status} <> 'cancelled'`))
  return new Map(rows.map((r) => [r.clientId, slaOf(r.plan)]))
}
