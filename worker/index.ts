// The Worker entry stays thin: HTTP goes to the Hono app, the cron trigger to
// the mail outbox.
import { app } from './app'
import { runScheduled } from './scheduled'

export default {
  fetch: app.fetch,
  scheduled(controller, env, ctx) {
    ctx.waitUntil(runScheduled(controller, env))
  },
} satisfies ExportedHandler<Env>
