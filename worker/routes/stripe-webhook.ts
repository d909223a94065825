// POST /api/payments/stripe/webhook (issue 26). Stripe signs each event with
// the endpoint's secret; the signature over the raw body is the only
// authentication, so this route is answered before the API's same-origin and
// JSON-body guards (a server-to-server call, not a browser's), with its own
// size limit. A bad or stale signature is a 400 and changes nothing; a
// verified event is recorded once (services/payments.ts).
import { createRoute, z } from '@hono/zod-openapi'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { AppEnv } from '../env'
import { log } from '../log'
import { deliverEach } from '../mail/outbox'
import { inBackground } from '../middleware/background'
import { ErrorSchema, openApiJson as json, PUBLIC } from '../middleware/openapi'
import { BadSignature, MalformedEvent, verifiedEvent } from '../payments/stripe'
import { recordAutopayEvent } from '../services/autopay'
import { recordStripeEvent } from '../services/payments'

/** Stripe's events are small; a Checkout Session's is a few KB. */
const MAX_WEBHOOK_BYTES = 256 * 1024

/**
 * The webhook as documented (answered in worker/app.ts before the API's
 * guards; worker/api.ts registers this in /api/openapi.json). Not validated by
 * a schema: the signature is checked over the raw body, then Stripe's own
 * library reads the event.
 */
export const stripeWebhookRoute = createRoute({
  method: 'post',
  path: '/payments/stripe/webhook',
  tags: ['Time and money'],
  security: PUBLIC,
  summary: "Stripe's events (Checkout payments, refunds, disputes, autopay)",
  description:
    "Called by Stripe's servers, not a browser: authenticated by the `Stripe-Signature` header over the raw body (the endpoint's secret). A verified event is recorded once; a replay answers `duplicate`.",
  request: {
    headers: z.object({ 'stripe-signature': z.string().openapi({ example: 't=1764000000,v1=5257a869...' }) }),
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .looseObject({
              id: z.string(),
              type: z.string(),
              data: z.looseObject({ object: z.looseObject({}) }),
            })
            .openapi({ description: 'A Stripe event, as Stripe signs it' }),
          example: {
            id: 'evt_1QExample',
            type: 'checkout.session.completed',
            data: { object: { id: 'cs_test_a1', payment_status: 'paid', client_reference_id: '7' } },
          },
        },
      },
    },
  },
  responses: {
    200: json(
      z
        .looseObject({
          received: z.literal(true),
          recorded: z.enum(['payment', 'notice', 'unmatched', 'duplicate', 'ignored', 'card']),
        })
        .openapi({ description: 'What became of the event; the other fields depend on `recorded`' }),
      'Received',
    ),
    400: json(ErrorSchema, 'A bad or stale signature, or a signed event of a shape Stripe does not send'),
    413: json(ErrorSchema, 'Larger than 256 KB'),
  },
})

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
