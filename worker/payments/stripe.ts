// Stripe behind a small interface (issue 26): a Checkout Session for an
// invoice's balance, and the verification of a webhook's signature. The
// official package with its fetch HTTP client and SubtleCrypto provider (the
// Workers runtime has no Node http or crypto); only the session's creation
// goes to the network, and tests pass a fetch for it.
// https://docs.stripe.com/checkout/quickstart https://docs.stripe.com/webhooks#verify-official-libraries
import type Stripe from 'stripe'
import { z } from 'zod'

export type StripeSecrets = { STRIPE_SECRET_KEY?: string; STRIPE_WEBHOOK_SECRET?: string }

/** The secrets are optional (`wrangler secret put ...`), so they are not in the generated Env. */
export const stripeSecrets = (env: Env): StripeSecrets => {
  const e = env as Env & StripeSecrets
  return {
    STRIPE_SECRET_KEY: e.STRIPE_SECRET_KEY?.trim() || undefined,
    STRIPE_WEBHOOK_SECRET: e.STRIPE_WEBHOOK_SECRET?.trim() || undefined,
  }
}

/** "Pay now" exists only with a secret key. */
export const stripeCheckoutEnabled = (env: Env) => Boolean(stripeSecrets(env).STRIPE_SECRET_KEY)

export type CheckoutRequest = {
  invoiceNumber: string
  amountCents: number
  currency: string
  customerEmail?: string | null
  successUrl: string
  cancelUrl: string
}

export interface PaymentGateway {
  /** A hosted payment page for the amount; resolves to its URL. */
  createCheckout(request: CheckoutRequest): Promise<{ id: string; url: string }>
}

// The package (about 200 KB gzip) is loaded on the first checkout or webhook,
// not when the Worker starts (ADR 103); the import is cached after that.
async function client(secretKey: string, fetchFn?: typeof fetch) {
  const { default: StripeClient } = await import('stripe')
  return new StripeClient(secretKey, {
    httpClient: StripeClient.createFetchHttpClient(fetchFn),
    maxNetworkRetries: 1,
  })
}

async function cryptoProvider() {
  const { default: StripeClient } = await import('stripe')
  return StripeClient.createSubtleCryptoProvider()
}

/** The Stripe gateway, or null when no secret key is configured. */
export function stripeGateway(env: Env, fetchFn?: typeof fetch): PaymentGateway | null {
  const key = stripeSecrets(env).STRIPE_SECRET_KEY
  if (!key) return null
  return {
    async createCheckout(r) {
      const session = await (await client(key, fetchFn)).checkout.sessions.create({
        mode: 'payment',
        // The webhook finds the invoice by this number.
        client_reference_id: r.invoiceNumber,
        metadata: { invoice_number: r.invoiceNumber },
        ...(r.customerEmail ? { customer_email: r.customerEmail } : {}),
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: r.currency.toLowerCase(),
              unit_amount: r.amountCents,
              product_data: { name: `Invoice ${r.invoiceNumber}` },
            },
          },
        ],
        success_url: r.successUrl,
        cancel_url: r.cancelUrl,
      })
      if (!session.url) throw new Error('Stripe returned a Checkout Session without a URL')
      return { id: session.id, url: session.url }
    },
  }
}

export class BadSignature extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'BadSignature'
  }
}

/** A correctly signed event whose shape is not what Stripe sends: refused (400), never believed. */
export class MalformedEvent extends Error {
  constructor(
    message: string,
    readonly eventId: string | null,
  ) {
    super(message)
    this.name = 'MalformedEvent'
  }
}

/** How far a signature's time (or an event's) may be from now, either way (Stripe's default tolerance). */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60

/** The events that pay an invoice. */
export const CHECKOUT_PAID_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
] as const

// Only the fields this app reads are checked, each with the type Stripe
// documents; the rest passes through (Stripe adds fields between API versions).
const eventSchema = z.looseObject({
  id: z.string().min(1),
  type: z.string().min(1),
  created: z.number().int().positive(),
  data: z.looseObject({ object: z.looseObject({}) }),
})

