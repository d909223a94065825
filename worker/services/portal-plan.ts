// The portal plan page's view (issue 37), /portal/plan: the contact's client's
// plan, one period's hours, the SLA targets and the period invoices once sent
// (services/plan-billing.ts portalPlan, scoped to the client; NotFound for a
// client with no plan). Hours and amounts leave here worded; the page only shows them.
import { clientInvoiceStatusLabel } from '../../schema/billing-words'
import { formatCents } from '../../schema/money'
import { periodSentences } from '../../schema/plan-words'
import {
  addPeriods,
  dateWords,
  hoursText,
  PERIOD_PATTERN,
  periodLabel,
  periodOf,
  SLA_URGENCIES,
  SLA_URGENCY_LABELS,
} from '../../schema/plans'
import type { Db } from '../db'
import { stripeCheckoutEnabled } from '../payments/stripe'
import { stripeAutopayGateway } from '../payments/stripe-autopay'
import { startCardSetup } from './autopay'
import { portalPlan } from './plan-billing'

export type PortalPlanView = {
  planName: string
  status: string
  startDate: string
  /** The last period billed ("November 2026"), when it is cancelled at the end of a period. */
  endsPeriod: string | null
  period: string
  /** "November 2026"; current: the period running now. */
  periodLabel: string
  current: boolean
  /** Automatic payment is on; cardSaved: the client saved a card for it. */
  autopay: boolean
  cardSaved: boolean
  /** Online payment is set up, so a card can be saved. */
  canSaveCard: boolean
  paused: boolean
  used: string
  included: string
  rollover: string
  remaining: string
  /** What this period billed and will bill, sentence by sentence (schema/plan-words.ts). */
  billing: string[]
  /** The plan's other months (newest first), each a link to its figures. */
  months: { label: string; href: string }[]
  usedMinutes: number
  availableMinutes: number
  /** First-response targets; businessHours: counted Monday-Friday 9-5 Central. */
  sla: { label: string; hours: number; businessHours: boolean }[]
  invoices: { period: string; number: string; total: string; statusLabel: string; href: string }[]
}

/** The plan's other months, newest first (at most a year back), as links to their figures. */
function otherMonths(startDate: string, current: string, shown: string) {
  const out: { label: string; href: string }[] = []
  for (let p = current, n = 0; p >= startDate.slice(0, 7) && n < 12; p = addPeriods(p, -1), n++)
    if (p !== shown)
      out.push({ label: periodLabel(p), href: p === current ? '/portal/plan' : `/portal/plan?period=${p}` })
  return out
}

/** The client's plan in one period (`?period=YYYY-MM`; a malformed or future one shows this one). */
export async function portalPlanView(
  db: Db,
  env: Env,
  scope: { clientId: number },
  rawPeriod: string | null,
): Promise<PortalPlanView> {
  const current = periodOf(new Date())
  const period = rawPeriod && PERIOD_PATTERN.test(rawPeriod) && rawPeriod <= current ? rawPeriod : current
  const p = await portalPlan(db, scope, period)
  const u = p.figures
  return {
    planName: p.planName,
    status: p.status,
    startDate: dateWords(p.startDate),
    endsPeriod: p.endsPeriod ? periodLabel(p.endsPeriod) : null,
    period: u.period,
    periodLabel: u.label,
    current: u.period === current,
    autopay: p.autopay,
    cardSaved: p.cardSaved,
    canSaveCard: p.autopay && stripeCheckoutEnabled(env),
    paused: u.paused,
    used: hoursText(u.usedMinutes),
    included: hoursText(u.includedMinutes),
    rollover: hoursText(u.rolloverMinutes),
    remaining: hoursText(u.remainingMinutes),
    usedMinutes: u.usedMinutes,
    availableMinutes: u.includedMinutes + u.rolloverMinutes,
    // What was and will be billed, in the words the admin card and the usage e-mail use.
    billing: periodSentences(u, 'client'),
    months: otherMonths(p.startDate, current, u.period),
    sla: SLA_URGENCIES.map((k) => ({
      label: SLA_URGENCY_LABELS[k],
      hours: p.sla[k].hours,
      businessHours: p.sla[k].businessHours,
    })),
    invoices: p.invoices.map((i) => ({
      period: periodLabel(i.period),
      number: i.number,
      total: formatCents(i.totalCents),
      statusLabel: clientInvoiceStatusLabel(i.status),
      href: `/portal/invoices/${i.invoiceId}`,
    })),
  }
}

/** "Save a card": the Stripe page to go to; NotFound (no plan, no online payment) or Conflict otherwise. */
export async function portalSaveCard(
  db: Db,
  env: Env,
  contact: { clientId: number; email: string },
): Promise<string> {
  const session = await startCardSetup(db, env, stripeAutopayGateway(env), {
    clientId: contact.clientId,
    email: contact.email,
  })
  return session.url
}
