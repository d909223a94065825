// The Worker entry stays thin: HTTP goes to the Hono app, the cron trigger to
// the scheduled jobs, the monitor checks the cron queued to their consumer
// (issue 54), and mail to a request's reply address to its thread.
import { app } from './app'
import { createDb } from './db'
import { receiveMail } from './inbound-mail'
import { runScheduled } from './scheduled'
import { type CheckMessage, consumeChecks } from './services/monitors'

export default {
  fetch: app.fetch,
  scheduled(controller, env, ctx) {
    ctx.waitUntil(runScheduled(controller, env))
  },
  async queue(batch, env) {
    await consumeChecks(createDb(env.DB), env, batch as MessageBatch<CheckMessage>)
  },
  async email(message, env) {
    await receiveMail(message, env)
  },
} satisfies ExportedHandler<Env>
