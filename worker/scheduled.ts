// The cron trigger (every 5 minutes, wrangler.toml): retries the mail outbox,
// and purges audit entries past their retention, ended sessions and old
// sign-in failure counts (issue 13).
// The controller's scheduledTime is the clock, which lets tests move it forward.
import { securityConfig } from './auth/config'
import { purgeExpiredSessions } from './auth/session'
import { purgeFailures } from './auth/throttle'
import { createDb } from './db'
import { log } from './http/logging'
import { deliverDue } from './mail/outbox'
import { purgeAudit } from './services/audit'

export async function runScheduled(controller: ScheduledController, env: Env): Promise<void> {
  const db = createDb(env.DB)
  const now = controller.scheduledTime
  const config = securityConfig(env)
  const purged = await purgeAudit(db, config.auditRetentionMs, now)
  await purgeExpiredSessions(db, config, now)
  await purgeFailures(db, now)
  if (purged) log('info', 'audit log purged', { entries: purged })
  const outcomes = await deliverDue(db, env, now)
  if (outcomes.length) {
    log('info', 'mail outbox run', {
      due: outcomes.length,
      sent: outcomes.filter((o) => o === 'sent').length,
      failed: outcomes.filter((o) => o === 'failed').length,
    })
  }
}