const checkoutSessionSchema = z.looseObject({
  id: z.string().min(1),
  payment_status: z.string(),
  amount_total: z.number().int().nullable(),
  currency: z.string().regex(/^[A-Za-z]{3}$/),
  client_reference_id: z.string().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
  payment_intent: z.union([z.string().min(1), z.looseObject({ id: z.string().min(1) })]).nullish(),
})

export type CheckoutSession = z.output<typeof checkoutSessionSchema>

/** Events that are not synced back but told to the owner (issue 36): a refund, a dispute. */
export const OWNER_NOTICE_EVENTS = ['charge.refunded', 'charge.dispute.created'] as const

const intentId = z
  .union([z.string().min(1), z.looseObject({ id: z.string().min(1) })])
  .nullish()
  .transform((v) => (typeof v === 'string' ? v : (v?.id ?? null)))

const refundSchema = z.looseObject({
  id: z.string().min(1),
  amount_refunded: z.number().int(),
  currency: z.string().regex(/^[A-Za-z]{3}$/),
  payment_intent: intentId,
})
const disputeSchema = z.looseObject({
  id: z.string().min(1),
  amount: z.number().int(),
  currency: z.string().regex(/^[A-Za-z]{3}$/),
  reason: z.string().nullish(),
  payment_intent: intentId,
})

/** A refund or dispute as the owner's notice tells it. */
export type ChargeNotice = {
  kind: 'refund' | 'dispute'
  amountCents: number
  currency: string
  paymentIntent: string | null
  reason: string | null
}

const stripeRef = z.union([z.string().min(1), z.looseObject({ id: z.string().min(1) })]).nullish()

/** Autopay's off-session charge (issue 37): the PaymentIntent of a succeeded event. */
const paymentIntentSchema = z.looseObject({
  id: z.string().min(1),
  amount_received: z.number().int(),
  currency: z.string().regex(/^[A-Za-z]{3}$/),
  metadata: z.record(z.string(), z.string()).nullish(),
})
export type PaymentIntentObject = z.output<typeof paymentIntentSchema>

/** Autopay's saved card (issue 37): the SetupIntent of a setup-mode Checkout. */
const setupIntentSchema = z.looseObject({
  id: z.string().min(1),
  customer: stripeRef,
  payment_method: stripeRef,
  metadata: z.record(z.string(), z.string()).nullish(),
})
export type SetupIntentObject = z.output<typeof setupIntentSchema>

/** The object of each event type this app acts on, checked against its schema; other types pass unread. */
const OBJECT_SCHEMAS = {
  'checkout.session.completed': checkoutSessionSchema,
  'checkout.session.async_payment_succeeded': checkoutSessionSchema,
  'payment_intent.succeeded': paymentIntentSchema,
  'setup_intent.succeeded': setupIntentSchema,
} as const

/** A verified event: its id, type and time, and the object of an event this app acts on, checked. */
export type VerifiedEvent = {
  id: string
  type: string
  created: number
  session: CheckoutSession | null
  paymentIntent: PaymentIntentObject | null
  setupIntent: SetupIntentObject | null
  /** For a refund or a dispute: what to tell the owner (it is not synced back). */
  notice?: ChargeNotice | null
}

const issuesText = (error: z.ZodError) =>
  error.issues.map((i) => `${i.path.join('.') || '(event)'}: ${i.message}`).join('; ')

