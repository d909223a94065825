// Stripe behind a small interface (issue 26): a Checkout Session for an
// invoice's balance, and the verification of a webhook's signature. The
// official package with its fetch HTTP client and SubtleCrypto provider (the
// Workers runtime has no Node http or crypto); only the session's creation
// goes to the network, and tests pass a fetch for it.
// https://docs.stripe.com/checkout/quickstart https://docs.stripe.com/webhooks#verify-official-libraries
import type Stripe from 'stripe'

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

/**
 * The event a webhook carries, once its `Stripe-Signature` is verified with
 * the endpoint's secret (and its timestamp is within Stripe's default five
 * minutes). Anything else throws BadSignature.
 */
export async function verifiedEvent(env: Env, payload: string, signature: string | undefined) {
  const secret = stripeSecrets(env).STRIPE_WEBHOOK_SECRET
  if (!secret) throw new BadSignature('Stripe webhooks are not configured')
  if (!signature) throw new BadSignature('Missing Stripe-Signature')
  try {
    // The key is not used to verify; the webhooks helper only needs an instance.
    return await (await client('sk_unused')).webhooks.constructEventAsync(
      payload,
      signature,
      secret,
      undefined,
      await cryptoProvider(),
    )
  } catch (err) {
    throw new BadSignature(err instanceof Error ? err.message : String(err))
  }
}

export type { Stripe }
