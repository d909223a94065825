// The portal plan page's server (web/lib/portal-plan.ts) on the service
// layer: scoped to the signed-in contact's client (services/plan-billing.ts
// portalPlan answers NotFound for a client with no plan). Without a session it
// sends the visitor to /portal.
import type { Context } from 'hono'
import { redirect } from 'react-router'
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
import type { PortalPlanServer } from '../../web/lib/portal-plan'
import type { AppEnv } from '../env'
import { stripeCheckoutEnabled } from '../payments/stripe'
import { stripeAutopayGateway } from '../payments/stripe-autopay'
import { startCardSetup } from '../services/autopay'
import { Conflict, NotFound } from '../services/errors'
import { portalPlan } from '../services/plan-billing'

/** The plan's other months, newest first (at most a year back), as links to their figures. */
function otherMonths(startDate: string, current: string, shown: string) {
  const out: { label: string; href: string }[] = []
  for (let p = current, n = 0; p >= startDate.slice(0, 7) && n < 12; p = addPeriods(p, -1), n++)
    if (p !== shown)
      out.push({ label: periodLabel(p), href: p === current ? '/portal/plan' : `/portal/plan?period=${p}` })
  return out
}

export function portalPlanFor(c: Context<AppEnv>): PortalPlanServer {
  return {
    async plan(rawPeriod) {
      const contact = c.var.contact
      if (!contact) throw redirect('/portal')
      const current = periodOf(new Date())
      // A malformed or future period shows this one.
      const period = rawPeriod && PERIOD_PATTERN.test(rawPeriod) && rawPeriod <= current ? rawPeriod : current
      try {
        const p = await portalPlan(c.var.db, { clientId: contact.clientId }, period)
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
          canSaveCard: p.autopay && stripeCheckoutEnabled(c.env),
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
      } catch (err) {
        if (err instanceof NotFound) return null
        throw err
      }
    },

    async saveCard() {
      const contact = c.var.contact
      if (!contact) throw redirect('/portal')
      try {
        const session = await startCardSetup(c.var.db, c.env, stripeAutopayGateway(c.env), {
          clientId: contact.clientId,
          email: contact.email,
        })
        return { ok: true, url: session.url }
      } catch (err) {
        if (err instanceof NotFound) return { ok: false, status: 404, message: err.message }
        if (err instanceof Conflict) return { ok: false, status: 409, message: err.message }
        throw err
      }
    },
  }
}
