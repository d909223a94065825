// The Worker entry stays thin: HTTP goes to the Hono app, the cron trigger to
// the mail outbox, and mail to a request's reply address to its thread.
import { app } from './app'
import { receiveMail } from './inbound-mail'
import { runScheduled } from './scheduled'

export default {
  fetch: app.fetch,
  scheduled(controller, env, ctx) {
    ctx.waitUntil(runScheduled(controller, env))
  },
  async email(message, env) {
    await receiveMail(message, env)
  },
} satisfies ExportedHandler<Env>
