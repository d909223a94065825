// The cron trigger (every 5 minutes, wrangler.toml): the notification digest and
// the mail outbox's retries; retention purges of closed requests (issue 14) and of
// audit entries, ended sessions and old sign-in failure counts (issue 13); the
// daily visit counts past their retention (issue 18); invoice reminders (issue 26);
// uploaded images no project or content block used within 24 hours (issue 28, ADR 101);
// managed-service plans' period invoices on the 1st (issue 37);
// payment notices a stopped Worker left out (issue 36);
// asset renewals 60 and 14 days ahead, each once (issue 38); risk analysis reminders (issue 39);
// the monthly service reports (issue 40).
// The controller's scheduledTime is the clock, which lets tests move it forward.
import { securityConfig } from './auth/config'
import { purgeExpiredSessions } from './auth/session'
import { purgeFailures } from './auth/throttle'
import { sealPlainTotpKeys } from './auth/totp-seal'
import { vaultKeys } from './auth/vault-key'
import { createDb } from './db'
import { purgeInsights, retentionMonths } from './insights/record'
import { log } from './log'
import { deliverDue, queueDigest } from './mail/outbox'
import { stripeAutopayGateway } from './payments/stripe-autopay'
import { queueRenewalNotices } from './services/assets'
import { purgeAudit } from './services/audit'
import { runAutopay } from './services/autopay'
import { queueReminders } from './services/booking'
import { syncDueSources } from './services/calendar-sources'
import { queueBaaRenewalReminders, queueIncidentReminders } from './services/compliance/reminders'
import { queueInvoiceReminders } from './services/invoice-reminders'
import { generateAhead } from './services/maintenance'
import { queueMissingPaymentNotices } from './services/payment-notices'
import { runPlanBilling } from './services/plan-billing'
import { purgeExpiredLinks } from './services/portal-links'
import { purgeExpiredPortalSessions } from './services/portal-sessions'
import { purgeExpiredRequests } from './services/privacy'
import { expireQuotes, queueQuoteReminders } from './services/quotes'
import { queueMonthlyReports } from './services/reports/mailing'
import { queueRiskReminders } from './services/risk-analyses'
import { purgeOrphanedImages } from './services/uploads'

export async function runScheduled(controller: ScheduledController, env: Env): Promise<void> {
  const db = createDb(env.DB)
  const now = controller.scheduledTime
  const config = securityConfig(env)
  const purgedAudit = await purgeAudit(db, config.auditRetentionMs, now)
  await purgeExpiredSessions(db, config, now)
  await purgeFailures(db, now)
  // Ended portal sessions and old sign-in links (issue 24).
  await purgeExpiredPortalSessions(db, now)
  await purgeExpiredLinks(db, now)
  // Authenticator keys stored in plain base64 before migration 0010 are sealed (ADR 082).
  const sealed = await sealPlainTotpKeys(db, env)
  if (sealed) log('info', 'TOTP keys sealed', { keys: sealed })
  if (purgedAudit) log('info', 'audit log purged', { entries: purgedAudit })
  // Requests held past the hourly notification cap go out as one digest (at most one an hour).
  await queueDigest(db, env, now)
  // The day-before reminders of confirmed consultations (once each), sent by deliverDue below.
  const reminders = await queueReminders(db, env, now)
  if (reminders.length) log('info', 'booking reminders queued', { messages: reminders.length })
  // Quotes past their valid-until date expire; one reminder before that to a client who has not opened one (issue 25).
  const expired = await expireQuotes(db, now)
  const quoteReminders = await queueQuoteReminders(db, env, now)
  if (expired || quoteReminders.length) log('info', 'quotes', { expired, reminders: quoteReminders.length })
  // Invoice reminders before, on and after the due date (issue 26; each once).
  const invoiceReminders = await queueInvoiceReminders(db, env, now)
  if (invoiceReminders.length) log('info', 'invoice reminders queued', { messages: invoiceReminders.length })
  // Managed-service plans: on the 1st, the period invoices of the month before (issue 37; once each).
  const planBilling = await runPlanBilling(db, env, new Date(now))
  if (planBilling.created.length || planBilling.failed)
    log('info', 'plan billing', {
      period: planBilling.period,
      created: planBilling.created.length,
      sent: planBilling.sent.length,
      failed: planBilling.failed,
    })
  // Autopay: sent period invoices charged to the saved card, failed ones retried (days 1, 3, 7).
  const autopay = await runAutopay(db, env, stripeAutopayGateway(env), new Date(now))
  if (autopay.charged || autopay.failed) log('info', 'autopay', autopay)
  // Recurring maintenance (issue 40): each task made 7 days before it is due (once: a unique index).
  const maintenance = await generateAhead(db, new Date(now))
  if (maintenance.created) log('info', 'maintenance tasks made', maintenance)
  // The monthly service report (issue 40): from the 1st, the month before's, to the contacts who opted in (once).
  const reports = await queueMonthlyReports(db, env, new Date(now))
  if (reports.length) log('info', 'service reports queued', { clients: reports.length })
  // A receipt and an owner's notice for every payment (issue 36): those a stopped Worker left out.
  const notices = await queueMissingPaymentNotices(db, env, new Date(now))
  if (notices.length) log('info', 'payment notices queued late', { messages: notices.length })
  // Warranty ends and renewal dates 60 and 14 days ahead, to the owner (issue 38; each once).
  const renewals = await queueRenewalNotices(db, env, new Date(now))
  if (renewals) log('info', 'asset renewal notices queued', { messages: renewals })
  // A client's yearly risk analysis: the owner is reminded 11 months after the last one (issue 39; once each).
  const riskReminders = await queueRiskReminders(db, env, new Date(now))
  if (riskReminders.length) log('info', 'risk analysis reminders queued', { clients: riskReminders.length })
  // BAA renewals (60, 14 days) and incident deadlines (half-time, 7 days, 1 day), to the owner (issue 39).
  const compliance =
    (await queueBaaRenewalReminders(db, env, new Date(now))) +
    (await queueIncidentReminders(db, env, new Date(now)))
  if (compliance) log('info', 'compliance reminders queued', { messages: compliance })
  // The owner's own calendars (issue 56): each read every 15 minutes for its busy times.
  const calendars = await syncDueSources(db, await vaultKeys(env), new Date(now))
  if (calendars.read) log('info', 'calendars read', calendars)
  const outcomes = await deliverDue(db, env, now)
  // Closed requests past REQUEST_RETENTION_DAYS go, with their e-mails.
  const purged = await purgeExpiredRequests(db, env, now)
  if (purged) log('info', 'retention purge', { purged })
  // Daily visit counts older than INSIGHTS_RETENTION_MONTHS (default 25) go.
  const purgedInsights = await purgeInsights(db, retentionMonths(env), now)
  if (purgedInsights) log('info', 'insights purged', { rows: purgedInsights })
  // Uploaded images nothing used within 24 hours (a failed or abandoned project creation, ADR 101).
  const orphans = await purgeOrphanedImages(db, env.FILES, now)
  if (orphans.length)
    log('info', 'orphaned images removed', {
      images: orphans.map((o) => ({ id: o.id, key: o.objectKey, name: o.originalName })),
    })
  if (outcomes.length) {
    log('info', 'mail outbox run', {
      due: outcomes.length,
      sent: outcomes.filter((o) => o === 'sent').length,
      failed: outcomes.filter((o) => o === 'failed').length,
    })
  }
}
