// The cron trigger (every 5 minutes, wrangler.toml) runs the site's scheduled
// jobs (schema/jobs.ts names them) through the runner of issue 54
// (worker/services/jobs.ts, ADR 197): each job on its own, so one that throws
// or overruns is recorded in job_runs and the rest still run; then the health
// board e-mails the owner once when a job starts failing or stalls, and once
// when it recovers. What the jobs do: the notification digest and the mail
// outbox's retries; retention purges of closed requests (issue 14) and of
// audit entries, ended sessions and old sign-in failure counts (issue 13); the
// daily visit counts past their retention (issue 18); invoice reminders (issue 26);
// uploaded images no project or content block used within 24 hours (issue 28, ADR 101);
// managed-service plans' period invoices on the 1st (issue 37);
// payment notices a stopped Worker left out (issue 36);
// asset renewals 60 and 14 days ahead, each once (issue 38); risk analysis reminders (issue 39);
// the monthly service reports (issue 40); the owner's calendars read (issue 56);
// the client monitors' checks, queued (issue 54); workforce training assignments and reminders (issue 55).
// The controller's scheduledTime is the clock, which lets tests move it forward.
import { JOBS, type JobName } from '../schema/jobs'
import { securityConfig } from './auth/config'
import { purgeExpiredSessions } from './auth/session'
import { purgeFailures } from './auth/throttle'
import { sealPlainTotpKeys } from './auth/totp-seal'
import { vaultKeys } from './auth/vault-key'
import { createDb, type Db } from './db'
import { purgeInsights, retentionMonths } from './insights/record'
import { log } from './log'
import { deliverDue, deliverEach, queueDigest } from './mail/outbox'
import { stripeAutopayGateway } from './payments/stripe-autopay'
import { queueRenewalNotices } from './services/assets'
import { purgeAudit } from './services/audit'
import { runAutopay } from './services/autopay'
import { queueReminders } from './services/booking'
import { syncDueSources } from './services/calendar-sources'
import { queueBaaRenewalReminders, queueIncidentReminders } from './services/compliance/reminders'
import { queueInvoiceReminders } from './services/invoice-reminders'
import { alertJobHealth, type Job, type JobResult, purgeJobRuns, runJobs } from './services/jobs'
import { generateAhead } from './services/maintenance'
import { enqueueDueChecks } from './services/monitors/schedule'
import { queueMissingPaymentNotices } from './services/payment-notices'
import { runTrainingCron } from './services/people/training-cron'
import { runPlanBilling } from './services/plan-billing'
import { purgeExpiredLinks } from './services/portal-links'
import { purgeExpiredPortalSessions } from './services/portal-sessions'
import { purgeExpiredRequests } from './services/privacy'
import { expireQuotes, queueQuoteReminders } from './services/quotes'
import { queueMonthlyReports } from './services/reports/mailing'
import { queueRiskReminders } from './services/risk-analyses'
import { purgeOrphanedImages } from './services/uploads'

type Work = Record<JobName, () => Promise<JobResult>>