/** The event's shape, checked; a Checkout Session event's session too. Throws MalformedEvent. */
export function parseEvent(raw: unknown, nowSeconds = Math.floor(Date.now() / 1000)): VerifiedEvent {
  const event = eventSchema.safeParse(raw)
  const id = typeof (raw as { id?: unknown })?.id === 'string' ? (raw as { id: string }).id : null
  if (!event.success) throw new MalformedEvent(issuesText(event.error), id)
  if (event.data.created > nowSeconds + WEBHOOK_TOLERANCE_SECONDS)
    throw new MalformedEvent('created: in the future', id)
  const base = { id: event.data.id, type: event.data.type, created: event.data.created }
  const none = { session: null, paymentIntent: null, setupIntent: null, notice: null }
  if (event.data.type === 'charge.refunded') {
    const r = refundSchema.safeParse(event.data.data.object)
    if (!r.success) throw new MalformedEvent(issuesText(r.error).replace(/^/, 'data.object.'), id)
    const notice: ChargeNotice = {
      kind: 'refund',
      amountCents: r.data.amount_refunded,
      currency: r.data.currency.toUpperCase(),
      paymentIntent: r.data.payment_intent,
      reason: null,
    }
    return { ...base, ...none, notice }
  }
  if (event.data.type === 'charge.dispute.created') {
    const d = disputeSchema.safeParse(event.data.data.object)
    if (!d.success) throw new MalformedEvent(issuesText(d.error).replace(/^/, 'data.object.'), id)
    const notice: ChargeNotice = {
      kind: 'dispute',
      amountCents: d.data.amount,
      currency: d.data.currency.toUpperCase(),
      paymentIntent: d.data.payment_intent,
      reason: d.data.reason ?? null,
    }
    return { ...base, ...none, notice }
  }
  const schema = OBJECT_SCHEMAS[event.data.type as keyof typeof OBJECT_SCHEMAS]
  if (!schema) return { ...base, ...none }
  const object = schema.safeParse(event.data.data.object)
  if (!object.success) throw new MalformedEvent(issuesText(object.error).replace(/^/, 'data.object.'), id)
  if (event.data.type === 'payment_intent.succeeded')
    return { ...base, ...none, paymentIntent: object.data as PaymentIntentObject }
  if (event.data.type === 'setup_intent.succeeded')
    return { ...base, ...none, setupIntent: object.data as SetupIntentObject }
  return { ...base, ...none, session: object.data as CheckoutSession }
}

/**
 * The `t=` of a Stripe-Signature header (seconds), or null. A header with more
 * than one `t=` is refused outright (ADR 182): which one a parser reads (ours the
 * first, Stripe's helper the last) must not decide whether the clock check passes.
 */
const signedAt = (signature: string) => {
  const times = signature
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.startsWith('t='))
  if (times.length > 1) throw new BadSignature('More than one timestamp (t=) in Stripe-Signature')
  const t = /^t=(\d+)$/.exec(times[0] ?? '')?.[1]
  return t ? Number(t) : null
}

/**
 * The event a webhook carries, once its `Stripe-Signature` is verified with
 * the endpoint's secret and its time is within five minutes of now, before or
 * after (Stripe's helper refuses only old ones), and its shape is checked.
 * A bad signature or time throws BadSignature; a signed event of the wrong
 * shape throws MalformedEvent.
 */
export async function verifiedEvent(
  env: Env,
  payload: string,
  signature: string | undefined,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<VerifiedEvent> {
  const secret = stripeSecrets(env).STRIPE_WEBHOOK_SECRET
  if (!secret) throw new BadSignature('Stripe webhooks are not configured')
  if (!signature) throw new BadSignature('Missing Stripe-Signature')
  const t = signedAt(signature)
  if (t !== null && t > nowSeconds + WEBHOOK_TOLERANCE_SECONDS)
    throw new BadSignature('Timestamp is in the future')
  let event: unknown
  try {
    // The key is not used to verify; the webhooks helper only needs an instance.
    event = await (await client('sk_unused')).webhooks.constructEventAsync(
      payload,
      signature,
      secret,
      WEBHOOK_TOLERANCE_SECONDS,
      await cryptoProvider(),
    )
  } catch (err) {
    throw new BadSignature(err instanceof Error ? err.message : String(err))
  }
  return parseEvent(event, nowSeconds)
}

export type { Stripe }
