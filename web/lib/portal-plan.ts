// What the server gives the portal's plan page (issue 37): the signed-in
// contact's client's plan, one period's hours, the SLA targets and the period
// invoices once sent, scoped to that client on the server
// (worker/portal/plan-server.ts on services/plan-billing.ts). Hours and
// amounts arrive formatted; the page only shows them.
import { createContext } from 'react-router'

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

export type PortalPlanServer = {
  /** Null when the client has no plan (the page answers 404); redirects to /portal without a session. */
  plan(period: string | null): Promise<PortalPlanView | null>
  /** "Save a card": the Stripe page to go to, or why not. */
  saveCard(): Promise<{ ok: true; url: string } | { ok: false; status: 404 | 409; message: string }>
}

export const portalPlan = createContext<PortalPlanServer>()
