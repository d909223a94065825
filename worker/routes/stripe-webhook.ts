// POST /api/payments/stripe/webhook (issue 26). Stripe signs each event with
// the endpoint's secret; the signature over the raw body is the only
// authentication, so this route is answered before the API's same-origin and
// JSON-body guards (a server-to-server call, not a browser's), with its own
// size limit. A bad or stale signature is a 400 and changes nothing; a
// verified event is recorded once (services/payments.ts).
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { AppEnv } from '../env'
import { log } from '../log'
import { deliverEach } from '../mail/outbox'
import { inBackground } from '../middleware/background'
import { BadSignature, MalformedEvent, verifiedEvent } from '../payments/stripe'
import { recordAutopayEvent } from '../services/autopay'
import { recordStripeEvent } from '../services/payments'

/** Stripe's events are small; a Checkout Session's is a few KB. */
const MAX_WEBHOOK_BYTES = 256 * 1024

export const stripeWebhook = new Hono<AppEnv>().post(
  '/',
  bodyLimit({ maxSize: MAX_WEBHOOK_BYTES, onError: (c) => c.json({ message: 'Payload too large' }, 413) }),
  async (c) => {
    const payload = await c.req.text()
    let event: Awaited<ReturnType<typeof verifiedEvent>>
    try {
      event = await verifiedEvent(c.env, payload, c.req.header('stripe-signature'))
    } catch (err) {
      if (err instanceof MalformedEvent) {
        // Signed but not the shape Stripe sends: refused and logged, never a 500.
        log('warn', 'stripe webhook malformed', {
          requestId: c.get('requestId'),
          eventId: err.eventId,
          reason: err.message,
        })
        return c.json({ message: 'Malformed Stripe event', errors: { event: err.message } }, 400)
      }
      if (!(err instanceof BadSignature)) throw err
      log('warn', 'stripe webhook refused', { requestId: c.get('requestId'), reason: err.message })
      return c.json({ message: 'Invalid Stripe signature' }, 400)
    }
    // Autopay's events first (setup and off-session charges, ADR 139); every other one as before.
    const outcome =
      (await recordAutopayEvent(c.var.db, c.env, event)) ?? (await recordStripeEvent(c.var.db, c.env, event))
    if ('outboxIds' in outcome) inBackground(c, deliverEach(c.var.db, c.env, outcome.outboxIds))
    if (outcome.recorded === 'unmatched')
      log('warn', 'stripe payment kept unmatched for the owner', {
        eventId: event.id,
        number: outcome.number,
        reason: outcome.reason,
      })
    // The outbox ids are this app's own business, not Stripe's.
    const { outboxIds: _ids, ...shown } = { outboxIds: [], ...outcome }
    return c.json({ received: true, ...shown }, 200)
  },
)
