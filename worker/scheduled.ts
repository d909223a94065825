// The cron trigger (every 5 minutes, wrangler.toml): retries the mail outbox.
// The controller's scheduledTime is the clock, which lets tests move it forward.
import { createDb } from './db'
import { log } from './http/logging'
import { deliverDue } from './mail/outbox'

export async function runScheduled(controller: ScheduledController, env: Env): Promise<void> {
  const outcomes = await deliverDue(createDb(env.DB), env, controller.scheduledTime)
  if (outcomes.length) {
    log('info', 'mail outbox run', {
      due: outcomes.length,
      sent: outcomes.filter((o) => o === 'sent').length,
      failed: outcomes.filter((o) => o === 'failed').length,
    })
  }
}