/** Each job's work. Every one is idempotent: running it twice does nothing twice. */
function work(db: Db, env: Env, now: number): Work {
  const date = () => new Date(now)
  const config = securityConfig(env)
  return {
    'security-purge': async () => {
      const audit = await purgeAudit(db, config.auditRetentionMs, now)
      await purgeExpiredSessions(db, config, now)
      await purgeFailures(db, now)
      return { audit }
    },
    // Ended portal sessions and old sign-in links (issue 24).
    'portal-purge': async () => {
      await purgeExpiredPortalSessions(db, now)
      await purgeExpiredLinks(db, now)
    },
    // Authenticator keys stored in plain base64 before migration 0010 are sealed (ADR 082).
    'totp-seal': async () => ({ sealed: await sealPlainTotpKeys(db, env) }),
    // Requests held past the hourly notification cap go out as one digest (at most one an hour).
    'mail-digest': async () => ({ digest: (await queueDigest(db, env, now)) ?? 0 }),
    // The day-before reminders of confirmed consultations (once each), sent by the outbox job.
    'booking-reminders': async () => ({ queued: (await queueReminders(db, env, now)).length }),
    // Quotes past their valid-until date expire; one reminder before that to a client who has not opened one (issue 25).
    quotes: async () => ({
      expired: await expireQuotes(db, now),
      reminders: (await queueQuoteReminders(db, env, now)).length,
    }),
    // Invoice reminders before, on and after the due date (issue 26; each once).
    'invoice-reminders': async () => ({ queued: (await queueInvoiceReminders(db, env, now)).length }),
    // Managed-service plans: on the 1st, the period invoices of the month before (issue 37; once each).
    'plan-billing': async () => {
      const b = await runPlanBilling(db, env, date())
      return { created: b.created.length, sent: b.sent.length, failed: b.failed }
    },
    // Autopay: sent period invoices charged to the saved card, failed ones retried (days 1, 3, 7).
    autopay: async () => {
      const a = await runAutopay(db, env, stripeAutopayGateway(env), date())
      return { charged: a.charged, failed: a.failed }
    },
    // Recurring maintenance (issue 40): each task made 7 days before it is due (once: a unique index).
    maintenance: async () => ({ created: (await generateAhead(db, date())).created }),
    // The monthly service report (issue 40): from the 1st, the month before's, to the contacts who opted in (once).
    'service-reports': async () => ({ clients: (await queueMonthlyReports(db, env, date())).length }),
    // A receipt and an owner's notice for every payment (issue 36): those a stopped Worker left out.
    'payment-notices': async () => ({ queued: (await queueMissingPaymentNotices(db, env, date())).length }),
    // Warranty ends and renewal dates 60 and 14 days ahead, to the owner (issue 38; each once).
    'asset-renewals': async () => ({ queued: await queueRenewalNotices(db, env, date()) }),
    // A client's yearly risk analysis: the owner is reminded 11 months after the last one (issue 39; once each).
    'risk-reminders': async () => ({ clients: (await queueRiskReminders(db, env, date())).length }),
    // BAA renewals (60, 14 days) and incident deadlines (half-time, 7 days, 1 day), to the owner (issue 39).
    'compliance-reminders': async () => ({
      queued:
        (await queueBaaRenewalReminders(db, env, date())) + (await queueIncidentReminders(db, env, date())),
    }),
    // The owner's own calendars (issue 56): each read every 15 minutes for its busy times.
    calendars: async () => {
      const c = await syncDueSources(db, await vaultKeys(env), date())
      return c.read ? c : null
    },
    // The client monitors due a check go to the queue; its consumer checks them (issue 54).
    monitors: async () => ({ enqueued: await enqueueDueChecks(db, env, now) }),
    // Workforce training (issue 55): standing modules on a start date, the yearly round,
    // reminders 7 and 1 days before the due date and once overdue (each once).
    training: async () => ({ queued: (await runTrainingCron(db, env, date())).length }),
    'mail-outbox': async () => {
      const outcomes = await deliverDue(db, env, now)
      return {
        due: outcomes.length,
        sent: outcomes.filter((o) => o === 'sent').length,
        failed: outcomes.filter((o) => o === 'failed').length,
      }
    },
    // Closed requests past REQUEST_RETENTION_DAYS go, with their e-mails.
    'request-retention': async () => ({ purged: await purgeExpiredRequests(db, env, now) }),
    // Daily visit counts older than INSIGHTS_RETENTION_MONTHS (default 25) go.
    'insights-retention': async () => ({ rows: await purgeInsights(db, retentionMonths(env), now) }),
    // Uploaded images nothing used within 24 hours (a failed or abandoned project creation, ADR 101).
    'orphaned-images': async () => {
      const orphans = await purgeOrphanedImages(db, env.FILES, now)
      if (!orphans.length) return null
      const images = orphans.map((o) => ({ id: o.id, key: o.objectKey, name: o.originalName }))
      // Which files went, by name: the log is the only record of them (ADR 101).
      log('info', 'orphaned images removed', { images })
      return { removed: images.length }
    },
    'job-history': async () => ({ purged: await purgeJobRuns(db, now) }),
  }
}

/** The jobs in the order they run, each with its work. */
export function scheduledJobs(db: Db, env: Env, now: number): Job[] {
  const w = work(db, env, now)
  return JOBS.map((info) => ({ ...info, run: w[info.name] }))
}

export async function runScheduled(
  controller: ScheduledController,
  env: Env,
  jobs?: (db: Db, now: number) => Job[],
): Promise<void> {
  const db = createDb(env.DB)
  const now = controller.scheduledTime
  const list = jobs ? jobs(db, now) : scheduledJobs(db, env, now)
  await runJobs(db, list, now)
  // The board is watched even if a job's e-mail job failed: its alerts go out now.
  const alerts = await alertJobHealth(db, env, list, now)
  if (alerts.length) await deliverEach(db, env, alerts, now)
}
