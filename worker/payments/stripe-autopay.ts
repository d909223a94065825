// Autopay's calls to Stripe (issue 37, ADR 139), beside the Checkout of
// stripe.ts: a Checkout Session in setup mode that saves a card (the webhook's
// setup_intent.succeeded then names the card), and an off-session PaymentIntent for a sent
// period invoice, keyed by the invoice number so a repeated call never
// charges twice. Tests pass a fetch for the network edge.
// https://docs.stripe.com/payments/save-and-reuse?platform=checkout
// https://docs.stripe.com/payments/without-card-authentication (off_session, confirm)
import { stripeSecrets } from './stripe'

export type SetupCheckoutRequest = {
  /** What the webhook names the subscription by. */
  reference: string
  customerEmail?: string | null
  currency: string
  successUrl: string
  cancelUrl: string
}

export type ChargeRequest = {
  customerId: string
  paymentMethodId: string
  amountCents: number
  currency: string
  invoiceNumber: string
  /** The invoice number for the first attempt, with the attempt after it for a retry. */
  idempotencyKey: string
}

export type ChargeOutcome =
  | { ok: true; paymentIntentId: string; status: string }
  | { ok: false; paymentIntentId: string | null; message: string }

export interface AutopayGateway {
  createSetupCheckout(request: SetupCheckoutRequest): Promise<{ id: string; url: string }>
  charge(request: ChargeRequest): Promise<ChargeOutcome>
}

async function client(secretKey: string, fetchFn?: typeof fetch) {
  const { default: StripeClient } = await import('stripe')
  return new StripeClient(secretKey, {
    httpClient: StripeClient.createFetchHttpClient(fetchFn),
    maxNetworkRetries: 1,
  })
}

/** The autopay gateway, or null when no secret key is configured. */
export function stripeAutopayGateway(env: Env, fetchFn?: typeof fetch): AutopayGateway | null {
  const key = stripeSecrets(env).STRIPE_SECRET_KEY
  if (!key) return null
  return {
    async createSetupCheckout(r) {
      const session = await (await client(key, fetchFn)).checkout.sessions.create({
        mode: 'setup',
        currency: r.currency.toLowerCase(),
        customer_creation: 'always',
        client_reference_id: r.reference,
        metadata: { subscription: r.reference },
        // The webhook's setup_intent.succeeded carries the customer and card with this reference.
        setup_intent_data: { metadata: { subscription: r.reference } },
        ...(r.customerEmail ? { customer_email: r.customerEmail } : {}),
        success_url: r.successUrl,
        cancel_url: r.cancelUrl,
      })
      if (!session.url) throw new Error('Stripe returned a Checkout Session without a URL')
      return { id: session.id, url: session.url }
    },
    async charge(r) {
      try {
        const intent = await (await client(key, fetchFn)).paymentIntents.create(
          {
            amount: r.amountCents,
            currency: r.currency.toLowerCase(),
            customer: r.customerId,
            payment_method: r.paymentMethodId,
            off_session: true,
            confirm: true,
            description: `Invoice ${r.invoiceNumber}`,
            metadata: { invoice_number: r.invoiceNumber },
          },
          { idempotencyKey: r.idempotencyKey },
        )
        return { ok: true, paymentIntentId: intent.id, status: intent.status }
      } catch (err) {
        // A declined card is an error carrying the PaymentIntent it failed on.
        const raw = (err as { raw?: { payment_intent?: { id?: string }; message?: string } }).raw
        return {
          ok: false,
          paymentIntentId: raw?.payment_intent?.id ?? null,
          message: raw?.message ?? (err instanceof Error ? err.message : String(err)),
        }
      }
    },
  }
}
