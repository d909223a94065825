// The cron trigger (every 5 minutes, wrangler.toml): the notification digest, then the mail outbox's retries.
// The controller's scheduledTime is the clock, which lets tests move it forward.
import { createDb } from './db'
import { log } from './http/logging'
import { deliverDue, queueDigest } from './mail/outbox'
import { purgeExpiredRequests } from './services/privacy'

export async function runScheduled(controller: ScheduledController, env: Env): Promise<void> {
  const db = createDb(env.DB)
  // Requests held past the hourly notification cap go out as one digest (at most one an hour).
  await queueDigest(db, env, controller.scheduledTime)
  const outcomes = await deliverDue(db, env, controller.scheduledTime)
  // Closed requests past REQUEST_RETENTION_DAYS go, with their e-mails.
  const purged = await purgeExpiredRequests(db, env, controller.scheduledTime)
  if (purged) log('info', 'retention purge', { purged })
  if (outcomes.length) {
    log('info', 'mail outbox run', {
      due: outcomes.length,
      sent: outcomes.filter((o) => o === 'sent').length,
      failed: outcomes.filter((o) => o === 'failed').length,
    })
  }
}
