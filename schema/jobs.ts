// The site's scheduled jobs (issue 54): what each is called, what people read
// for it, and how often it should succeed. worker/scheduled.ts gives each its
// work; the health board (GET /api/jobs, the admin overview) reads this list,
// so a job is watched even when the cron stopped running it.

export type JobInfo = {
  /** A stable key: job_runs.name. */
  name: string
  /** What the owner reads. */
  label: string
  /**
   * How often it should succeed (minutes): every job runs on every cron (5 minutes),
   * as before issue 54; stalled after three periods without a success.
   */
  periodMinutes: number
}

export const JOBS = [
  { name: 'security-purge', label: 'Expired sessions, sign-in failures and audit entries', periodMinutes: 5 },
  { name: 'portal-purge', label: 'Expired portal sessions and sign-in links', periodMinutes: 5 },
  { name: 'totp-seal', label: 'Authenticator keys sealed', periodMinutes: 5 },
  { name: 'mail-digest', label: 'Notification digest', periodMinutes: 5 },
  { name: 'booking-reminders', label: 'Consultation reminders', periodMinutes: 5 },
  { name: 'quotes', label: 'Quote expiry and reminders', periodMinutes: 5 },
  { name: 'invoice-reminders', label: 'Invoice reminders', periodMinutes: 5 },
  { name: 'plan-billing', label: 'Plan invoices', periodMinutes: 5 },
  { name: 'autopay', label: 'Card payments of plan invoices', periodMinutes: 5 },
  { name: 'maintenance', label: 'Recurring maintenance tasks', periodMinutes: 5 },
  { name: 'service-reports', label: 'Monthly service reports', periodMinutes: 5 },
  { name: 'payment-notices', label: 'Payment receipts left out', periodMinutes: 5 },
  { name: 'asset-renewals', label: 'Asset renewal notices', periodMinutes: 5 },
  { name: 'risk-reminders', label: 'Risk analysis reminders', periodMinutes: 5 },
  { name: 'compliance-reminders', label: 'BAA and incident reminders', periodMinutes: 5 },
  { name: 'calendars', label: "The owner's calendars read", periodMinutes: 5 },
  { name: 'monitors', label: 'Monitor checks queued', periodMinutes: 5 },
  { name: 'training', label: 'Workforce training assignments and reminders', periodMinutes: 5 },
  { name: 'mail-outbox', label: 'Mail outbox', periodMinutes: 5 },
  { name: 'request-retention', label: 'Closed requests past retention', periodMinutes: 5 },
  { name: 'insights-retention', label: 'Old visit counts', periodMinutes: 5 },
  { name: 'orphaned-images', label: 'Unused uploaded images', periodMinutes: 5 },
  { name: 'job-history', label: 'Job history past 30 days', periodMinutes: 5 },
] as const satisfies readonly JobInfo[]

export type JobName = (typeof JOBS)[number]['name']

/** How long job runs are kept. */
export const JOB_RUN_RETENTION_DAYS = 30
/** A job is stalled when it has not succeeded for this many periods. */
export const STALLED_AFTER_PERIODS = 3
