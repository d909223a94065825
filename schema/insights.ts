// Insights (issue 18): what the browser may report with a beacon, shared by the
// public beacon module and the Worker that checks it. Kept tiny and free of
// imports: it is part of the public pages' JavaScript.

/** Where beacons go (a plain-text JSON body, so `navigator.sendBeacon` needs no preflight). */
export const BEACON_PATH = '/api/insights/events'

/** The two public request forms, and the page (path) that shows each. */
export const INSIGHT_FORMS = { consultation: '/schedule-consultation', support: '/it-support' } as const
export type InsightForm = keyof typeof INSIGHT_FORMS

/**
 * The request forms' fields as their labels read (web/forms/*), for the
 * insights' "most refused fields": the owner reads "Preferred Time", not
 * "preferredTime" (issue 52.7). A field not listed shows as it was sent.
 */
export const INSIGHT_FIELD_LABELS: Record<InsightForm, Record<string, string>> = {
  consultation: {
    name: 'Full Name',
    email: 'Email Address',
    phone: 'Phone Number',
    company: 'Company / Organization',
    projectType: 'Project Type',
    budget: 'Budget Range',
    description: 'Project Description',
    preferredDate: 'Preferred Date',
    preferredTime: 'Preferred Time',
  },
  support: {
    name: 'Full Name',
    email: 'Email Address',
    phone: 'Phone Number',
    businessName: 'Business Name',
    issueType: 'Issue Type',
    urgency: 'Urgency Level',
    description: 'Describe the Issue',
    preferredContact: 'Preferred Contact Method',
    preferredTime: 'Preferred Contact Time',
  },
}

/**
 * A step of a form's funnel. "shown", "submitted", "rejected" and "failed" are
 * counted by the Worker when it sees them (the page, the REST intake); the
 * browser reports only what the Worker cannot see: the first interaction, a
 * form the browser itself refused, a send that never reached the Worker, and
 * a form opened after the page had loaded.
 */
export const FUNNEL_STEPS = ['shown', 'started', 'submitted', 'rejected', 'failed'] as const
export type FunnelStep = (typeof FUNNEL_STEPS)[number]

/** One beacon: [kind, key] and, for a refusal, the refused fields' names. */
export type BeaconEvent =
  | { t: 'view'; k: string }
  | { t: 'filter'; k: string }
  | { t: 'project'; k: string }
  | { t: 'form'; k: `${InsightForm}:${FunnelStep}`; f?: string[] }

// ---------- The owner's report (GET /api/insights), one shape for the Worker and the admin ----------

export type Range = { from: string; to: string }
export type Count = { key: string; label: string; count: number }
export type Funnel = { form: InsightForm; steps: Record<FunnelStep, number>; rejectedFields: Count[] }
export type InsightsReport = Range & {
  days: { day: string; views: number }[]
  totalViews: number
  pages: Count[]
  referrers: Count[]
  campaigns: Count[]
  projects: Count[]
  filters: Count[]
  devices: Count[]
  countries: Count[]
  resumeDownloads: number
  funnels: Funnel[]
  requestsPerWeek: { week: string; consultations: number; support: number }[]
}
